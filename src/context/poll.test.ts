import { describe, expect, it } from 'vitest';
import { pollUntil } from './poll.ts';

describe('pollUntil', () => {
  it('returns as soon as the answer is accepted', async () => {
    let n = 0;
    const result = await pollUntil(
      async () => ++n,
      (v) => v >= 3,
      { intervalMs: 1 },
    );
    expect(result).toEqual({ answer: 3, satisfied: true, attempts: 3 });
  });

  it('gives up at the deadline with the last answer', async () => {
    const result = await pollUntil(
      async () => 'never',
      () => false,
      { timeoutMs: 30, intervalMs: 5 },
    );
    expect(result.satisfied).toBe(false);
    expect(result.answer).toBe('never');
    expect(result.attempts).toBeGreaterThan(1);
  });
});
