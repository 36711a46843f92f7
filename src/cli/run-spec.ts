import type { CommandSpec } from './command-line.ts';
import { formatDuration } from '../run/quantities.ts';
import { OPEN_POINTS_HELP } from './open-points-option.ts';
import { TARGET_OPTIONS } from './target-options.ts';
import { DEFAULT_SETTLE_MS } from '../context/patience.ts';
import { DEFAULT_PROPERTY_RUNS, DEFAULT_TIMEOUT_MS } from '../harness/run-defaults.ts';

/**
 * `conformance run`'s options and defaults, apart from the run itself: the command table and the
 * help read them without loading vitest and the suite.
 */
export const DEFAULT_DEADLINE_MS = 30 * 60_000;
/** Requests in flight at most against a given target: a real account is not to be hammered. */
export const DEFAULT_CONCURRENCY = 8;
export const EXPECTATIONS_ENV = 'CONFORMANCE_EXPECTATIONS';

export const RUN_COMMAND: CommandSpec = {
  name: 'run',
  summary: 'Run the conformance checks against the target and write the reports.',
  synopsis: '[options]',
  options: {
    ...TARGET_OPTIONS,
    only: {
      type: 'string',
      value: 'AREA',
      help: 'only the checks of suites/AREA (e.g. voices, knowledge-bases)',
    },
    requirement: {
      type: 'string',
      value: 'GLOB',
      help: "only checks citing a matching requirement id (e.g. 'KB-ATTACH-*')",
    },
    profile: {
      type: 'string',
      value: 'NAME',
      help: 'smoke: one success path per operation and the bearer-token table, in seconds; standard: every check; deep: every check with ten times the runs of each generated property (seeded, printed)',
      default: 'standard',
    },
    shard: {
      type: 'string',
      value: 'I/N',
      help: 'run the I-th of N slices of the check files (every N-th file), for CI jobs side by side; conformance merge joins their reports',
    },
    runs: {
      type: 'string',
      value: 'N',
      help: 'runs per generated property',
      default: String(DEFAULT_PROPERTY_RUNS),
    },
    seed: {
      type: 'string',
      value: 'N',
      help: "the run's seed, from which every generated property draws its values; a run prints its own, and --seed replays it",
      default: 'random',
    },
    timeout: {
      type: 'string',
      value: 'MS',
      help: 'per-request timeout, the preflight included',
      default: String(DEFAULT_TIMEOUT_MS),
    },
    deadline: {
      type: 'string',
      value: 'DURATION',
      help: 'bound on the whole run (e.g. 30m, 90s, 1h30m): checks not started by then are errored with the reason, and the run exits 2',
      default: formatDuration(DEFAULT_DEADLINE_MS),
    },
    settle: {
      type: 'string',
      value: 'DURATION',
      help: 'how long a check waits for a write to show in counts, stats and query answers before it judges (a fetch of a page: twice as long); only an effect that never shows waits it out',
      default: formatDuration(DEFAULT_SETTLE_MS),
    },
    concurrency: {
      type: 'string',
      value: 'N',
      help: 'requests in flight against the target at most (the embedded reference: no cap)',
      default: String(DEFAULT_CONCURRENCY),
    },
    workers: {
      type: 'string',
      value: 'N',
      help: 'check files run at a time, each in a worker thread with an equal share of --concurrency; against a remote target they mostly wait, so more than the cores shorten the run, each at the price of memory (about 45 MB)',
      default:
        'one per core; against a base URL at least 5; never more than free memory holds, at 100 MB each',
    },
    'rate-limit': {
      type: 'string',
      value: 'N/s',
      help: 'requests started per second at most, for targets with a quota (a 429 with Retry-After is waited out, at most 60 s per request, and counted)',
    },
    'max-body': {
      type: 'string',
      value: 'SIZE',
      help: 'largest response body read (e.g. 8MiB, 512KiB); a larger one errors its check with "response larger than …" and the connection is dropped',
      default: '8MiB',
    },
    'read-only': {
      type: 'boolean',
      help: 'send no write at all, for a first look at production: checks naming a write operation are skipped, and any other check is skipped at its first write',
    },
    'dry-run': {
      type: 'boolean',
      help: 'print what the run would execute and create, and send nothing',
    },
    bail: { type: 'boolean', help: 'stop at the first failed check' },
    'reference-open-points': {
      type: 'string',
      value: 'NAME',
      help: `without a base URL: ${OPEN_POINTS_HELP}`,
      default: 'default',
    },
    certify: {
      type: 'boolean',
      help: 'certification run: every keyring role, forbiddenRoutes, unscopedRoutes and accounts.other.email needed; no selection, --bail or expectations; certified only when every check ran and none failed, errored or was skipped',
    },
    expectations: {
      type: 'string',
      value: 'FILE',
      help: 'known deviations (JSON or YAML): a failure listed there is reported as expected and does not fail the run; a listed check that passes does. Refused by --certify',
      env: EXPECTATIONS_ENV,
    },
  },
  notes: [
    'Before any check a preflight asks the voice catalog without a key and with the full key: an unreachable target, no API at the base URL, or a refused full key stops the run (exit 2).',
    'exit status: 0 every executed check passed (with --certify: certified); 1 a check failed; 2 the run could not be carried out: bad options or configuration, target unreachable, no API found, the full key refused, no check executed, an errored check or harness error, or (--certify) a missing prerequisite or a skipped check.',
    'reports in the report dir: summary.json, index.html, junit.xml, allure-results/, scope-matrix.md, exchanges.har; a run clears these once its options, keyring, expectations file and target have passed their checks; a run that stops before (exit 2) leaves the reports of an earlier run as they were, and writes summary.json only where there is none. ledger/<run id>.jsonl records every resource the run creates, before the create is sent; it is removed when the run has deleted them all.',
    'Ctrl-C or SIGTERM: no further check starts, requests in flight get up to 10 s, what the run created is deleted, summary.json and junit.xml are written with "interrupted": true and every selected check (those never finished as not run), exit 130 (143 for SIGTERM). A second Ctrl-C exits at once and prints the cleanup command.',
  ],
  examples: [
    'conformance run',
    'conformance run --only voices',
    'conformance run --base-url https://staging.example.com/api/v1 --keyring keys.json --requirement "KB-*"',
  ],
};
