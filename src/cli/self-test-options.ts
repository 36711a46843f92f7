import { defaultLanes } from '../selftest/lanes.ts';
import type { SelfTestOptions } from '../selftest/self-test.ts';
import { parseCommand, positiveInteger, type CommandSpec } from './command-line.ts';
import { FAULT_IDS } from '../reference/fault-catalog.ts';
import { ConfigError } from '../target/config-error.ts';

/** Lanes at a time: two per CPU, as many as the memory holds (src/selftest/lanes.ts). */
export const DEFAULT_JOBS = defaultLanes();

export const SELF_TEST_COMMAND: CommandSpec = {
  name: 'self-test',
  summary: 'Prove every check can fail, and print the mutation score.',
  about:
    'Runs the suite against the clean reference, then once per planted fault against a reference with that fault (only the checks citing its requirement).',
  synopsis: '[--jobs N] [--fault ID[,ID]] [--keep-reports] [--table]',
  options: {
    jobs: {
      type: 'string',
      value: 'N',
      help: 'fault runs at once (lanes, each a vitest instance kept for its faults); by default two per CPU, as many as free memory holds (about 250 MB each)',
      default: `${DEFAULT_JOBS} on this machine`,
    },
    fault: { type: 'string', value: 'ID[,ID]', help: 'only these faults (and the check files they need)' },
    'keep-reports': { type: 'boolean', help: "keep every run's reports and output, and print where" },
    table: { type: 'boolean', help: 'print the fault catalog as a Markdown table and stop' },
  },
  notes: ['exit status: 0 the clean run passed and every fault was caught, 1 not, 2 bad options.'],
  examples: [
    'conformance self-test',
    'conformance self-test --fault kb.query-returns-deleted --keep-reports',
  ],
};

/** `conformance self-test` flags; anything wrong is a ConfigError (one line, exit status 2). */
export function parseSelfTestArgs(
  argv: readonly string[],
  known: ReadonlySet<string> = FAULT_IDS,
): SelfTestOptions {
  const args = parseCommand(SELF_TEST_COMMAND, argv);
  let faults: string[] | undefined;
  const fault = args.string('fault');
  if (fault !== undefined) {
    faults = [
      ...new Set(
        fault
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id.length > 0),
      ),
    ];
    const unknown = faults.filter((id) => !known.has(id));
    if (faults.length === 0)
      throw new ConfigError('option --fault needs fault ids, e.g. --fault auth.expiry-ignored');
    if (unknown.length > 0) {
      throw new ConfigError(
        `unknown fault ${unknown.map((id) => `"${id}"`).join(', ')} (conformance self-test --table lists them)`,
      );
    }
  }
  return {
    jobs: positiveInteger('--jobs', args.string('jobs'), DEFAULT_JOBS),
    faults,
    keepReports: args.flag('keep-reports'),
    table: args.flag('table'),
  };
}
