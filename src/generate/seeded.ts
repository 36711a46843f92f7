/**
 * Mulberry32: a small seeded generator of numbers in [0, 1), so a script draws the same sample or
 * the same text on every run with the same seed, and faker draws a value from a seed (realistic.ts)
 * without setting up a Mersenne Twister for each one.
 */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
