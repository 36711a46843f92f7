import { FAULT_CATALOG } from '../reference/fault-catalog.ts';
import { computeCoverage } from '../report/coverage.ts';
import { loadCatalog } from '../spec/requirements.ts';
import { parseCommand, type CommandSpec } from './command-line.ts';
import { PROJECT_ROOT } from '../project-root.ts';

export const REQUIREMENTS_COMMAND: CommandSpec = {
  name: 'requirements',
  summary: "Print the requirement catalog's coverage by the checks.",
  synopsis: '[--uncited] [--must]',
  about:
    'Per kind of requirement: how many the checks cite, and how many a planted fault of the reference proves checkable (the self-test shows the fault caught).',
  options: {
    uncited: { type: 'boolean', help: 'list the must requirements no check cites' },
    must: {
      type: 'boolean',
      help: 'one line per must requirement: the checks citing it and the fault proving them, or why no fault can',
    },
  },
  notes: ['exit status: 1 when a check cites an id the catalog does not define, else 0.'],
  examples: ['conformance requirements --uncited'],
};

function pad(text: string | number, width: number): string {
  return String(text).padEnd(width);
}

/** `conformance requirements`: per kind, how many requirements at least one check cites. */
export async function runRequirements(argv: readonly string[]): Promise<number> {
  const args = parseCommand(REQUIREMENTS_COMMAND, argv);
  const catalog = loadCatalog();
  // Loaded when needed: the index loads vitest, which `--help` and every other command do without.
  const { collectChecks } = await import('../harness/check-index.ts');
  const coverage = computeCoverage(catalog, await collectChecks(PROJECT_ROOT), FAULT_CATALOG);
  if (args.flag('must')) {
    for (const { requirement, checks, faults } of coverage.must) {
      const cited =
        checks.length === 0
          ? 'no check'
          : `${checks.length} check(s): ${checks[0] ?? ''}${checks.length > 1 ? ' …' : ''}`;
      const proof =
        faults.length > 0
          ? `fault: ${faults.join(', ')}`
          : requirement.noFault !== undefined
            ? `no fault possible: ${requirement.noFault}`
            : 'fault: —';
      console.log(`${pad(requirement.id, 16)}${pad(cited, 64)}${proof}`);
    }
    console.log('');
  }
  console.log(
    `${pad('kind', 12)}${pad('total', 8)}${pad('cited', 8)}${pad('coverage', 10)}${pad('fault-proven', 14)}no-fault-possible`,
  );
  for (const row of coverage.byKind) {
    const percent = row.total === 0 ? 100 : Math.round((row.cited / row.total) * 100);
    console.log(
      `${pad(row.kind, 12)}${pad(row.total, 8)}${pad(row.cited, 8)}${pad(`${percent}%`, 10)}${pad(row.proven, 14)}${row.exempt}`,
    );
  }
  const total = coverage.byKind.reduce((n, row) => n + row.total, 0);
  const cited = coverage.byKind.reduce((n, row) => n + row.cited, 0);
  const proven = coverage.byKind.reduce((n, row) => n + row.proven, 0);
  const exempt = coverage.byKind.reduce((n, row) => n + row.exempt, 0);
  console.log(
    `${pad('all', 12)}${pad(total, 8)}${pad(cited, 8)}${pad(`${total === 0 ? 100 : Math.round((cited / total) * 100)}%`, 10)}${pad(proven, 14)}${exempt}`,
  );
  if (coverage.uncitedMust.length > 0) {
    console.log(
      `\n${coverage.uncitedMust.length} must requirements no check cites${args.flag('uncited') ? ':' : ' (list them with --uncited)'}`,
    );
    if (args.flag('uncited')) {
      for (const r of coverage.uncitedMust) console.log(`  ${r.id}  ${r.text.slice(0, 100)}`);
    }
  }
  if (coverage.unknownCited.length > 0) {
    console.log(
      `\nids cited by checks that the catalog does not define: ${coverage.unknownCited.join(', ')}`,
    );
    return 1;
  }
  return 0;
}
