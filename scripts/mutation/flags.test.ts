import { describe, expect, it } from 'vitest';
import { DEFAULT_FLAGS, parseFlags } from './flags.ts';

describe('parseFlags', () => {
  it('defaults to 150 mutants, a fixed seed and two judges', () => {
    expect(parseFlags([])).toEqual({ help: false, flags: DEFAULT_FLAGS });
    expect(DEFAULT_FLAGS.sample).toBe(150);
  });

  it('reads each flag, as two words or with =', () => {
    expect(parseFlags(['--sample', '20', '--seed=7', '--concurrency', '3'])).toEqual({
      help: false,
      flags: { sample: 20, seed: 7, concurrency: 3 },
    });
    expect(parseFlags(['--seed', '0'])).toEqual({ help: false, flags: { ...DEFAULT_FLAGS, seed: 0 } });
  });

  it('answers --help and -h', () => {
    expect(parseFlags(['--help'])).toEqual({ help: true });
    expect(parseFlags(['--sample', '3', '-h'])).toEqual({ help: true });
  });

  it.each([
    [['--bogus'], 'unknown option "--bogus"'],
    [['150'], 'unknown option "150"'],
    [['--sample'], '--sample needs a value'],
    [['--sample', '0'], '--sample must be an integer of at least 1'],
    [['--sample', '2.5'], '--sample must be an integer'],
    [['--seed', '-1'], '--seed must be an integer of at least 0'],
    [['--concurrency', 'two'], '--concurrency must be an integer of at least 1'],
    [['--sample', '99999999999999999999'], '--sample must be an integer'],
  ])('refuses %j in one line', (argv, message) => {
    const parsed = parseFlags(argv);
    expect(parsed).toHaveProperty('error');
    const { error } = parsed as { error: string };
    expect(error).toContain(message);
    expect(error).not.toContain('\n');
  });
});
