import { diffRuns } from '../diff/compare-runs.ts';
import { renderMarkdown, renderText } from '../diff/render.ts';
import { readRun } from '../report/read-run.ts';
import { ConfigError } from '../target/config-error.ts';
import { parseCommand, printToStdout, type CommandSpec, type Print } from './command-line.ts';

const FORMATS = ['text', 'markdown', 'json'] as const;

export const DIFF_COMMAND: CommandSpec = {
  name: 'diff',
  summary:
    'Compare two runs: what regressed, was fixed, is newly failing or skipped, or observed differently.',
  about:
    "For regression checking after an upgrade: BASE is the run before, HEAD the run after (report directories or summary.json files). Checks are matched by id; observations (what an implementation does where the document leaves a point open) are compared value by value, a drawn history's only in the situations both runs reached. What a run happened to exercise (its coverage: the seed's and timing's doing) is not compared, except as coverage lost: a requirement the base ran a check for and the head did not, or a transition the base's draw reached and the head's did not (same --seed), when both ran the same checks.",
  synopsis: 'BASE HEAD [--format text|markdown|json]',
  positionals: { name: 'BASE HEAD', help: 'two report directories or summary.json files', min: 2 },
  options: {
    format: {
      type: 'string',
      value: 'FORMAT',
      help: 'text (a terminal), markdown (a pull-request comment, $GITHUB_STEP_SUMMARY) or json',
      default: 'text',
    },
  },
  notes: [
    'exit status: 1 when a check regressed, 0 otherwise, 2 on bad input (an unreadable run, summaries of different schemaVersion).',
  ],
  examples: [
    'conformance diff previous-reports reports',
    'conformance diff base/summary.json reports --format markdown >> "$GITHUB_STEP_SUMMARY"',
  ],
};

/** `conformance diff BASE HEAD`. */
export function runDiff(argv: readonly string[], out: Print = printToStdout): number {
  const args = parseCommand(DIFF_COMMAND, argv);
  const format = args.string('format') ?? 'text';
  if (!(FORMATS as readonly string[]).includes(format))
    throw new ConfigError(`option --format takes ${FORMATS.join(', ')}, got "${format}"`);
  if (args.positionals.length !== 2)
    throw new ConfigError(
      `diff takes two runs, BASE and HEAD, got ${args.positionals.length} (see conformance diff --help)`,
    );
  const [base = '', head = ''] = args.positionals;
  const diff = diffRuns(readRun(base), readRun(head));
  if (format === 'json') out(`${JSON.stringify(diff, null, 2)}\n`);
  else out(format === 'markdown' ? renderMarkdown(diff) : `${renderText(diff)}\n`);
  return diff.regressed.length > 0 ? 1 : 0;
}
