import { DEFAULT_MAX_BODY_BYTES } from '../http/client.ts';
import type { RunPlan, RunTarget } from '../run/plan.ts';

/** A run plan as `conformance run --only voices` makes it (short limits), for tests of src/run. */
export function voicesRunPlan(target: Pick<RunTarget, 'baseUrl' | 'keyring'>, reportDir: string): RunPlan {
  return {
    startedAt: new Date(),
    target: { ...target, fixtureHost: '127.0.0.1', faults: [] },
    selection: { include: ['suites/voices/*.test.ts'], description: "--only 'voices'" },
    seed: 1,
    propertyRuns: 1,
    limits: {
      requestTimeoutMs: 10_000,
      deadlineMs: 60_000,
      settleMs: 1_000,
      maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
      concurrency: 4,
      concurrencyGiven: false,
    },
    readOnly: false,
    dryRun: false,
    bail: false,
    certify: false,
    sinks: { reportDir, defaultReportDir: reportDir, liveProgress: false, githubAnnotations: false },
  };
}
