import { writeFileSync } from 'node:fs';
import { compareRuns, differencesOnly } from '../compare/matrix.ts';
import { comparisonHtml, comparisonMarkdown } from '../compare/render.ts';
import { columnTitles } from '../compare/titles.ts';
import { readRun } from '../report/read-run.ts';
import { loadCatalog } from '../spec/requirements.ts';
import { ConfigError } from '../target/config-error.ts';
import { parseCommand, printToStdout, type CommandSpec, type Print } from './command-line.ts';

export const COMPARE_COMMAND: CommandSpec = {
  name: 'compare',
  summary: 'Put several runs side by side, requirement by requirement.',
  about:
    "Documents real behaviour differences between implementations: first a matrix of sections × runs with the requirements' counts per outcome, then one row per requirement, grouped by the document's sections; one column per run; each cell a mark for the outcome of the checks citing it and the values they observed where the document leaves a point open. Equal column titles get the run's position. Markdown on standard output; --out writes the same as one self-contained HTML file.",
  synopsis: 'RUN... [--label A,B,...] [--differences] [--out FILE.html]',
  positionals: { name: 'RUN...', help: 'report directories or summary.json files, two at least', min: 2 },
  options: {
    label: {
      type: 'string',
      value: 'A,B,...',
      help: "the runs' column titles, comma-separated",
      default: "each run's target and start time",
    },
    differences: { type: 'boolean', help: 'keep only the requirements where the runs differ' },
    out: {
      type: 'string',
      value: 'FILE.html',
      help: 'also write the comparison as a self-contained HTML file',
    },
  },
  notes: [
    'exit status: 0 written, 2 on bad input (an unreadable run, summaries of different schemaVersion).',
  ],
  examples: [
    'conformance compare reports-vendor-a reports-vendor-b --label "Vendor A,Vendor B" --differences',
    'conformance compare base head --out compare.html > compare.md',
  ],
};

/** `conformance compare RUN...`. */
export function runCompare(argv: readonly string[], out: Print = printToStdout): number {
  const args = parseCommand(COMPARE_COMMAND, argv);
  const runs = args.positionals.map(readRun);
  const labelText = args.string('label');
  const labels = labelText?.split(',').map((l) => l.trim());
  if (labels !== undefined && labels.length !== runs.length)
    throw new ConfigError(`--label names ${labels.length} run(s), but ${runs.length} were given`);
  const full = compareRuns(runs, columnTitles(runs, labels), loadCatalog());
  const comparison = args.flag('differences') ? differencesOnly(full) : full;
  const file = args.string('out');
  if (file !== undefined) {
    try {
      writeFileSync(file, comparisonHtml(comparison));
    } catch (error) {
      throw new ConfigError(
        `--out ${file}: cannot be written (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  }
  out(comparisonMarkdown(comparison));
  return 0;
}
