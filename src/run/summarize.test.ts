import { describe, expect, it } from 'vitest';
import { voicesRunPlan } from '../testing/run-plan.ts';
import { summarizeRun, type EndedChecks } from './summarize.ts';

const plan = voicesRunPlan({ baseUrl: undefined, keyring: { keys: {} } }, 'reports');

function ended(harnessErrors: string[], brokenOff?: string): EndedChecks {
  return {
    runId: 'cfrun0mwvaaaaaaaaaaaaa',
    target: { baseUrl: 'http://127.0.0.1:1/api/v1', embedded: true },
    collected: { checks: [], harnessErrors },
    stoppedBy: undefined,
    ...(brokenOff !== undefined ? { brokenOff } : {}),
    knownDeviations: [],
    problems: [],
  };
}

describe("a run's summary when no check ran", () => {
  it('says the selection selected nothing only when nothing else explains it', async () => {
    expect((await summarizeRun(plan, ended([]))).harnessErrors).toEqual([
      "no check ran: --only 'voices' selected no check",
    ]);
  });

  it('leaves the why to the harness error that kept the checks from running', async () => {
    const worker = 'unhandled: [vitest-pool]: Failed to start lean-threads worker for test files x.test.ts.';
    expect((await summarizeRun(plan, ended([worker]))).harnessErrors).toEqual([worker]);
    expect((await summarizeRun(plan, ended([], 'the pool broke'))).harnessErrors).toEqual([
      "the check files' run broke off: the pool broke",
    ]);
  });
});
