import { CLEANUP_COMMAND, runCleanup } from './cleanup.ts';
import type { CommandSpec } from './command-line.ts';
import { COMPARE_COMMAND, runCompare } from './compare.ts';
import { DIFF_COMMAND, runDiff } from './diff.ts';
import { EXPECTATIONS_COMMAND, runExpectations } from './expectations.ts';
import { LIST_COMMAND, runList } from './list.ts';
import { MERGE_COMMAND, runMerge } from './merge.ts';
import { REQUIREMENTS_COMMAND, runRequirements } from './requirements.ts';
import { RUN_COMMAND } from './run-spec.ts';
import { runSelfTest, SELF_TEST_COMMAND } from './self-test.ts';
import { runServe, SERVE_COMMAND } from './serve.ts';

export interface Command {
  spec: CommandSpec;
  run: (argv: string[]) => number | Promise<number>;
}

/** Every command of `conformance`, in the order the help lists them. */
export const COMMANDS: readonly Command[] = [
  // The run loads vitest and the suite: only when it is the command given.
  { spec: RUN_COMMAND, run: async (argv) => (await import('./run.ts')).runConformance(argv) },
  { spec: LIST_COMMAND, run: (argv) => runList(argv) },
  { spec: DIFF_COMMAND, run: (argv) => runDiff(argv) },
  { spec: COMPARE_COMMAND, run: (argv) => runCompare(argv) },
  { spec: EXPECTATIONS_COMMAND, run: (argv) => runExpectations(argv) },
  { spec: MERGE_COMMAND, run: (argv) => runMerge(argv) },
  { spec: CLEANUP_COMMAND, run: (argv) => runCleanup(argv) },
  { spec: REQUIREMENTS_COMMAND, run: runRequirements },
  { spec: SERVE_COMMAND, run: (argv) => runServe(argv) },
  { spec: SELF_TEST_COMMAND, run: (argv) => runSelfTest(argv) },
];

export function commandNamed(name: string): Command | undefined {
  return COMMANDS.find((command) => command.spec.name === name);
}

/** `conformance --help`: the commands, one line each, and where to read more. */
export function usage(): string {
  const width = Math.max(...COMMANDS.map((command) => command.spec.name.length)) + 2;
  const lines = COMMANDS.map(
    ({ spec }) => `  ${spec.name.padEnd(width)}${spec.summary.split('\n')[0]?.replace(/:$/, '') ?? ''}`,
  );
  return [
    'usage: conformance <command> [options]',
    `commands:\n${lines.join('\n')}`,
    `  ${'help'.padEnd(width)}this text; help COMMAND for one command\n  --version${' '.repeat(Math.max(1, width - 9))}the suite's version`,
    'conformance COMMAND --help lists its options with their defaults and environment variables,\nand examples. A stray word or an unknown option is refused (exit status 2).',
  ].join('\n\n');
}
