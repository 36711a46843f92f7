import type { Summary } from '../report/summary.ts';

/** A requirement, or a transition of a drawn history, the base exercised and no check of the head did. */
export interface CoverageLoss {
  requirement: string;
  /** `requirement`: no check citing it ran; `transition`: no drawn history of the head reached it. */
  kind: 'requirement' | 'transition';
  /** The base's checks that exercised it. */
  checks: string[];
}

/**
 * Whether two runs took the same checks (a summary lists every check its selection took, a skipped
 * one too): only then is a requirement the head did not exercise a loss rather than a choice
 * (`--only`, `--requirement`, another suite).
 */
function sameSelection(base: Summary, head: Summary): boolean {
  const ids = (run: Summary) => JSON.stringify(run.checks.map((check) => check.id).sort());
  return ids(base) === ids(head);
}

/** Each requirement (or transition) a run exercised, with the checks that did. */
type Exercised = Map<string, string[]>;

function add(exercised: Exercised, requirement: string, check: string): void {
  exercised.set(requirement, [...(exercised.get(requirement) ?? []), check]);
}

/** Requirements cited by a check that ran (whatever its verdict). */
function requirementsRun(run: Summary): Exercised {
  const exercised: Exercised = new Map();
  for (const check of run.checks)
    if (check.outcome !== 'skipped')
      for (const requirement of check.requirements) add(exercised, requirement, check.id);
  return exercised;
}

/** Transitions a drawn history reached at least once (ctx.cover with a count). */
function transitionsReached(run: Summary): Exercised {
  const exercised: Exercised = new Map();
  for (const check of run.checks)
    for (const note of check.coverage ?? [])
      if (note.times !== undefined && note.times > 0) add(exercised, note.requirement, check.id);
  return exercised;
}

function lost(base: Exercised, head: Exercised, kind: CoverageLoss['kind']): CoverageLoss[] {
  return [...base]
    .filter(([requirement]) => !head.has(requirement))
    .map(([requirement, checks]) => ({ requirement, kind, checks }));
}

/**
 * What the base exercised and the head did not, when the head ran the same selection: a
 * requirement no check of the head ran for, and a transition no drawn history of the head
 * reached. Which transitions a history reaches is the draw's doing, so transitions are compared
 * only between runs of the same seed: between two seeds a transition reached by one alone is
 * chance, not a loss.
 */
export function coverageLost(base: Summary, head: Summary): CoverageLoss[] {
  if (!sameSelection(base, head)) return [];
  const sameDraw = base.seed !== undefined && base.seed === head.seed;
  return [
    ...lost(requirementsRun(base), requirementsRun(head), 'requirement'),
    ...(sameDraw ? lost(transitionsReached(base), transitionsReached(head), 'transition') : []),
  ].sort((a, b) => a.requirement.localeCompare(b.requirement) || a.kind.localeCompare(b.kind));
}
