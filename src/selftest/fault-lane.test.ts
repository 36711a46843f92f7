import { describe, expect, it, vi } from 'vitest';
import { PROJECT_ROOT } from '../project-root.ts';
import { FaultLane } from './fault-lane.ts';

const listening = () => process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap').length;

describe('a fault lane', () => {
  it('that cannot open its vitest instance leaves no fixture server behind', async () => {
    const before = listening();
    await expect(
      FaultLane.open(PROJECT_ROOT, () => Promise.reject(new Error('vitest could not start'))),
    ).rejects.toThrow('vitest could not start');
    // A closed server's handle goes a moment after its close is called back.
    await vi.waitFor(() => expect(listening()).toBe(before), { timeout: 2_000 });
  });
});
