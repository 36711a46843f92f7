import { availableParallelism, totalmem } from 'node:os';
import { parseArgs, positiveInteger, type FlagSpec } from '../cli/args.ts';
import { FAULT_IDS } from '../reference/fault-catalog.ts';
import { ConfigError } from '../target/config-error.ts';

export interface SelfTestOptions {
  /** Fault runs at once. */
  jobs: number;
  /** The faults to run, by id; undefined: every fault of the catalog, and the whole suite unfaulted. */
  faults: string[] | undefined;
  keepReports: boolean;
  /** Print the fault catalog as a Markdown table and stop. */
  table: boolean;
}

const FLAGS: FlagSpec[] = [
  { name: '--jobs', key: 'jobs' },
  { name: '--fault', key: 'fault' },
  { name: '--keep-reports', key: 'keepReports', boolean: true },
  { name: '--table', key: 'table', boolean: true },
];

/**
 * Two runs per CPU: a run spends much of its time waiting (module loading through the TypeScript
 * loader, its vitest worker, the reference's answers), so two per CPU finished a set of faults
 * about a third sooner than one per CPU on a 2-CPU machine. Each run holds about half a gigabyte.
 */
export const DEFAULT_JOBS = Math.max(
  1,
  Math.min(2 * availableParallelism(), Math.floor(totalmem() / 2 ** 30)),
);

/** `conformance self-test` flags; anything wrong is a ConfigError (one line, exit status 2). */
export function parseSelfTestArgs(
  argv: readonly string[],
  known: ReadonlySet<string> = FAULT_IDS,
): SelfTestOptions {
  const args = parseArgs(argv, FLAGS, 'self-test');
  let faults: string[] | undefined;
  if (args.values.fault !== undefined) {
    faults = [
      ...new Set(
        args.values.fault
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
    jobs: positiveInteger('--jobs', args.values.jobs, DEFAULT_JOBS),
    faults,
    keepReports: args.booleans.has('keepReports'),
    table: args.booleans.has('table'),
  };
}
