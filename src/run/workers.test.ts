import { describe, expect, it } from 'vitest';
import { defaultWorkers, MAIN_BYTES, REMOTE_WORKERS, thisMachine, WORKER_BYTES } from './workers.ts';

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
