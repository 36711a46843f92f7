import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromFaker, realisticEmail, realisticWords } from './realistic.ts';
import { seeded } from './seeded.ts';

describe('realistic values from faker, seeded by fast-check', () => {
  it('draws the same values again from the same fast-check seed, and other values from another', () => {
    const arbitrary = fc.tuple(
      realisticEmail(),
      realisticWords(),
      fromFaker((f) => f.person.fullName()),
    );
    const draw = (seed: number) => fc.sample(arbitrary, { seed, numRuns: 20 });
    expect(draw(7)).toEqual(draw(7));
    expect(draw(8)).not.toEqual(draw(7));
  });

  it('gives English, realistic values, and spreads them', () => {
    const emails = fc.sample(realisticEmail(), { seed: 1, numRuns: 200 });
    for (const email of emails) expect(email).toMatch(/^[a-z0-9._-]+@example\.com$/);
    // fast-check's bias towards small numbers repeats some seeds: 177 distinct ones in this sample.
    expect(new Set(emails).size).toBeGreaterThanOrEqual(175);
    const words = fc.sample(realisticWords(), { seed: 2, numRuns: 50 }).join(' ');
    expect(words).toMatch(/^[a-z ]+$/);
  });

  it("draws from the seeded Mulberry32 randomizer, not faker's own Mersenne Twister", () => {
    // fromFaker seeds faker with a drawn integer; the same fast-check seed draws the same integers.
    const seeds = fc.sample(fc.noShrink(fc.integer({ min: 1, max: 2 ** 31 - 1 })), { seed: 5, numRuns: 10 });
    const drawn = fc.sample(
      fromFaker((f) => f.number.int({ min: 0, max: 999_999 })),
      { seed: 5, numRuns: 10 },
    );
    // faker's int is floor(next() × the range's size + its start): the randomizer's first value shows through.
    expect(drawn).toEqual(seeds.map((seed) => Math.floor(seeded(seed)() * 1_000_000)));
  });
});
