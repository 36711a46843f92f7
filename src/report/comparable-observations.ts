import type { Observation } from '../harness/check-meta.ts';

/**
 * What several runs observed for one requirement, made comparable (`diff`, `compare`): per run,
 * its distinct values, sorted (the order and number of times a check saw them are not behaviour).
 * A value answering a situation a drawn history reached (Observation.situation) is kept only where
 * every run reached that situation: one reached by some runs only is what their draws exercised,
 * not a difference in behaviour.
 */
export function comparableValues(runs: ReadonlyArray<readonly Observation[]>): string[][] {
  const reachedBy = runs.map(
    (observations) => new Set(observations.flatMap((o) => (o.situation === undefined ? [] : [o.situation]))),
  );
  const reachedByAll = (situation: string) => reachedBy.every((reached) => reached.has(situation));
  return runs.map((observations) =>
    [
      ...new Set(
        observations
          .filter((o) => o.situation === undefined || reachedByAll(o.situation))
          .map((o) => o.value),
      ),
    ].sort(),
  );
}
