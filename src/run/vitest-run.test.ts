import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Vitest } from 'vitest/node';
import { PhaseRecorder } from './phases.ts';
import { RunStop } from './stop.ts';
import { runChecks } from './vitest-run.ts';

/** What happened to a stand-in vitest instance, in order. */
function standIn(start: (events: string[]) => Promise<void>) {
  const events: string[] = [];
  const vitest = {
    start: () => start(events),
    close: () => {
      events.push('closed');
      return Promise.resolve();
    },
    cancelCurrentRun: () => {
      events.push('cancelled');
      return Promise.resolve();
    },
  } as unknown as Vitest;
  const settle = () => {
    events.push('settled');
    return Promise.resolve();
  };
  return { events, open: () => Promise.resolve(vitest), settle };
}

describe('runChecks', () => {
  let stop: RunStop | undefined;
  afterEach(() => stop?.disarm());
  const phases = new PhaseRecorder(false, '/project');
  const armed = () => {
    stop = new RunStop({ lastWords: () => '', say: () => undefined, exit: () => undefined }).arm();
    return stop;
  };

  it('closes vitest when its start fails, after letting the creates in flight settle, and says why', async () => {
    const run = standIn(() => Promise.reject(new Error('the pool could not start')));
    const broken = await runChecks({}, armed(), phases, run.settle, run.open);
    expect(broken?.message).toBe('the pool could not start');
    expect(run.events).toEqual(['settled', 'closed']);
  });

  it('returns what went wrong when vitest could not even be opened', async () => {
    const run = standIn(() => Promise.resolve());
    const broken = await runChecks({}, armed(), phases, run.settle, () =>
      Promise.reject(new Error('bad config')),
    );
    expect(broken?.message).toBe('bad config');
    expect(run.events).toEqual(['settled']);
  });

  it('takes a start broken off by a stop for no error, and still settles and closes', async () => {
    const run = standIn((events) => {
      process.emit('SIGINT');
      events.push('interrupted');
      return Promise.reject(new Error('Cancelled'));
    });
    expect(await runChecks({}, armed(), phases, run.settle, run.open)).toBeUndefined();
    expect(run.events).toEqual(['cancelled', 'interrupted', 'settled', 'closed']);
  });

  it('closes vitest once the files ran, with nothing in flight to wait for', async () => {
    const run = standIn((events) => {
      events.push('ran');
      return Promise.resolve();
    });
    expect(await runChecks({}, armed(), phases, run.settle, run.open)).toBeUndefined();
    expect(run.events).toEqual(['ran', 'closed']);
  });

  it("takes off the signal listeners vitest adds, also when it failed to open: the run's own stop handles Ctrl-C", async () => {
    const before = process.listenerCount('SIGINT');
    const vitestExits = () => undefined;
    const run = standIn(() => Promise.resolve());
    for (const open of [run.open, () => Promise.reject(new Error('bad config'))]) {
      await runChecks({}, armed(), phases, run.settle, () => {
        process.on('SIGINT', vitestExits);
        return open();
      });
      expect(process.listeners('SIGINT')).not.toContain(vitestExits);
      expect(process.listenerCount('SIGINT')).toBe(before + 1);
      stop?.disarm();
    }
  });

  it('gives up on a close that hangs, so that the run goes on to sweep and report', async () => {
    vi.useFakeTimers();
    try {
      const vitest = {
        start: () => Promise.resolve(),
        close: () => new Promise<void>(() => undefined),
        cancelCurrentRun: () => Promise.resolve(),
      } as unknown as Vitest;
      const result = runChecks(
        {},
        armed(),
        phases,
        () => Promise.resolve(),
        () => Promise.resolve(vitest),
      );
      await vi.advanceTimersByTimeAsync(30_000);
      expect((await result)?.message).toBe('vitest did not close within 30 s');
    } finally {
      vi.useRealTimers();
    }
  });
});
