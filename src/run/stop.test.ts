import { afterEach, describe, expect, it } from 'vitest';
import { formatDuration, parseDuration, parseSize } from './quantities.ts';
import { RunStop, signalExitCode } from './stop.ts';

describe('durations and sizes', () => {
  it.each([
    ['30m', 1_800_000],
    ['90s', 90_000],
    ['1h30m', 5_400_000],
    ['1500ms', 1_500],
    ['2h', 7_200_000],
  ])('%s is %d ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '30', 'm', '1x', '-5s', '0s', '5 s', '1.5m', '30m junk'])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });

  it('formats what it parses', () => {
    expect(formatDuration(1_800_000)).toBe('30m');
    expect(formatDuration(90_000)).toBe('1m30s');
    expect(parseDuration(formatDuration(5_400_500))).toBe(5_400_500);
  });

  it.each([
    ['8MiB', 8 * 1024 * 1024],
    ['512KiB', 512 * 1024],
    ['1048576', 1_048_576],
    ['2mb', 2_000_000],
  ])('size %s is %d bytes', (text, bytes) => {
    expect(parseSize(text)).toBe(bytes);
  });

  it.each(['', '0', 'MiB', '8 furlongs', '-1'])('refuses size %j', (text) => {
    expect(parseSize(text)).toBeUndefined();
  });
});

describe('RunStop', () => {
  let stop: RunStop | undefined;
  afterEach(() => stop?.disarm());

  function armed(deadlineMs?: number) {
    const lines: string[] = [];
    const exits: number[] = [];
    let stopped = 0;
    stop = new RunStop({
      ...(deadlineMs !== undefined ? { deadlineMs } : {}),
      lastWords: () => 'conformance cleanup --run cfrun…',
      say: (line) => lines.push(line),
      exit: (code) => exits.push(code),
    }).arm();
    stop.whenStopped(() => (stopped += 1));
    return { lines, exits, stopped: () => stopped, stop };
  }

  it('stops once on the first SIGINT, and exits at once with the cleanup command on the second', () => {
    const run = armed();
    process.emit('SIGINT');
    expect(run.stop.reason).toEqual({ kind: 'signal', signal: 'SIGINT' });
    expect(run.stopped()).toBe(1);
    expect(run.exits).toEqual([]);
    process.emit('SIGINT');
    expect(run.stopped()).toBe(1);
    expect(run.exits).toEqual([130]);
    expect(run.lines.at(-1)).toContain('conformance cleanup --run');
  });

  it('SIGTERM exits 143 on the second signal', () => {
    const run = armed();
    process.emit('SIGTERM');
    expect(run.stop.reason).toEqual({ kind: 'signal', signal: 'SIGTERM' });
    expect(run.lines[0]).toContain('SIGTERM again: exit at once');
    process.emit('SIGTERM');
    expect(run.exits).toEqual([143]);
    expect(signalExitCode('SIGINT')).toBe(130);
  });

  it('stops at the deadline, and a listener registered after the stop is called at once', async () => {
    const run = armed(20);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(run.stop.reason).toEqual({ kind: 'deadline', deadlineMs: 20 });
    expect(run.lines.join('\n')).toContain("the run's deadline (20ms) has passed");
    let late = false;
    run.stop.whenStopped(() => (late = true));
    expect(late).toBe(true);
  });

  it('disarmed, it no longer listens', () => {
    const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
    const run = armed();
    expect(process.listenerCount('SIGINT')).toBe(before[0]! + 1);
    run.stop.disarm();
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(before);
  });
});
