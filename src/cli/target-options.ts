import { TARGET_ENV, type TargetFlags } from '../target/config.ts';
import type { CommandArgs, OptionSpec } from './command-line.ts';

/** TARGET.md's flags, shared by every command that talks to an implementation. */
export const TARGET_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  'base-url': {
    type: 'string',
    value: 'URL',
    help: 'the implementation under test, ending in /api/v1',
    default: 'the embedded reference',
    env: TARGET_ENV.baseUrl,
    group: 'target',
  },
  keyring: {
    type: 'string',
    value: 'FILE',
    help: 'keyring file: one key per role (TARGET.md)',
    env: TARGET_ENV.keyringFile,
    group: 'target',
  },
  'api-key': {
    type: 'string',
    value: 'KEY',
    help: 'one key used as the full role, when there is no keyring (8 characters at least); better set in the environment: on the command line it shows in the process list and shell history',
    env: TARGET_ENV.apiKey,
    group: 'target',
  },
  'fixture-host': {
    type: 'string',
    value: 'HOST',
    help: "where the implementation reaches the suite's fixture web server",
    default: '127.0.0.1',
    env: TARGET_ENV.fixtureHost,
    group: 'target',
  },
  'report-dir': {
    type: 'string',
    value: 'DIR',
    help: 'where reports are written',
    default: 'reports',
    env: TARGET_ENV.reportDir,
    group: 'target',
  },
};

/** Printed when a key is given with --api-key; it names the exposure, never the key. */
const API_KEY_FLAG_WARNING = `conformance: warning: --api-key puts the key in the process list and shell history, where other users of this machine can read it; set ${TARGET_ENV.apiKey} instead (or a keyring file)`;

/**
 * The target flags as src/target/config.ts takes them (flags win over the environment there).
 * Every command that takes TARGET_OPTIONS reads them here once, so this is where a key given on
 * the command line is warned about, once per command. The warning goes straight to stderr by
 * default: it is not a result, and a command's own output (and a test's capture of it) stays as it was.
 */
export function targetFlags(
  args: CommandArgs,
  warn: (line: string) => void = (line) => void process.stderr.write(`${line}\n`),
): TargetFlags {
  if ((args.string('api-key') ?? '').trim() !== '') warn(API_KEY_FLAG_WARNING);
  return {
    baseUrl: args.string('base-url'),
    keyringFile: args.string('keyring'),
    apiKey: args.string('api-key'),
    fixtureHost: args.string('fixture-host'),
    reportDir: args.string('report-dir'),
  };
}
