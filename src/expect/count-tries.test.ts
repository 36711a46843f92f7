import { describe, expect, it } from 'vitest';
import { COUNT_MISMATCHES, COUNT_TRIES, judgeCount, type CountTry } from './count-tries.ts';

/** A reader that answers the tries in order, and counts how many were read. */
function tries(...answers: Array<CountTry<number> | undefined>) {
  let read = 0;
  return {
    read: () => Promise.resolve(answers[read++]),
    count: () => read,
  };
}

const moved = (n: number): CountTry<number> => ({ stable: false, agrees: false, evidence: n });
const differs = (n: number): CountTry<number> => ({ stable: true, agrees: false, evidence: n });
const agrees = (n: number): CountTry<number> => ({ stable: true, agrees: true, evidence: n });

describe('judgeCount', () => {
  it('agrees at the first stable try that agrees, moved tries passed over', async () => {
    const reader = tries(moved(1), differs(2), moved(3), agrees(4), differs(5));
    expect(await judgeCount(reader.read)).toEqual({ verdict: 'agrees' });
    expect(reader.count()).toBe(4);
  });

  it(`differs only after ${COUNT_MISMATCHES} stable tries differ, naming the last`, async () => {
    const reader = tries(differs(1), moved(2), differs(3), differs(4), moved(5), differs(6), differs(7));
    expect(await judgeCount(reader.read)).toEqual({ verdict: 'differs', last: 7 });
    expect(reader.count()).toBe(7);
  });

  it(`goes unjudged when ${COUNT_TRIES} tries bring too few stable differences, or nothing compares`, async () => {
    const reader = tries(...Array.from({ length: COUNT_TRIES }, (_, i) => (i % 2 ? moved(i) : differs(i))));
    expect(await judgeCount(reader.read)).toEqual({ verdict: 'unjudged' });
    expect(reader.count()).toBe(COUNT_TRIES);
    expect(await judgeCount(tries(differs(1), undefined, differs(3)).read)).toEqual({ verdict: 'unjudged' });
  });
});
