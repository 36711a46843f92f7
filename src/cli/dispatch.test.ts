import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { COMMANDS } from './commands.ts';
import { dispatch } from './dispatch.ts';

const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => void err.push(line));
  return { out, err };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('conformance without a command, with help or --version', () => {
  it('prints the commands and exits 2 without a command: never a run, never a green status', async () => {
    const { out, err } = capture();
    expect(await dispatch([])).toBe(2);
    expect(out.join('\n')).toMatch(/^usage: conformance <command>/);
    expect(err).toEqual(['conformance: no command given (e.g. conformance run)']);
  });

  it.each([[['help']], [['--help']], [['help', '--help']], [['help', '-h']], [['-h', 'help']]])(
    '%j prints the commands and exits 0',
    async (argv) => {
      const { out, err } = capture();
      expect(await dispatch(argv)).toBe(0);
      expect(out.join('\n')).toMatch(/^usage: conformance <command>/);
      expect(err).toEqual([]);
    },
  );

  it('prints the version and nothing else', async () => {
    const { out, err } = capture();
    expect(await dispatch(['--version'])).toBe(0);
    expect(out).toEqual([VERSION]);
    expect(err).toEqual([]);
  });

  it.each(COMMANDS.map((c) => c.spec.name))('%s --help names every option and an example', async (name) => {
    const { out } = capture();
    expect(await dispatch([name, '--help'])).toBe(0);
    const text = out.join('\n');
    const command = COMMANDS.find((c) => c.spec.name === name);
    for (const option of Object.keys(command?.spec.options ?? {})) expect(text).toContain(`--${option}`);
    expect(text).toMatch(/examples:\n {2}conformance /);
    const again = capture();
    expect(await dispatch(['help', name])).toBe(0);
    expect(again.out.join('\n')).toBe(text);
  });

  it('offers users none of the options only the self-test uses', async () => {
    const { out } = capture();
    await dispatch(['run', '--help']);
    expect(out.join('\n')).not.toMatch(/--faults|--files/);
  });
});

describe('what conformance refuses (a ConfigError: one line, exit status 2)', () => {
  it.each([
    [['frobnicate'], /^unknown command "frobnicate" \(commands: run, .*see conformance help\)$/],
    [
      ['--only', 'voices'],
      /^--only is not a command; options come after one, as in conformance run --only … /,
    ],
    [['--api-key=secret-value'], /^--api-key is not a command/],
    [['help', 'nosuch'], /^no command "nosuch"/],
  ])('%j', async (argv, message) => {
    capture();
    await expect(dispatch(argv)).rejects.toThrow(message);
  });

  it('never repeats the value of an option given before the command', async () => {
    capture();
    await expect(dispatch(['--api-key=secret-value'])).rejects.not.toThrow(/secret-value/);
  });
});
