import { mkdirSync } from 'node:fs';
import { reportPath, writeWhole } from './owned-files.ts';
import { summaryProblem } from './summary-schema.ts';
import type { CoverageNote, Observation } from '../harness/check-meta.ts';
import type { ScopeCellMeta } from '../scope/matrix.ts';
import { currentSuiteVersion, type SuiteVersion } from './suite-version.ts';

/** The richer outcome of a check; `status` keeps TARGET.md's three values. */
export type Outcome =
  | 'passed'
  | 'failed'
  | 'warned'
  | 'observed'
  | 'skipped'
  | 'errored'
  /** Failed, skipped or errored as an entry of the expectations file says (a known deviation). */
  | 'expected'
  /** Passed although an entry of the expectations file expects it not to: the entry is stale. */
  | 'unexpected-pass';

export interface SummaryCheck {
  id: string;
  requirements: string[];
  status: 'passed' | 'failed' | 'skipped';
  message?: string;
  outcome: Outcome;
  title: string;
  file: string;
  observations?: Observation[];
  /**
   * What the check happened to exercise (transition counts of a drawn history, views not judged
   * because the collection moved): depends on the seed and on timing, so kept apart from
   * `observations` and not compared by `conformance diff` beyond coverage lost.
   */
  coverage?: CoverageNote[];
  /** A scope-matrix check's cell: operation, role and what it expects. */
  scope?: ScopeCellMeta;
  /** How long the check took, setup included (0 for one that never started). */
  durationMs?: number;
  /** 429s with Retry-After its requests waited out. */
  rateLimitWaits?: number;
  /** The expectations entry that excused it (`expected`) or that it contradicts (`unexpected-pass`). */
  expectation?: { entry: number; reason: string; link?: string };
}

/** The shape of summary.json; `conformance diff` refuses to compare summaries of different versions. */
export const SUMMARY_SCHEMA_VERSION = 1;

/** summary.json exactly as TARGET.md shows it, plus `outcomes` and per-check detail fields. */
export interface Summary {
  schemaVersion: number;
  suiteVersion: SuiteVersion;
  /** The seed every generated property of the run was drawn from; `--seed` replays it. */
  seed?: number;
  /** The run's id: the prefix of every name it gave, and its ledger's name (`conformance cleanup --run`). */
  runId?: string;
  /** The run checked the embedded reference (started on a port of its own), not a given base URL. */
  embedded?: boolean;
  /** A `--shard i/n` run's slice; absent on a whole run (and on shards merged into one). */
  shard?: { index: number; count: number };
  /** Present when the run did not end by itself: Ctrl-C, SIGTERM, or its deadline. */
  interrupted?: boolean;
  stoppedBy?: 'SIGINT' | 'SIGTERM' | 'deadline';
  target: string;
  startedAt: string;
  durationMs: number;
  totals: { passed: number; failed: number; skipped: number };
  outcomes: Record<Outcome, number>;
  /** Only on a `--certify` run: whether the implementation is certified, and why not. */
  certified?: boolean;
  certificationReasons?: string[];
  /** Problems of the run itself (a file that could not load, an unhandled error). */
  harnessErrors: string[];
  /** 429s with Retry-After the run waited out, in all (absent: none). */
  rateLimitWaits?: number;
  /** What the expectations file said that matched nothing or has expired. */
  warnings?: string[];
  checks: SummaryCheck[];
}

/** TARGET.md's status of an outcome as a check first gets it (expectations keep the status they find). */
export function statusOf(outcome: Outcome): SummaryCheck['status'] {
  if (outcome === 'skipped') return 'skipped';
  if (outcome === 'failed' || outcome === 'errored' || outcome === 'unexpected-pass') return 'failed';
  return 'passed';
}

function rateLimitTotal(checks: readonly SummaryCheck[]): { rateLimitWaits?: number } {
  const total = checks.reduce((sum, check) => sum + (check.rateLimitWaits ?? 0), 0);
  return total > 0 ? { rateLimitWaits: total } : {};
}

/** What a run knows at its end; the fields it shares with summary.json mean what they mean there. */
type SummaryInput = Pick<
  Summary,
  | 'seed'
  | 'runId'
  | 'shard'
  | 'embedded'
  | 'stoppedBy'
  | 'target'
  | 'durationMs'
  | 'checks'
  | 'harnessErrors'
  | 'warnings'
> & {
  /** Default: the suite that is running. */
  suiteVersion?: SuiteVersion;
  startedAt: Date;
};

export function buildSummary(input: SummaryInput): Summary {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const outcomes: Record<Outcome, number> = {
    passed: 0,
    failed: 0,
    warned: 0,
    observed: 0,
    skipped: 0,
    errored: 0,
    expected: 0,
    'unexpected-pass': 0,
  };
  for (const check of input.checks) {
    totals[check.status] += 1;
    outcomes[check.outcome] += 1;
  }
  // TARGET.md's fields first, in its order; ours after them.
  return {
    target: input.target,
    startedAt: input.startedAt.toISOString(),
    durationMs: input.durationMs,
    totals,
    schemaVersion: SUMMARY_SCHEMA_VERSION,
    suiteVersion: input.suiteVersion ?? currentSuiteVersion(),
    ...(input.seed !== undefined ? { seed: input.seed } : {}),
    ...(input.runId !== undefined ? { runId: input.runId } : {}),
    ...(input.shard !== undefined ? { shard: input.shard } : {}),
    ...(input.embedded === true ? { embedded: true } : {}),
    ...(input.stoppedBy !== undefined ? { interrupted: true, stoppedBy: input.stoppedBy } : {}),
    outcomes,
    harnessErrors: input.harnessErrors,
    ...rateLimitTotal(input.checks),
    ...(input.warnings !== undefined && input.warnings.length > 0 ? { warnings: input.warnings } : {}),
    checks: input.checks,
  };
}

/** Checks that ran to a verdict or an error: every check but the skipped ones. */
function executedCount(summary: Summary): number {
  return summary.checks.filter((check) => check.status !== 'skipped').length;
}

/**
 * TARGET.md's exit status: 1 when a check failed (the verdict stands even if something else broke),
 * 2 when nothing failed but the run could not be fully carried out (an errored check, a harness
 * error, no check executed at all: testing nothing is no success; on a `--certify` run, anything
 * that denies the certificate), else 0.
 */
export function exitCodeOf(summary: Summary): 0 | 1 | 2 {
  // A known deviation (expected) fails nothing; a stale one (unexpected-pass) fails the run.
  if (summary.outcomes.failed > 0 || summary.outcomes['unexpected-pass'] > 0) return 1;
  if (summary.outcomes.errored > 0 || summary.harnessErrors.length > 0) return 2;
  if (executedCount(summary) === 0) return 2;
  if (summary.certified === false) return 2;
  return 0;
}

/**
 * Writes summary.json. A summary that does not match docs/summary.schema.json is a bug of the
 * suite's, never the implementation's: an Error naming the file and the problem, and nothing written.
 */
export function writeSummary(reportDir: string, summary: Summary): string {
  const file = reportPath(reportDir, 'summary.json');
  const problem = summaryProblem(summary);
  if (problem !== undefined)
    throw new Error(`${file}: the summary to write does not match docs/summary.schema.json: ${problem}`);
  mkdirSync(reportDir, { recursive: true });
  writeWhole(file, `${JSON.stringify(summary, null, 2)}\n`);
  return file;
}
