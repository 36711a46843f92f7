import type { IndexedCheck } from '../harness/check-index.ts';
import { parseCommand, type CommandSpec } from './command-line.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { checkFiles, requirementIds } from './selection.ts';

export const LIST_COMMAND: CommandSpec = {
  name: 'list',
  summary: 'Print the checks a run would execute, without running them.',
  synopsis: '[--only AREA] [--requirement GLOB] [--json]',
  about:
    'The same selection as conformance run: --only takes a folder of suites/, --requirement the checks citing a matching id. Checks whose keyring role is missing are listed too: whether they are skipped is decided when they run.',
  options: {
    only: { type: 'string', value: 'AREA', help: 'only the checks of suites/AREA' },
    requirement: {
      type: 'string',
      value: 'GLOB',
      help: "only checks citing a matching requirement id (e.g. 'KB-*')",
    },
    json: { type: 'boolean', help: 'one JSON array: id, title, requirements, operations, area, file' },
  },
  notes: [
    'exit status: 0 when at least one check is selected, 2 when none is or a check file cannot be loaded.',
  ],
  examples: ['conformance list --only voices', "conformance list --requirement 'KB-ATTACH-*' --json"],
};

export interface ListIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const consoleIo: ListIo = { out: (line) => console.log(line), err: (line) => console.error(line) };

function describeCheck(check: IndexedCheck): string {
  return `${check.id}  [${check.requirements.join(', ')}]  ${check.file}`;
}

/** `conformance list`: the check index, filtered as a run would filter it. */
export async function runList(argv: readonly string[], io: ListIo = consoleIo): Promise<number> {
  const args = parseCommand(LIST_COMMAND, argv);
  const glob = args.string('requirement');
  const wanted = glob === undefined ? undefined : new Set(requirementIds(glob));
  // Loaded when needed: the index loads vitest, which `--help` and every other command do without.
  const { collectChecks } = await import('../harness/check-index.ts');
  const checks = (await collectChecks(PROJECT_ROOT, checkFiles(args.string('only'), undefined))).filter(
    (check) => wanted === undefined || check.requirements.some((id) => wanted.has(id)),
  );
  if (args.flag('json')) io.out(JSON.stringify(checks, null, 2));
  else {
    for (const check of checks) io.out(describeCheck(check));
    io.out(`${checks.length} check(s) in ${new Set(checks.map((c) => c.file)).size} file(s)`);
  }
  if (checks.length === 0) {
    io.err('conformance list: the selection selects no check');
    return 2;
  }
  return 0;
}
