import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failedChecks } from './recording.ts';

const dir = mkdtempSync(join(tmpdir(), 'bench-recording-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('failedChecks', () => {
  it("names each failed check of a run with its message's first lines, and nothing else", async () => {
    const message = ['line 1', 'line 2', 'line 3', 'line 4', 'line 5', 'line 6', 'line 7'].join('\n');
    writeFileSync(
      join(dir, 'summary.json'),
      JSON.stringify({
        checks: [
          { id: 'a.passed', file: 'suites/a.test.ts', status: 'passed' },
          { id: 'b.failed', file: 'suites/b.test.ts', status: 'failed', message },
          { id: 'c.skipped', file: 'suites/c.test.ts', status: 'skipped', message: 'no key' },
        ],
      }),
    );
    expect(await failedChecks(dir)).toEqual([
      'b.failed: line 1\n    line 2\n    line 3\n    line 4\n    line 5\n    line 6',
    ]);
  });
});
