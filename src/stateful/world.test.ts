import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import type { AccountResources } from '../resources/account.ts';
import type { KnowledgeSteps } from '../resources/knowledge-steps.ts';
import { ResourceTracker } from '../resources/tracker.ts';
import type { Spec } from '../spec/openapi.ts';
import { World } from './world.ts';

type Account = 'A' | 'B';

/**
 * One assistant on a fake implementation, owned by `owner` (undefined once deleted). A delete by
 * its owner removes it; a delete by the other account answers `foreign` and removes nothing.
 */
function implementation(owner: Account, foreign: number) {
  const state = { owner: owner as Account | undefined, deletes: [] as Account[] };
  const client = (me: Account): ApiClient =>
    ({
      call: (operationId: string): Promise<Exchange> => {
        if (operationId !== 'deletePersona') throw new Error(`unexpected ${operationId}`);
        state.deletes.push(me);
        const mine = state.owner === me;
        if (mine) state.owner = undefined;
        const status = mine ? 200 : foreign;
        return Promise.resolve({
          operationId,
          label: operationId,
          request: { method: 'DELETE', url: '/', headers: {} },
          response: { status, headers: {}, text: '', json: {} },
          error: undefined,
          durationMs: 0,
        });
      },
    }) as unknown as ApiClient;
  return { state, a: client('A'), b: client('B') };
}

function worldOf(a: ApiClient, b: ApiClient, tracker: ResourceTracker): World {
  return new World(
    { client: a } as unknown as KnowledgeSteps,
    {} as AccountResources,
    tracker,
    {} as Spec,
    'cfx',
    {},
    undefined,
    'http://127.0.0.1',
    { timeoutMs: 1 },
    { email: 'b@example.com', client: b },
    () => undefined,
    () => undefined,
  );
}

/** An assistant of the world created by A, its cleanup registered with the tracker as create does. */
function created(world: World, tracker: ResourceTracker, a: ApiClient): void {
  world.assistants.set(0, {
    id: 'cfx-sa-0',
    forget: tracker.register('assistant cfx-sa-0', async () => {
      const exchange = await a.call('deletePersona', { path: {} });
      if (exchange.response?.status !== 200) throw new Error('refused');
    }),
  });
}

describe('the cleanup of an assistant sent to account B', () => {
  it.each([
    ['moved, answered 200', 'B', true, 400],
    ['moved, A answering 200 to its delete without removing it', 'B', true, 200],
    ['not moved although answered 200', 'A', true, 400],
    ['moved although not answered 200, A answering 200 without removing it', 'B', false, 200],
    ['not moved, not answered 200', 'A', false, 400],
  ] as const)('%s: removed, with B’s key first, and no cleanup left', async (_, owner, ok, foreign) => {
    const { state, a, b } = implementation('A', foreign);
    const tracker = new ResourceTracker();
    const world = worldOf(a, b, tracker);
    created(world, tracker, a);
    world.handingOver(0, b);
    state.owner = owner;
    if (ok) world.handedOver(0);
    expect(world.assistants.size + world.transferred.size).toBe(1);
    await world.cleanup();
    expect(state.owner).toBeUndefined();
    expect(state.deletes[0]).toBe('B');
    expect(tracker.size).toBe(0);
  });

  it('stays with the tracker, which tries both keys again, when neither delete succeeded', async () => {
    const { state, a, b } = implementation('B', 400);
    const tracker = new ResourceTracker();
    const world = worldOf(a, b, tracker);
    created(world, tracker, a);
    world.handingOver(0, b);
    world.handedOver(0);
    // Neither key can delete it while an account the run has no key of holds it.
    state.owner = 'C' as Account;
    const before = state.deletes.length;
    await world.cleanup();
    expect(state.deletes.slice(before)).toEqual(['B', 'A']);
    expect(tracker.size).toBe(1);
    state.owner = 'B';
    expect(await tracker.cleanupAll()).toEqual([]);
    expect(state.owner).toBeUndefined();
  });
});
