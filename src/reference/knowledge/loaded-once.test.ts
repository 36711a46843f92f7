import { describe, expect, it } from 'vitest';
import { loadedOnce } from './loaded-once.ts';

describe('loadedOnce', () => {
  it('loads once for callers asking at the same time and after', async () => {
    let loads = 0;
    const get = loadedOnce(async () => {
      loads += 1;
      return { value: 42 };
    });
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load, and keeps the load that worked', async () => {
    let loads = 0;
    const get = loadedOnce(async () => {
      loads += 1;
      if (loads === 1) throw new Error('not installed');
      return 'parser';
    });
    await expect(get()).rejects.toThrow('not installed');
    expect(await get()).toBe('parser');
    expect(await get()).toBe('parser');
    expect(loads).toBe(2);
  });
});
