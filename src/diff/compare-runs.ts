import type { Observation } from '../harness/check-meta.ts';
import { comparableValues } from '../report/comparable-observations.ts';
import type { Summary, SummaryCheck } from '../report/summary.ts';
import { ConfigError } from '../target/config-error.ts';
import { coverageLost, type CoverageLoss } from './coverage-lost.ts';

/** How a check's outcome counts when two runs are compared. */
type Standing = 'good' | 'bad' | 'skipped' | 'expected';

function standingOf(check: SummaryCheck): Standing {
  switch (check.outcome) {
    case 'passed':
    case 'warned':
    case 'observed':
      return 'good';
    case 'skipped':
      return 'skipped';
    case 'expected':
      return 'expected';
    default:
      return 'bad';
  }
}

export interface CheckChange {
  id: string;
  requirements: string[];
  before?: string;
  after?: string;
  /** The head run's message (a failure, a skip reason). */
  message?: string;
}

export interface ObservationChange {
  id: string;
  requirement: string;
  before: string[];
  after: string[];
}

/** What changed between a base run and a head run, per check and per requirement. */
export interface RunDiff {
  base: { target: string; startedAt: string };
  head: { target: string; startedAt: string };
  regressed: CheckChange[];
  fixed: CheckChange[];
  newlyFailing: CheckChange[];
  newlySkipped: CheckChange[];
  added: CheckChange[];
  removed: CheckChange[];
  observations: ObservationChange[];
  /** Requirements and transitions the base exercised and no check of the head did (same selection). */
  coverageLost: CoverageLoss[];
  /** Requirement ids with a regressed check, and with a fixed one. */
  requirements: { regressed: string[]; fixed: string[] };
}

function change(before: SummaryCheck | undefined, after: SummaryCheck | undefined): CheckChange {
  const check = after ?? before;
  return {
    id: check?.id ?? '',
    requirements: check?.requirements ?? [],
    ...(before ? { before: before.outcome } : {}),
    ...(after ? { after: after.outcome } : {}),
    ...(after?.message !== undefined ? { message: after.message.split('\n')[0] ?? '' } : {}),
  };
}

/** What a check observed for each requirement. */
function observationsByRequirement(check: SummaryCheck): Map<string, Observation[]> {
  const byRequirement = new Map<string, Observation[]>();
  for (const observation of check.observations ?? [])
    byRequirement.set(observation.requirement, [
      ...(byRequirement.get(observation.requirement) ?? []),
      observation,
    ]);
  return byRequirement;
}

/** The requirements whose comparable values (comparableValues: situations both runs reached) differ. */
function observationChanges(before: SummaryCheck, after: SummaryCheck): ObservationChange[] {
  const a = observationsByRequirement(before);
  const b = observationsByRequirement(after);
  return [...new Set([...a.keys(), ...b.keys()])].sort().flatMap((requirement) => {
    const [was = [], now = []] = comparableValues([a.get(requirement) ?? [], b.get(requirement) ?? []]);
    return JSON.stringify(was) === JSON.stringify(now)
      ? []
      : [{ id: after.id, requirement, before: was, after: now }];
  });
}

/**
 * Two runs compared check by check (by id): regressed (good before, failing now), fixed, newly
 * failing (failing now, skipped or absent before), newly skipped, added and removed checks, changed
 * observations (a behaviour difference where the document leaves a point open), and coverage lost
 * (coverageLost). What a run happened to exercise (`coverage`) is otherwise not compared. Summaries of different `schemaVersion` cannot be compared: a ConfigError says so.
 */
export function diffRuns(base: Summary, head: Summary): RunDiff {
  if (base.schemaVersion !== head.schemaVersion) {
    throw new ConfigError(
      `the runs cannot be compared: BASE has summary schemaVersion ${String(base.schemaVersion ?? 'none')}, HEAD ${String(head.schemaVersion ?? 'none')}`,
    );
  }
  const before = new Map(base.checks.map((check) => [check.id, check]));
  const after = new Map(head.checks.map((check) => [check.id, check]));
  const diff: RunDiff = {
    base: { target: base.target, startedAt: base.startedAt },
    head: { target: head.target, startedAt: head.startedAt },
    regressed: [],
    fixed: [],
    newlyFailing: [],
    newlySkipped: [],
    added: [],
    removed: [],
    observations: [],
    coverageLost: coverageLost(base, head),
    requirements: { regressed: [], fixed: [] },
  };
  for (const now of head.checks) {
    const was = before.get(now.id);
    const nowStanding = standingOf(now);
    if (!was) {
      diff.added.push(change(undefined, now));
      if (nowStanding === 'bad') diff.newlyFailing.push(change(undefined, now));
      continue;
    }
    const wasStanding = standingOf(was);
    if (wasStanding === 'good' && nowStanding === 'bad') diff.regressed.push(change(was, now));
    else if (wasStanding === 'bad' && nowStanding === 'good') diff.fixed.push(change(was, now));
    else if ((wasStanding === 'skipped' || wasStanding === 'expected') && nowStanding === 'bad')
      diff.newlyFailing.push(change(was, now));
    if (wasStanding !== 'skipped' && nowStanding === 'skipped') diff.newlySkipped.push(change(was, now));
    diff.observations.push(...observationChanges(was, now));
  }
  for (const was of base.checks) if (!after.has(was.id)) diff.removed.push(change(was, undefined));
  const ids = (changes: CheckChange[]) => [...new Set(changes.flatMap((c) => c.requirements))].sort();
  diff.requirements = { regressed: ids(diff.regressed), fixed: ids(diff.fixed) };
  return diff;
}

/** The lists of a diff that name what changed; `requirements` only sums up `regressed` and `fixed`. */
const CHANGE_LISTS = [
  'regressed',
  'fixed',
  'newlyFailing',
  'newlySkipped',
  'added',
  'removed',
  'observations',
  'coverageLost',
] as const satisfies ReadonlyArray<keyof RunDiff>;

/**
 * Every list of RunDiff is a change list: a list added to RunDiff and not to CHANGE_LISTS would be
 * missed by changesOf and isUnchanged alike (so no test of one against the other could see it), and
 * fails the typecheck here instead.
 */
type DiffLists = { [K in keyof RunDiff]: RunDiff[K] extends readonly unknown[] ? K : never }[keyof RunDiff];
type UnlistedChanges = Exclude<DiffLists, (typeof CHANGE_LISTS)[number]>;
const EVERY_LIST_IS_A_CHANGE_LIST: [UnlistedChanges] extends [never] ? true : UnlistedChanges = true;
void EVERY_LIST_IS_A_CHANGE_LIST;

type Changes = Partial<Pick<RunDiff, (typeof CHANGE_LISTS)[number]>>;

/** The lists of `diff` that hold a change, by name: `{}` when nothing changed. */
export function changesOf(diff: RunDiff): Changes {
  return Object.fromEntries(
    CHANGE_LISTS.filter((list) => diff[list].length > 0).map((list) => [list, diff[list]]),
  );
}

/** Whether anything changed at all (durations and timestamps aside). */
export function isUnchanged(diff: RunDiff): boolean {
  return CHANGE_LISTS.every((list) => diff[list].length === 0);
}
