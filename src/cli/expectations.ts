import { starterExpectations } from '../expectations/starter.ts';
import { readRun } from '../report/read-run.ts';
import { ConfigError } from '../target/config-error.ts';
import { parseCommand, printToStdout, type CommandSpec, type Print } from './command-line.ts';

export const EXPECTATIONS_COMMAND: CommandSpec = {
  name: 'expectations',
  summary: 'Print an expectations file with one entry per failure of a run.',
  about:
    "The quickest way to adopt the suite on an implementation that is not yet conformant: every failed or errored check of the run becomes a known deviation, its reason the failure's first line. Read the reasons, add links and expiry dates, and pass the file to conformance run --expectations.",
  synopsis: 'RUN > expectations.yaml',
  positionals: { name: 'RUN', help: 'a report directory, or its summary.json', min: 1 },
  options: {},
  notes: ['exit status: 0 printed, 2 RUN is not a readable summary.'],
  examples: [
    'conformance expectations reports > expectations.yaml',
    'conformance run --expectations expectations.yaml',
  ],
};

/** `conformance expectations RUN`: the starter file on standard output. */
export function runExpectations(argv: readonly string[], out: Print = printToStdout): number {
  const args = parseCommand(EXPECTATIONS_COMMAND, argv);
  const [run, ...extra] = args.positionals;
  if (run === undefined || extra.length > 0)
    throw new ConfigError(
      `expectations takes one RUN (a report directory or summary.json), got ${args.positionals.length}`,
    );
  out(starterExpectations(readRun(run)));
  return 0;
}
