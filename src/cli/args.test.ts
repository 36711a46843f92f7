import { describe, expect, it } from 'vitest';
import { ConfigError } from '../target/config-error.ts';
import { parseArgs, type FlagSpec } from './args.ts';

const FLAGS: FlagSpec[] = [
  { name: '--only', key: 'only' },
  { name: '--bail', key: 'bail', boolean: true },
];

describe('parseArgs', () => {
  it('reads --flag value, --flag=value and boolean flags', () => {
    expect(parseArgs(['--only', 'voices', '--bail'], FLAGS)).toEqual({
      values: { only: 'voices' },
      booleans: new Set(['bail']),
    });
    expect(parseArgs(['--only=auth'], FLAGS).values).toEqual({ only: 'auth' });
  });

  it.each([
    [['voices'], /run takes no argument "voices" \(options: --only, --bail; see conformance run --help\)/],
    [['--only', 'voices', 'stray'], /takes no argument "stray"/],
    [['-'], /takes no argument "-"/],
    [['-x'], /unknown option -x \(options: --only, --bail/],
    [['-only', 'voices'], /unknown option -only/],
    [['--nope'], /unknown option --nope/],
    [['--only'], /option --only needs a value/],
    [['--only', '--bail'], /option --only needs a value/],
    [['--only='], /option --only needs a value/],
    [['--bail=yes'], /option --bail takes no value/],
  ])('refuses %j with one line', (argv, message) => {
    expect(() => parseArgs(argv, FLAGS, 'run')).toThrow(ConfigError);
    expect(() => parseArgs(argv, FLAGS, 'run')).toThrow(message);
    try {
      parseArgs(argv, FLAGS, 'run');
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });
});
