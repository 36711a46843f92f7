/**
 * How often ret=count is compared with the list's total of the same filters before a difference is
 * a failure. The account is shared with the run's other check files (and, on a real account, with
 * its people), which create and delete assistants at any moment, so a try is judged only when the
 * list's total read just before and just after the count agree. Even then a neighbour's assistant
 * created and deleted again between those two reads (a property's create, get, delete) shows in the
 * count alone: three such tries in a row once failed a correct implementation under load. So the
 * count fails only when it differs in COUNT_MISMATCHES such tries before it agrees in one, and goes
 * unjudged when COUNT_TRIES tries bring fewer; a count that ignores a filter or is cached differs
 * in every one.
 */
export const COUNT_TRIES = 8;
export const COUNT_MISMATCHES = 5;

/** One try: whether the list's total held still around the count, and whether the count carried it. */
export interface CountTry<Evidence> {
  stable: boolean;
  agrees: boolean;
  evidence: Evidence;
}

export type CountVerdict<Evidence> =
  { verdict: 'agrees' } | { verdict: 'unjudged' } | { verdict: 'differs'; last: Evidence };

/**
 * The rule above, for any reading of a count beside its list: `read` makes one try (undefined when
 * nothing can be compared at all, which ends it unjudged), until a stable try agrees, COUNT_MISMATCHES
 * stable tries differ (with the last of them), or COUNT_TRIES are spent.
 */
export async function judgeCount<Evidence>(
  read: () => Promise<CountTry<Evidence> | undefined>,
): Promise<CountVerdict<Evidence>> {
  let mismatches = 0;
  for (let attempt = 0; attempt < COUNT_TRIES; attempt += 1) {
    const attemptRead = await read();
    if (attemptRead === undefined) return { verdict: 'unjudged' };
    if (!attemptRead.stable) continue;
    if (attemptRead.agrees) return { verdict: 'agrees' };
    mismatches += 1;
    if (mismatches === COUNT_MISMATCHES) return { verdict: 'differs', last: attemptRead.evidence };
  }
  return { verdict: 'unjudged' };
}
