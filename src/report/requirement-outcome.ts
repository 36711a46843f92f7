import type { SummaryCheck } from './summary.ts';

const FAILING = new Set(['failed', 'errored', 'unexpected-pass']);

/** Where a run stands on one requirement: the outcome of the checks citing it, and what they observed. */
export interface RequirementOutcome {
  /** `failed`, `expected`, `passed`, `skipped`, or `—` when no check cites it. */
  outcome: string;
  checks: SummaryCheck[];
  /** The distinct values observed for the requirement, sorted. */
  observed: string[];
}

/**
 * One failing check fails the requirement; else a known deviation marks it expected; else it
 * passed when a check citing it ran, and was skipped when every one was skipped.
 */
export function requirementOutcome(requirement: string, checks: readonly SummaryCheck[]): RequirementOutcome {
  const citing = checks.filter((check) => check.requirements.includes(requirement));
  const observed = [
    ...new Set(
      citing.flatMap((check) =>
        (check.observations ?? []).filter((o) => o.requirement === requirement).map((o) => o.value),
      ),
    ),
  ].sort();
  const outcomes = citing.map((check) => check.outcome);
  let outcome = '—';
  if (outcomes.some((o) => FAILING.has(o))) outcome = 'failed';
  else if (outcomes.includes('expected')) outcome = 'expected';
  else if (outcomes.length > 0 && outcomes.every((o) => o === 'skipped')) outcome = 'skipped';
  else if (outcomes.length > 0) outcome = 'passed';
  return { outcome, checks: citing, observed };
}
