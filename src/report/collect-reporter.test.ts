import { describe, expect, it } from 'vitest';
import { CollectReporter } from './collect-reporter.ts';

describe('CollectReporter', () => {
  it('keeps an unhandled error to one line, with the first line of its cause', () => {
    const reporter = new CollectReporter('/project');
    reporter.onTestRunEnd(
      [],
      [
        {
          message: '[vitest-pool]: Failed to start lean-threads worker for test files a.test.ts.\nat …',
          cause: {
            message:
              'Initiated Worker with invalid execArgv flags: --cpu-prof-dir requires an argument\nat …',
          },
        },
        { message: 'plain failure\nwith a stack' },
      ],
    );
    expect(reporter.harnessErrors).toEqual([
      'unhandled: [vitest-pool]: Failed to start lean-threads worker for test files a.test.ts. (cause: Initiated Worker with invalid execArgv flags: --cpu-prof-dir requires an argument)',
      'unhandled: plain failure',
    ]);
  });
});
