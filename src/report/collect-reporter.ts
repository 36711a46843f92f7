import { relative } from 'node:path';
import type { Reporter, SerializedError, TestCase, TestModule } from 'vitest/node';
import { isVerdict } from '../expect/failure.ts';
import '../harness/check-meta.ts';
import type { Outcome, SummaryCheck } from './summary.ts';
import { statusOf } from './summary.ts';

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}

/**
 * An unhandled error in one line, with the first line of its cause: vitest wraps what went wrong
 * (a worker refusing its execArgv) in its own words ("Failed to start … worker"), the why in `cause`.
 */
function unhandledLine(error: SerializedError): string {
  const cause: unknown = error.cause;
  const why =
    typeof cause === 'object' && cause !== null && 'message' in cause && typeof cause.message === 'string'
      ? ` (cause: ${firstLine(cause.message)})`
      : '';
  return `unhandled: ${firstLine(error.message)}${why}`;
}

/** A test case's outcome as the suite names it (a failure of the harness is errored, not failed). */
export function outcomeOf(testCase: TestCase): { outcome: Outcome; message?: string } {
  const result = testCase.result();
  const meta = testCase.meta().check;
  if (result.state === 'skipped')
    return { outcome: 'skipped', ...(result.note ? { message: result.note } : {}) };
  if (result.state === 'failed') {
    const error = result.errors[0];
    const message = error?.message ?? 'failed';
    // Only a verdict on the implementation is a failure; a broken harness or network is "errored".
    const verdict = isVerdict(error);
    return {
      outcome: verdict ? 'failed' : 'errored',
      message: verdict ? message : `${error?.name ?? 'Error'}: ${message}`,
    };
  }
  if (result.state === 'pending') return { outcome: 'skipped', message: 'not run' };
  if (meta?.warning) return { outcome: 'warned', message: meta.warning };
  if (meta?.kind === 'observed') return { outcome: 'observed' };
  return { outcome: 'passed' };
}

/** Collects every check's outcome for summary.json; the CLI writes the file after the run. */
export class CollectReporter implements Reporter {
  readonly checks: SummaryCheck[] = [];
  readonly harnessErrors: string[] = [];

  /** `include`: which test cases are this summary's (the self-test splits one run by fault). */
  constructor(
    private readonly root: string,
    private readonly include: (testCase: TestCase) => boolean = () => true,
  ) {}

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    for (const module of testModules) {
      const file = relative(this.root, module.moduleId);
      for (const error of module.errors()) this.harnessErrors.push(`${file}: ${firstLine(error.message)}`);
      for (const testCase of module.children.allTests()) {
        if (!this.include(testCase)) continue;
        const meta = testCase.meta().check;
        // A check whose body never started was not selected (--requirement, --bail): not part of the run.
        if (meta?.started !== true && testCase.result().state === 'skipped') continue;
        const { outcome, message } = outcomeOf(testCase);
        this.checks.push({
          id: meta?.id ?? testCase.fullName,
          requirements: meta?.requirements ?? [],
          status: statusOf(outcome),
          ...(message !== undefined ? { message } : {}),
          outcome,
          title: testCase.fullName,
          file,
          ...(meta && meta.observations.length > 0 ? { observations: meta.observations } : {}),
          ...(meta && meta.coverage.length > 0 ? { coverage: meta.coverage } : {}),
          ...(meta?.scope ? { scope: meta.scope } : {}),
          durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
          ...(meta?.rateLimitWaits !== undefined ? { rateLimitWaits: meta.rateLimitWaits } : {}),
        });
      }
    }
    for (const error of unhandledErrors) this.harnessErrors.push(unhandledLine(error));
  }
}
