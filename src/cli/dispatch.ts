import { readFileSync } from 'node:fs';
import { ConfigError } from '../target/config-error.ts';
import { commandHelp } from './command-line.ts';
import { COMMANDS, commandNamed, usage } from './commands.ts';
import { projectPath } from '../project-root.ts';

const HELP = new Set(['help', '--help', '-h']);
const wantsHelp = (argv: readonly string[]) => argv.includes('--help') || argv.includes('-h');

function version(): string {
  const manifest = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/** The command that takes an option given without one, for the hint (`--only` → run). */
function commandTaking(option: string): string | undefined {
  const name = option.replace(/^-+/, '').split('=')[0] ?? '';
  return COMMANDS.find((command) => Object.hasOwn(command.spec.options, name))?.spec.name;
}

/**
 * `conformance ARGS` without the process around it: prints help, the version, or runs a command;
 * a ConfigError thrown here is the caller's to print (one line, exit status 2).
 */
export async function dispatch(argv: readonly string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    // Not a run: a CI job that forgot its command must not go green on a help text.
    console.log(usage());
    console.error('conformance: no command given (e.g. conformance run)');
    return 2;
  }
  if (first === '--version') {
    console.log(version());
    return 0;
  }
  if (HELP.has(first)) {
    const [topic] = rest;
    // `help --help` (or `--help help`) asks for help about help: the usage is that answer.
    if (topic === undefined || HELP.has(topic)) {
      console.log(usage());
      return 0;
    }
    const command = commandNamed(topic);
    if (command === undefined) throw new ConfigError(`no command "${topic}" (see conformance help)`);
    console.log(commandHelp(command.spec));
    return 0;
  }
  const command = commandNamed(first);
  if (command === undefined) {
    const owner = first.startsWith('-') ? commandTaking(first) : undefined;
    throw new ConfigError(
      first.startsWith('-')
        ? `${first.split('=')[0] ?? ''} is not a command; options come after one${owner ? `, as in conformance ${owner} ${first.split('=')[0] ?? ''} …` : ''} (see conformance help)`
        : `unknown command "${first}" (commands: ${COMMANDS.map((c) => c.spec.name).join(', ')}; see conformance help)`,
    );
  }
  if (wantsHelp(rest)) {
    console.log(commandHelp(command.spec));
    return 0;
  }
  return command.run([...rest]);
}
