import type { IndexedCheck } from '../harness/check-index.ts';
import type { SummaryCheck } from './summary.ts';

/**
 * A run stopped early (a signal, its deadline) still accounts for every check it was asked to run:
 * those it never finished are listed with the reason, never silently absent from summary.json, so
 * that a reader sees how much of the selection the verdict rests on.
 */

/** What stopped the run (summary.json's `stoppedBy`); a deadline as the person gave it (`30m`). */
export type Stopped = { by: 'SIGINT' | 'SIGTERM' } | { by: 'deadline'; deadline: string };

/** The start of the message of every check the run never finished; the reason follows it. */
const NOT_RUN = 'not run';

/** Whether a check of a summary never ran to its end (its message says why). */
export function wasNotRun(check: SummaryCheck): boolean {
  return check.message === NOT_RUN || check.message?.startsWith(`${NOT_RUN}:`) === true;
}

/**
 * A check a stop kept from finishing: vitest reports the one it aborted mid-way as skipped
 * ("aborted"), and those of a started file it never reached as pending ("not run").
 */
function cutShort(check: SummaryCheck): boolean {
  return check.outcome === 'skipped' && (wasNotRun(check) || check.message?.includes('aborted') === true);
}

/**
 * The outcome a stop gives what it kept from running: a signal is the person's choice (skipped,
 * as the run was asked to end), a deadline is the run failing to finish (errored: not a verdict,
 * but the run could not be carried out).
 */
function notRunOutcome(stop: Stopped): Pick<SummaryCheck, 'status' | 'outcome' | 'message'> {
  return stop.by === 'deadline'
    ? {
        status: 'failed',
        outcome: 'errored',
        message: `${NOT_RUN}: the run's deadline (${stop.deadline}) passed before it finished (--deadline)`,
      }
    : {
        status: 'skipped',
        outcome: 'skipped',
        message: `${NOT_RUN}: the run was interrupted (${stop.by})`,
      };
}

/**
 * The checks of a stopped run: those that finished as reported, then every other check of the
 * selection (`selected`, from the check index) as not run, with the reason.
 */
export function withNotRun(
  reported: readonly SummaryCheck[],
  selected: readonly IndexedCheck[],
  stop: Stopped,
): SummaryCheck[] {
  const finished = reported.filter((check) => !cutShort(check));
  const seen = new Set(finished.map((check) => check.id));
  const outcome = notRunOutcome(stop);
  const notRun = selected
    .filter((check) => !seen.has(check.id))
    .map((check): SummaryCheck => ({
      id: check.id,
      requirements: check.requirements,
      ...outcome,
      title: check.title,
      file: check.file,
      durationMs: 0,
    }));
  return [...finished, ...notRun];
}
