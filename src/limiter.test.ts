import { describe, expect, it } from 'vitest';
import { limiter } from './limiter.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('limiter', () => {
  it('runs at most `jobs` tasks at once, starting them in the order handed over', async () => {
    const limit = limiter(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      [5, 1, 4, 2, 3].map((n) =>
        limit(async () => {
          started.push(n);
          running += 1;
          most = Math.max(most, running);
          for (let i = 0; i < n; i += 1) await tick();
          running -= 1;
          return n * 10;
        }),
      ),
    );
    expect(results).toEqual([50, 10, 40, 20, 30]);
    expect(started).toEqual([5, 1, 4, 2, 3]);
    expect(most).toBe(2);
  });

  it('passes a failure on and goes on with the next task', async () => {
    const limit = limiter(1);
    const failing = limit(() => Promise.reject(new Error('boom')));
    const next = limit(async () => 'next');
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe('next');
  });

  it('treats fewer than one job as one', async () => {
    expect(await limiter(0)(async () => 1)).toBe(1);
  });
});
