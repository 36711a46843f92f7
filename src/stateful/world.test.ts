import { KNOWLEDGE_BASE } from '../resources/kinds/knowledge-base.ts';
import { describe, expect, it } from 'vitest';
import { SetupError } from '../expect/failure.ts';
import type { ApiClient, CallInput } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import type { AccountResources } from '../resources/account.ts';
import { PLUGIN } from '../resources/kinds/plugin.ts';
import type { KnowledgeSteps } from '../resources/knowledge-steps.ts';
import { ResourceTracker } from '../resources/tracker.ts';
import type { Spec } from '../spec/openapi.ts';
import { createdAgain } from './commands/created-again.ts';
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

/** A world of account A's client, with B as the transfer target where given; `observed` collects its records. */
function worldOf(
  a: ApiClient,
  b: ApiClient | undefined,
  tracker: ResourceTracker,
  observed: string[] = [],
): World {
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
    b && { email: 'b@example.com', client: b },
    (requirement, situation, behaviour) => observed.push(`${requirement} ${situation}: ${behaviour}`),
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

/** The success status the spec documents for each create the tests send. */
const DOCUMENTED: Record<string, number> = { createKnowledgeBase: 201, createPlugin: 200 };

/** A fake implementation answering every create with `status` and `json`, every delete with 200. */
function creating(status: number, json: unknown) {
  const calls: Array<[string, CallInput]> = [];
  const answer = (operationId: string, code: number, body: unknown): Exchange => ({
    operationId,
    label: operationId,
    request: { method: 'POST', url: '/', headers: {} },
    response: { status: code, headers: {}, text: JSON.stringify(body), json: body },
    error: undefined,
    durationMs: 0,
  });
  const client = {
    call: (operationId: string, input: CallInput = {}): Promise<Exchange> => {
      calls.push([operationId, input]);
      const create = operationId.startsWith('create');
      return Promise.resolve(answer(operationId, create ? status : 200, create ? json : {}));
    },
    operation: (operationId: string) => ({
      operationId,
      responses: { [String(DOCUMENTED[operationId] ?? 200)]: {} },
    }),
  } as unknown as ApiClient;
  return { calls, client };
}

describe("the world's create of a knowledge base, by its kind's descriptor", () => {
  it('returns the kbId the answer carries, its deletion registered with the tracker', async () => {
    const { calls, client } = creating(201, { kbId: 'kb-1' });
    const tracker = new ResourceTracker();
    const { id } = await worldOf(client, undefined, tracker).create(KNOWLEDGE_BASE, { name: 'cfx-sb-0' });
    expect(id).toBe('kb-1');
    expect(calls[0]).toEqual(['createKnowledgeBase', { body: { name: 'cfx-sb-0' } }]);
    expect(await tracker.cleanupAll()).toEqual([]);
    expect(calls[1]).toEqual(['deleteKnowledgeBase', { path: { kbId: 'kb-1' } }]);
  });

  it('is a SetupError on an answer but the documented 201, the base it names still deleted', async () => {
    const { calls, client } = creating(200, { kbId: 'kb-2' });
    const tracker = new ResourceTracker();
    await expect(
      worldOf(client, undefined, tracker).create(KNOWLEDGE_BASE, { name: 'cfx-sb-1' }),
    ).rejects.toThrow(SetupError);
    expect(tracker.size).toBe(1);
    await tracker.cleanupAll();
    expect(calls.map(([operationId]) => operationId)).toEqual(['createKnowledgeBase', 'deleteKnowledgeBase']);
  });

  it('is a SetupError on a 201 without a kbId, with nothing to delete', async () => {
    const { client } = creating(201, {});
    const tracker = new ResourceTracker();
    await expect(
      worldOf(client, undefined, tracker).create(KNOWLEDGE_BASE, { name: 'cfx-sb-2' }),
    ).rejects.toThrow(/kbId/);
    expect(tracker.size).toBe(0);
  });
});

describe('a create under a deleted identity (createdAgain)', () => {
  const body = { title: 'cfx_sp0', name: 'Conformance cfx_sp0' };

  it('records a 200 and returns the created plugin, tracked', async () => {
    const observed: string[] = [];
    const tracker = new ResourceTracker();
    const created = await createdAgain(
      worldOf(creating(200, {}).client, undefined, tracker, observed),
      PLUGIN,
      body,
      'IDS-11',
      'again',
    );
    expect(created?.id).toBe('cfx_sp0');
    expect(observed).toEqual(['IDS-11 again: HTTP 200']);
    expect(tracker.size).toBe(1);
  });

  it('records a refusal (a 4xx) and returns nothing', async () => {
    const observed: string[] = [];
    const world = worldOf(
      creating(409, { message: 'taken' }).client,
      undefined,
      new ResourceTracker(),
      observed,
    );
    expect(await createdAgain(world, PLUGIN, body, 'IDS-11', 'again')).toBeUndefined();
    expect(observed).toHaveLength(1);
    expect(observed[0]).toMatch(/^IDS-11 again: .*409/);
  });

  it('fails the step on a 5xx, recording nothing', async () => {
    const observed: string[] = [];
    const world = worldOf(creating(500, {}).client, undefined, new ResourceTracker(), observed);
    await expect(createdAgain(world, PLUGIN, body, 'IDS-11', 'again')).rejects.toThrow(SetupError);
    expect(observed).toEqual([]);
  });
});
