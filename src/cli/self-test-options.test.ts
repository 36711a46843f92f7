import { describe, expect, it } from 'vitest';
import { ConfigError } from '../target/config-error.ts';
import { DEFAULT_JOBS, parseSelfTestArgs } from './self-test-options.ts';

const known = new Set(['auth.expiry-ignored', 'kb.attach-no-limit']);

describe('self-test options', () => {
  it('defaults to every fault, the lanes the machine holds (at least one), reports removed', () => {
    expect(parseSelfTestArgs([], known)).toEqual({
      jobs: DEFAULT_JOBS,
      faults: undefined,
      keepReports: false,
      table: false,
    });
    expect(DEFAULT_JOBS).toBeGreaterThanOrEqual(1);
  });

  it('reads --jobs, --fault (comma-separated, blanks and repeats dropped), --keep-reports and --table', () => {
    expect(
      parseSelfTestArgs(
        [
          '--jobs',
          '3',
          '--fault',
          'auth.expiry-ignored, kb.attach-no-limit,,auth.expiry-ignored',
          '--keep-reports',
        ],
        known,
      ),
    ).toEqual({
      jobs: 3,
      faults: ['auth.expiry-ignored', 'kb.attach-no-limit'],
      keepReports: true,
      table: false,
    });
    expect(parseSelfTestArgs(['--fault=kb.attach-no-limit', '--table'], known)).toMatchObject({
      faults: ['kb.attach-no-limit'],
      table: true,
    });
  });

  it.each([
    [['--jobs', '0'], /--jobs must be a positive whole number/],
    [['--jobs', 'many'], /--jobs must be a positive whole number/],
    [['--jobs'], /--jobs needs a value/],
    [['--fault', 'auth.typo,kb.nope'], /unknown fault "auth.typo", "kb.nope"/],
    [['--fault', ','], /--fault needs fault ids/],
    [['--keep-reports=yes'], /takes no value/],
    [['--faults', 'auth.expiry-ignored'], /unknown option --faults/],
    [['now'], /takes no argument "now"/],
  ])('%j is one line of refusal', (argv, message) => {
    expect(() => parseSelfTestArgs(argv, known)).toThrow(ConfigError);
    expect(() => parseSelfTestArgs(argv, known)).toThrow(message);
  });
});
