import { describe, expect, it } from 'vitest';
import type { RunLimits } from './plan.ts';
import {
  defaultWorkers,
  gateOf,
  MAIN_BYTES,
  REMOTE_WORKERS,
  thisMachine,
  WORKER_BYTES,
  workersOf,
} from './workers.ts';

const GB = 1024 ** 3;

describe('defaultWorkers', () => {
  it('runs a worker per core against the embedded reference, and at least REMOTE_WORKERS against a remote target', () => {
    expect(defaultWorkers({ cores: 2, memoryBytes: 16 * GB }, true, 8)).toBe(2);
    expect(defaultWorkers({ cores: 2, memoryBytes: 16 * GB }, false, 8)).toBe(REMOTE_WORKERS);
    expect(defaultWorkers({ cores: 6, memoryBytes: 16 * GB }, false, 8)).toBe(6);
  });

  it('never more workers than requests allowed in flight', () => {
    expect(defaultWorkers({ cores: 32, memoryBytes: 64 * GB }, false, 8)).toBe(8);
    expect(defaultWorkers({ cores: 4, memoryBytes: 64 * GB }, true, 3)).toBe(3);
  });

  it('never more workers than the memory holds, and always one', () => {
    const room = (workers: number) => MAIN_BYTES + workers * WORKER_BYTES;
    expect(defaultWorkers({ cores: 8, memoryBytes: room(3) }, false, 8)).toBe(3);
    expect(defaultWorkers({ cores: 8, memoryBytes: room(3) - 1 }, false, 8)).toBe(2);
    expect(defaultWorkers({ cores: 8, memoryBytes: 100 * 1024 * 1024 }, true, 8)).toBe(1);
  });

  it("reads this machine's cores and a positive memory", () => {
    const machine = thisMachine();
    expect(machine.cores).toBeGreaterThanOrEqual(1);
    expect(machine.memoryBytes).toBeGreaterThan(0);
  });
});

describe("workersOf and gateOf: a run's workers and each one's share of the caps", () => {
  const limits: RunLimits = {
    requestTimeoutMs: 1,
    deadlineMs: 1,
    settleMs: 1,
    maxBodyBytes: 1,
    concurrency: 8,
    concurrencyGiven: false,
  };
  const machine = { cores: 2, memoryBytes: 16 * GB };

  it('takes --workers as given, but never more than the requests allowed in flight', () => {
    expect(workersOf({ ...limits, workers: 6 }, false, machine)).toBe(6);
    expect(workersOf({ ...limits, workers: 12 }, false, machine)).toBe(8);
    expect(workersOf(limits, false, machine)).toBe(REMOTE_WORKERS);
  });

  it('leaves the embedded reference uncapped unless a cap is asked for', () => {
    expect(gateOf(limits, true, 2)).toBeUndefined();
    expect(gateOf({ ...limits, concurrencyGiven: true }, true, 2)).toEqual({ concurrency: 4 });
  });

  it('splits the caps of a remote target between the workers, each holding one request at least', () => {
    expect(gateOf({ ...limits, ratePerSecond: 5 }, false, 4)).toEqual({
      concurrency: 2,
      ratePerSecond: 1.25,
    });
    expect(gateOf({ ...limits, concurrency: 2 }, false, 4)).toEqual({ concurrency: 1 });
  });
});
