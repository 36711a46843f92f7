import { resolve } from 'node:path';
import { mergeAllure, mergeHar, mergeJunit } from '../merge/merge-files.ts';
import { mergeSummaries } from '../merge/merge-summaries.ts';
import { clearOwnedReports, reportPath } from '../report/owned-files.ts';
import { readRun } from '../report/read-run.ts';
import { exitCodeOf } from '../report/summary.ts';
import { writeSummaryReports } from '../report/write-reports.ts';
import { ConfigError } from '../target/config-error.ts';
import { parseCommand, type CommandSpec } from './command-line.ts';

export const MERGE_COMMAND: CommandSpec = {
  name: 'merge',
  summary: "Join the reports of a run's shards (--shard i/n) into one report directory.",
  about:
    "The shards' summary.json, junit.xml, allure-results/ and exchanges.har become one run's, as a single run would have written them (index.html and scope-matrix.md made again from the joined summary). Shards of different targets or suite versions, or holding the same check twice, are refused.",
  synopsis: 'DIR... [--out DIR]',
  positionals: { name: 'DIR...', help: "the shards' report directories", min: 1 },
  options: {
    out: {
      type: 'string',
      value: 'DIR',
      help: 'where the joined reports go (not one of the shards)',
      default: 'reports',
    },
  },
  notes: [
    'exit status: as a run of all the checks would end: 0 every executed check passed, 1 a check failed, 2 a shard could not be read or joined, or the joined run could not be carried out (an errored check, a harness error, no check).',
  ],
  examples: ['conformance merge shard-1 shard-2 shard-3 shard-4 --out reports'],
};

/** `conformance merge DIR... [--out DIR]`. */
export function runMerge(
  argv: readonly string[],
  out: (line: string) => void = (l) => console.log(l),
): number {
  const args = parseCommand(MERGE_COMMAND, argv);
  const dirs = args.positionals.map((dir) => resolve(dir));
  if (dirs.length === 0)
    throw new ConfigError('merge takes the report directories of the shards (see conformance merge --help)');
  const target = resolve(args.string('out') ?? 'reports');
  if (dirs.includes(target))
    throw new ConfigError(
      `--out ${target} is one of the shards: the joined reports would replace what they are made from`,
    );
  const summary = mergeSummaries(dirs.map((path) => ({ path, summary: readRun(path) })));
  clearOwnedReports(target);
  writeSummaryReports(target, summary, true);
  mergeJunit(
    dirs.map((dir) => reportPath(dir, 'junit.xml')),
    reportPath(target, 'junit.xml'),
  );
  mergeAllure(
    dirs.map((dir) => reportPath(dir, 'allure-results')),
    reportPath(target, 'allure-results'),
  );
  mergeHar(
    dirs.map((dir) => reportPath(dir, 'exchanges.har')),
    reportPath(target, 'exchanges.har'),
  );
  const { passed, failed, skipped } = summary.totals;
  out(
    `conformance merge: ${dirs.length} shard(s), ${summary.checks.length} checks: ${passed} passed, ${failed} failed, ${skipped} skipped; reports in ${target}`,
  );
  for (const warning of summary.warnings ?? []) out(`conformance merge: warning: ${warning}`);
  return exitCodeOf(summary);
}
