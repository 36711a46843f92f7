import type { Redactor } from '../redact/secrets.ts';
import { certify } from '../report/certification.ts';
import { clearOwnedReports, hasOwnedReports } from '../report/owned-files.ts';
import { buildSummary } from '../report/summary.ts';
import { ConfigError } from '../target/config-error.ts';
import { writeReports } from './sinks.ts';

/** What a run that could not start or carry on says and leaves: one line, and a summary where none is. */
export interface FailedRun {
  /** Unknown until the command line is read: a run whose flags cannot be read writes no report. */
  reportDir: string | undefined;
  startedAt: Date;
  /** The target as far as it was resolved. */
  target: string;
  certify: boolean;
  redact: Redactor;
  /** Whether the run got past its checks of flags, keyring, expectations and target. */
  started: boolean;
}

/** Prints why the run could not be carried out and writes its summary where it may; exit status 2. */
export function endFailedRun(error: unknown, run: FailedRun): number {
  const message = run.redact(
    error instanceof ConfigError ? error.message : `harness error: ${(error as Error).message}`,
  );
  console.error(`conformance: ${message}`);
  // A run that never started leaves an earlier run's reports as they were: its error is on
  // stderr and in the exit status. Where there are none, its summary says why (TARGET.md: "where
  // possible, 2"); it never replaces one.
  if (run.reportDir === undefined || (!run.started && hasOwnedReports(run.reportDir))) return 2;
  try {
    clearOwnedReports(run.reportDir);
    const failed = buildSummary({
      target: run.target,
      startedAt: run.startedAt,
      durationMs: Date.now() - run.startedAt.getTime(),
      checks: [],
      harnessErrors: [message],
    });
    writeReports(run.reportDir, run.certify ? certify(failed, [message]) : failed, run.redact, false);
  } catch {
    // The report directory itself may be the problem; the one-line message above says enough.
  }
  return 2;
}
