import { applyExpectations } from '../expectations/apply.ts';
import type { Expectation } from '../expectations/file.ts';
import { collectChecks, type IndexedCheck } from '../harness/check-index.ts';
import { isSmokeCheck } from '../harness/smoke.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import type { CollectReporter } from '../report/collect-reporter.ts';
import { wasNotRun, withNotRun, type Stopped } from '../report/not-run.ts';
import { buildSummary, type Summary, type SummaryCheck } from '../report/summary.ts';
import type { RunningTarget } from '../target/embedded.ts';
import type { RunPlan, RunSelection } from './plan.ts';
import { formatDuration } from './quantities.ts';
import type { StopReason } from './stop.ts';

/** The day a run started, as expectations' `expires` dates read it. */
export function todayOf(plan: RunPlan): string {
  return plan.startedAt.toISOString().slice(0, 10);
}

/** The checks a run selects, from the check index (a stopped run lists those it never finished). */
export async function selectedChecks(selection: RunSelection): Promise<IndexedCheck[]> {
  const wanted = selection.requirements === undefined ? undefined : new Set(selection.requirements);
  return (await collectChecks(PROJECT_ROOT, selection.include)).filter(
    (check) =>
      (wanted === undefined || check.requirements.some((id) => wanted.has(id))) &&
      (selection.smoke !== true || isSmokeCheck(check.id, check.scope)),
  );
}

/** One line saying why a run that executed nothing is no success. */
function nothingRanMessage(selection: RunSelection, checks: readonly SummaryCheck[]): string {
  if (checks.length === 0) return `no check ran: ${selection.description} selected no check`;
  const reason = checks[0]?.message;
  return `no check ran: all ${checks.length} check(s) that ${selection.description} selected were skipped${reason ? ` (the first: ${reason.split('\n')[0]})` : ''}`;
}

/** How a run's checks ended, as the summary needs it. */
export interface EndedChecks {
  runId: string;
  target: Pick<RunningTarget, 'baseUrl' | 'embedded'>;
  collected: Pick<CollectReporter, 'checks' | 'harnessErrors'>;
  stoppedBy: StopReason | undefined;
  /** Why the check files' run broke off, when a harness error did it (vitest could not start them). */
  brokenOff?: string;
  knownDeviations: readonly Expectation[];
  /** The run's own problems beside the checks' (what it could not remove, Allure files unwritten). */
  problems: readonly string[];
}

/**
 * The run's summary, before certification and redaction: the known deviations applied, a stopped
 * run's unfinished checks listed as not run, and why a run that executed nothing is no success.
 */
export async function summarizeRun(plan: RunPlan, ended: EndedChecks): Promise<Summary> {
  const { collected, stoppedBy, target } = ended;
  const stopped: Stopped | undefined =
    stoppedBy === undefined
      ? undefined
      : stoppedBy.kind === 'signal'
        ? { by: stoppedBy.signal }
        : { by: 'deadline', deadline: formatDuration(stoppedBy.deadlineMs) };
  // A stopped run lists every check of its selection: those it never finished as not run.
  const checks =
    stopped === undefined
      ? collected.checks
      : withNotRun(collected.checks, await selectedChecks(plan.selection), stopped);
  const cut = checks.filter((check) => wasNotRun(check));
  const executed = checks.filter((check) => check.outcome !== 'skipped').length;
  const applied = applyExpectations(checks, ended.knownDeviations, todayOf(plan));
  return buildSummary({
    seed: plan.seed,
    runId: ended.runId,
    ...(plan.selection.shard !== undefined ? { shard: plan.selection.shard } : {}),
    embedded: target.embedded,
    ...(stopped !== undefined ? { stoppedBy: stopped.by } : {}),
    target: target.baseUrl,
    startedAt: plan.startedAt,
    durationMs: Date.now() - plan.startedAt.getTime(),
    checks: applied.checks,
    warnings: applied.warnings,
    // A run that executed nothing says why in summary.json too, not only on the terminal.
    harnessErrors: [
      ...collected.harnessErrors,
      ...(ended.brokenOff !== undefined ? [`the check files' run broke off: ${ended.brokenOff}`] : []),
      ...(stoppedBy?.kind === 'deadline'
        ? [
            `the run's deadline (${formatDuration(stoppedBy.deadlineMs)}) passed: ${cut.length} check(s) did not run`,
          ]
        : []),
      // Unless a harness error already says why (a worker that could not start, vitest broken off).
      ...(executed === 0 &&
      stoppedBy === undefined &&
      collected.harnessErrors.length === 0 &&
      ended.brokenOff === undefined
        ? [nothingRanMessage(plan.selection, collected.checks)]
        : []),
      ...ended.problems,
    ],
  });
}
