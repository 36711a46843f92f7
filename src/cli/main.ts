import { ConfigError } from '../target/config-error.ts';
import { runCleanup } from './cleanup.ts';
import { COMMAND_HELP, USAGE, type Command } from './help.ts';
import { runRequirements } from './requirements.ts';
import { runConformance } from './run.ts';
import { runSelfTest } from './self-test.ts';
import { runServe } from './serve.ts';

const COMMANDS: Record<Command, (argv: string[]) => number | Promise<number>> = {
  run: runConformance,
  serve: (argv) => runServe(argv),
  cleanup: (argv) => runCleanup(argv),
  requirements: runRequirements,
  'self-test': (argv) => runSelfTest(argv),
};

function isCommand(name: string): name is Command {
  return Object.hasOwn(COMMANDS, name);
}

const wantsHelp = (argv: readonly string[]) => argv.includes('--help') || argv.includes('-h');

async function main(argv: string[]): Promise<number> {
  const [command = 'run', ...rest] = argv;
  if (command === 'help' || command === '--help' || command === '-h') {
    const [topic] = rest;
    console.log(topic !== undefined && isCommand(topic) ? COMMAND_HELP[topic] : USAGE);
    return 0;
  }
  // `conformance --only voices` is `conformance run --only voices`.
  const [name, args] = command.startsWith('--') ? (['run', argv] as const) : ([command, rest] as const);
  if (!isCommand(name)) {
    console.error(
      `conformance: unknown command "${name}" (commands: ${Object.keys(COMMANDS).join(', ')}; see conformance help)`,
    );
    return 2;
  }
  if (wantsHelp(args)) {
    console.log(COMMAND_HELP[name]);
    return 0;
  }
  return COMMANDS[name]([...args]);
}

// Every failure ends as one line and a status, never a stack trace.
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const message =
      error instanceof ConfigError ? error.message : `harness error: ${(error as Error).message}`;
    console.error(`conformance: ${message}`);
    process.exitCode = 2;
  },
);
