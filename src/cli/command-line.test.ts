import { describe, expect, it } from 'vitest';
import { ConfigError } from '../target/config-error.ts';
import { commandHelp, parseCommand, positiveInteger, type CommandSpec } from './command-line.ts';
import { thrownBy } from '../testing/thrown.ts';

const SPEC: CommandSpec = {
  name: 'demo',
  summary: 'A command for the tests.',
  synopsis: '[options]',
  options: {
    only: { type: 'string', value: 'AREA', help: 'one area', env: 'DEMO_ONLY' },
    runs: { type: 'string', value: 'N', help: 'how many', default: '20', group: 'tuning' },
    bail: { type: 'boolean', help: 'stop early' },
  },
  examples: ['conformance demo --only voices'],
};

describe('parseCommand', () => {
  it('reads --flag value, --flag=value and booleans', () => {
    const args = parseCommand(SPEC, ['--only', 'voices', '--runs=5', '--bail']);
    expect(args.string('only')).toBe('voices');
    expect(args.string('runs')).toBe('5');
    expect(args.flag('bail')).toBe(true);
    expect(args.given(['only', 'runs', 'bail'])).toEqual(['--only', '--runs', '--bail']);
  });

  it('leaves what was not given undefined or false', () => {
    const args = parseCommand(SPEC, []);
    expect(args.string('only')).toBeUndefined();
    expect(args.flag('bail')).toBe(false);
    expect(args.given(['only', 'bail'])).toEqual([]);
  });

  it.each([
    [
      ['--onyl', 'x'],
      /^unknown option --onyl \(did you mean --only\? options: --only, --runs, --bail; see conformance demo --help\)$/,
    ],
    [['-x'], /^unknown option -x \(options: .*see conformance demo --help\)$/],
    [['stray'], /^demo takes no argument "stray" \(options: .*see conformance demo --help\)$/],
    [['--only'], /^option --only needs a value/],
    [['--only', '--bail'], /^option --only needs a value/],
    [['--only='], /^option --only needs a value$/],
    [['--bail=yes'], /^option --bail takes no value$/],
    [['--only', 'a', '--only', 'b'], /^option --only is given twice$/],
  ])('%j is one line of refusal', (argv, message) => {
    const { message: text } = thrownBy(ConfigError, () => parseCommand(SPEC, argv));
    expect(text).toMatch(message);
    expect(text).not.toContain('\n');
  });
});

describe('commandHelp', () => {
  const help = commandHelp(SPEC);

  it('lists every option with its value name, default and environment variable, by group', () => {
    expect(help).toMatch(/^usage: conformance demo \[options\]/);
    expect(help).toMatch(/options:\n {2}--only AREA +one area \(env DEMO_ONLY\)/);
    expect(help).toMatch(/tuning:\n {2}--runs N +how many \(default: 20\)/);
    expect(help).toContain('-h, --help');
    expect(help).toMatch(/examples:\n {2}conformance demo --only voices$/);
  });

  it('keeps every line within 100 characters but the examples', () => {
    const body = help.slice(0, help.indexOf('examples:'));
    expect(body.split('\n').filter((line) => line.length > 100)).toEqual([]);
  });
});

describe('positiveInteger', () => {
  it('takes the fallback when absent and a whole number above zero otherwise', () => {
    expect(positiveInteger('--runs', undefined, 20)).toBe(20);
    expect(positiveInteger('--runs', '7', 20)).toBe(7);
  });

  it.each(['0', '-1', '1.5', 'many', '1e3', ' 2'])('refuses %j', (value) => {
    expect(() => positiveInteger('--runs', value, 20)).toThrow(/--runs must be a positive whole number/);
  });
});
