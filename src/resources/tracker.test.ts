import { describe, expect, it } from 'vitest';
import { ResourceTracker } from './tracker.ts';

describe('ResourceTracker', () => {
  it('cleans up newest first and reports failures without stopping', async () => {
    const tracker = new ResourceTracker();
    const order: string[] = [];
    tracker.register('base', async () => {
      order.push('base');
    });
    tracker.register('broken', async () => {
      order.push('broken');
      throw new Error('HTTP 500\nbody');
    });
    tracker.register('attachment', async () => {
      order.push('attachment');
    });
    expect(await tracker.cleanupAll()).toEqual(['broken: HTTP 500']);
    expect(order).toEqual(['attachment', 'broken', 'base']);
    expect(tracker.size).toBe(0);
  });

  it('forgets a resource the check already deleted', async () => {
    const tracker = new ResourceTracker();
    let ran = false;
    const forget = tracker.register('persona', async () => {
      ran = true;
    });
    forget();
    await tracker.cleanupAll();
    expect(ran).toBe(false);
  });
});
