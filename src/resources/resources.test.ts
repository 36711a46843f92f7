import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConformanceFailure, SetupError } from '../expect/failure.ts';
import { ApiClient } from '../http/client.ts';
import { createReferenceServer, type ReferenceServer } from '../reference/server.ts';
import { loadSpec, type Spec } from '../spec/openapi.ts';
import { assistantObjectId, createAssistant, readAssistant } from './assistants.ts';
import { inBatches } from './batch.ts';
import { assistantBody, assistantDrafter, pluginBody, withoutOptionalFields } from './drafts.ts';
import { createKnowledgeBase } from './knowledge-bases.ts';
import { carriesPrefix, prefixPattern } from './leftovers.ts';
import { newRunId, RUN_ID_PATTERN } from './run-id.ts';
import { collectPages, findInCollection, walkPages } from './pages.ts';
import { createPlugin, foundOwnPlugin, getPlugin, pluginObjectId, trackIfCreated } from './plugins.ts';
import { ResourceTracker } from './tracker.ts';
import { catalogVoiceIds } from './voices.ts';
import type { Exchange } from '../http/exchange.ts';
import { expectEachOnce } from '../expect/page-walk.ts';

const PREFIX = 'cf0000000000ff';
let server: ReferenceServer;
let spec: Spec;
let full: ApiClient;
let voiceIds: string[];

beforeAll(async () => {
  server = await createReferenceServer();
  spec = await loadSpec();
  full = new ApiClient({ baseUrl: server.baseUrl, apiKey: server.keyring.keys.full, spec });
  voiceIds = await catalogVoiceIds(full);
});
afterAll(() => server.close());

async function status(call: Promise<{ response?: { status: number } }>): Promise<number | undefined> {
  return (await call).response?.status;
}

describe('creation helpers', () => {
  it("trackIfCreated: a plugin a create meant to be refused made is removed by its title when that is the run's, else reported and left alone", async () => {
    const answer = (status: number): Exchange => ({
      operationId: 'createPlugin',
      label: 'createPlugin',
      request: { method: 'POST', url: 'http://127.0.0.1/x', headers: {} },
      response: { status, headers: {}, text: '{}', json: {} },
      error: undefined,
      durationMs: 1,
    });
    const tracker = new ResourceTracker();
    trackIfCreated(tracker, full, { title: `${PREFIX}_refused` }, answer(404), PREFIX);
    trackIfCreated(tracker, full, { name: 'no title' }, answer(404), PREFIX);
    expect(tracker.size).toBe(0);

    // The run's own title: deleted when the file ends.
    const made = await createPlugin(full, new ResourceTracker(), pluginBody(spec, PREFIX));
    trackIfCreated(tracker, full, { title: made.title }, answer(200), PREFIX);
    // A reserved title and no title at all: reported when the file ends, nothing sent for them.
    trackIfCreated(tracker, full, { title: 'browser_search' }, answer(200), PREFIX);
    trackIfCreated(tracker, full, { name: 'no title' }, answer(201), PREFIX);
    expect(tracker.size).toBe(3);
    const problems = await tracker.cleanupAll();
    expect(problems).toEqual([
      'plugin without a title: a create without a title was answered 201: plugins are found and deleted by title, so nothing can remove it; look for it by hand',
      "plugin browser_search: its title is not the run's own (it may be the platform's or a person's): left alone",
    ]);
    expect(foundOwnPlugin(await getPlugin(full, made.title), made.title)).toBe(false);
  });

  it('createAssistant creates, registers the deletion, and the tracker deletes it', async () => {
    const tracker = new ResourceTracker();
    const { customPersonaId } = await createAssistant(
      full,
      tracker,
      assistantBody(spec, { prefix: PREFIX, voiceIds }),
    );
    expect(tracker.size).toBe(1);
    expect((await readAssistant(full, customPersonaId)).customPersonaId).toBe(customPersonaId);
    expect(await assistantObjectId(full, customPersonaId)).toMatch(/^[0-9a-f]{24}$/);
    expect(await tracker.cleanupAll()).toEqual([]);
    expect(
      await status(full.call('getPersona', { path: { sessionId: 's', personaId: customPersonaId } })),
    ).toBe(400);
  });

  it('a refused create is a SetupError with its exchange and leaves nothing tracked', async () => {
    const tracker = new ResourceTracker();
    const body = assistantBody(spec, { prefix: PREFIX, voiceIds }, { isPublic: undefined });
    const error = await createAssistant(full, tracker, body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SetupError);
    expect((error as SetupError).message).toMatch(/Received: 400 \/ Needed: 200[\s\S]*createPersona/);
    expect((error as SetupError).exchange?.operationId).toBe('createPersona');
    expect(tracker.size).toBe(0);
  });

  it('a cleanup client other than the creator deletes (here: after a transfer-like hand-over)', async () => {
    const tracker = new ResourceTracker();
    const other = full.withKey(server.keyring.keys.other);
    const created = await createAssistant(other, tracker, assistantBody(spec, { prefix: PREFIX, voiceIds }), {
      cleanupClient: other,
    });
    expect(await tracker.cleanupAll()).toEqual([]);
    expect(
      await status(
        other.call('getPersona', { path: { sessionId: 's', personaId: created.customPersonaId } }),
      ),
    ).toBe(400);
  });

  it('a failing cleanup is reported, not thrown', async () => {
    const tracker = new ResourceTracker();
    const created = await createAssistant(full, tracker, assistantBody(spec, { prefix: PREFIX, voiceIds }));
    await full.call('deletePersona', { path: { sessionId: 's', personaId: created.customPersonaId } });
    const problems = await tracker.cleanupAll();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^assistant .+: deletePersona answered 400$/);
  });

  it('createPlugin and createKnowledgeBase register their deletions too', async () => {
    const tracker = new ResourceTracker();
    const { title } = await createPlugin(full, tracker, pluginBody(spec, PREFIX));
    expect(await pluginObjectId(full, title)).toMatch(/^[0-9a-f]{24}$/);
    expect(foundOwnPlugin(await getPlugin(full, title), title)).toBe(true);
    const { kbId } = await createKnowledgeBase(full, tracker, { name: `${PREFIX} base` });
    expect(tracker.size).toBe(2);
    expect(await tracker.cleanupAll()).toEqual([]);
    expect(foundOwnPlugin(await getPlugin(full, title), title)).toBe(false);
    expect(await status(full.call('listDocuments', { path: { kbId } }))).not.toBe(200);
  });

  it('assistantDrafter draws voices from the catalog and applies overrides', async () => {
    const draft = await assistantDrafter(full, spec, PREFIX);
    const a = draft({ title: undefined, os: ['web'] });
    const b = draft();
    expect(a.customPersonaId).not.toBe(b.customPersonaId);
    expect(voiceIds).toContain(a.voice);
    expect(a).not.toHaveProperty('title');
    expect(a.os).toEqual(['web']);
  });
});

describe('pages', () => {
  it('collect every item across pages and find particular ones', async () => {
    const tracker = new ResourceTracker();
    const draft = await assistantDrafter(full, spec, PREFIX);
    const ids = await inBatches(
      [0, 1, 2, 3, 4],
      2,
      async () => (await createAssistant(full, tracker, draft({ os: ['web'] }))).customPersonaId,
    );
    const items = await collectPages(full, 'listPersonas', { query: { os: 'web' }, limit: 2 });
    expect(items.map((i) => i.customPersonaId)).toEqual(expect.arrayContaining(ids));
    const { found, items: byId } = await findInCollection(
      full,
      'listPersonas',
      'customPersonaId',
      [ids[0]!, 'not-there'],
      {
        query: { os: 'web' },
        limit: 2,
      },
    );
    expect([...found]).toEqual([ids[0]]);
    expect(byId.get(ids[0]!)?.os).toEqual(['web']);
    expect(await tracker.cleanupAll()).toEqual([]);
  });

  it("read the plugin routes' empty-result shape as no items", async () => {
    expect(await collectPages(full, 'searchPlugins', { query: { search: `${PREFIX}nothing` } })).toEqual([]);
  });

  it('a page that is not a 200 is a failure of the implementation', async () => {
    await expect(
      collectPages(full, 'listPersonas', { query: { isPublic: 'nonsense' } }),
    ).rejects.toBeInstanceOf(ConformanceFailure);
  });
});

describe('walkPages', () => {
  it('reads pages 1 … totalPages with the size asked, recording identities and totals', async () => {
    const tracker = new ResourceTracker();
    const draft = await assistantDrafter(full, spec, PREFIX);
    const word = `${PREFIX}walk`;
    const ids = await inBatches(
      [0, 1, 2, 3, 4],
      2,
      async (i) =>
        (await createAssistant(full, tracker, draft({ name: `${word} ${i}`, os: ['web'] }))).customPersonaId,
    );
    const seen: number[] = [];
    const walk = await walkPages(full, 'searchPersonas', {
      query: { search: word, os: 'web' },
      key: 'customPersonaId',
      limit: 2,
      cap: 10,
      onPage: (_exchange, page) => seen.push(page),
    });
    expect(seen).toEqual([1, 2, 3]);
    expect(walk.totalPages).toBe(3);
    expect(walk.pages.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(expectEachOnce(walk, ids)).toEqual({ outcome: 'complete' });
    const capped = await walkPages(full, 'searchPersonas', {
      query: { search: word, os: 'web' },
      key: 'customPersonaId',
      limit: 2,
      cap: 1,
    });
    expect(capped.pages).toHaveLength(1);
    expect(expectEachOnce(capped, ids)).toMatchObject({ outcome: 'capped' });
    expect(await tracker.cleanupAll()).toEqual([]);
  });
});

describe('catalogVoiceIds', () => {
  it('fails, as a verdict, a catalog without a voice: no assistant could be created', async () => {
    const empty: Exchange = {
      operationId: 'listVoices',
      label: 'listVoices — GET /users/get_voice_clone',
      request: { method: 'GET', url: 'http://127.0.0.1/api/v1/users/get_voice_clone', headers: {} },
      response: { status: 200, headers: {}, text: '', json: { status: true, message: 'none', data: [] } },
      error: undefined,
      durationMs: 1,
    };
    const client = { call: () => Promise.resolve(empty) } as unknown as ApiClient;
    await expect(catalogVoiceIds(client)).rejects.toThrow(/voice catalog without a voice _id/);
    await expect(catalogVoiceIds(client)).rejects.toBeInstanceOf(ConformanceFailure);
  });
});

describe('withoutOptionalFields', () => {
  it('removes every optional field of a drawn body and keeps the required ones', () => {
    const body = assistantBody(
      spec,
      { prefix: PREFIX, voiceIds },
      withoutOptionalFields('PersonaCreateBody'),
    );
    expect(Object.keys(body).sort()).toEqual(['customPersonaId', 'isPublic', 'name', 'tags', 'voice']);
  });
});

describe('inBatches', () => {
  it('keeps the order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const results = await inBatches([5, 1, 4, 2, 3], 2, async (n, i) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, n));
      running -= 1;
      return `${i}:${n}`;
    });
    expect(results).toEqual(['0:5', '1:1', '2:4', '3:2', '4:3']);
    expect(peak).toBe(2);
  });
});

describe('leftover patterns', () => {
  it('take only a whole run id at the start of an identity, never a name that merely starts with cf', () => {
    const any = prefixPattern(undefined);
    const runId = newRunId();
    expect(RUN_ID_PATTERN.test(runId)).toBe(true);
    expect(carriesPrefix(`${runId}a1b2c3-desk-1`, any)).toBe(true);
    expect(carriesPrefix(`desk ${runId}`, any)).toBe(false);
    // What an older, looser pattern took for leftovers: a person's assistant and base.
    expect(carriesPrefix('cfcustomerservice', any)).toBe(false);
    expect(carriesPrefix('cfoundationdocs (a customer KB)', any)).toBe(false);
    expect(carriesPrefix('cfrunshort', any)).toBe(false);
    expect(carriesPrefix(42, any)).toBe(false);
    expect(carriesPrefix(`${runId}_x`, prefixPattern(runId))).toBe(true);
    expect(carriesPrefix(`${newRunId()}_x`, prefixPattern(runId))).toBe(false);
  });

  it('make run ids that differ within one millisecond', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newRunId(1_764_000_000_000)));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(RUN_ID_PATTERN);
  });
});
