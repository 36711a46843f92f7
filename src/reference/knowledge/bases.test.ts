import { afterEach, beforeEach, describe, it, expect } from 'vitest';
import {
  ACCOUNT_A,
  ACCOUNT_B,
  createBase,
  ingestText,
  startKbTestApp,
  type KbTestApp,
} from './test-support.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

let app: KbTestApp;
beforeEach(async () => {
  app = await startKbTestApp();
});
afterEach(async () => {
  await app.close();
});

describe('createKnowledgeBase — POST /kb', () => {
  it('answers 201 with status "ok", a UUID kbId, the name and an empty default description', async () => {
    const { status, body } = await app.call('POST', '/kb', { json: { name: 'Handbook' } });
    expect(status).toBe(201);
    expect(body).toEqual({
      status: 'ok',
      kbId: expect.stringMatching(UUID) as unknown,
      name: 'Handbook',
      description: '',
    });
  });

  it('echoes a given description', async () => {
    const { body } = await app.call('POST', '/kb', { json: { name: 'H', description: 'Policies' } });
    expect(body.description).toBe('Policies');
  });

  it.each([
    ['no body', undefined],
    ['no name', { description: 'x' }],
    ['an empty name', { name: '' }],
    ['a name that is not a string', { name: 5 }],
    ['a description that is not a string', { name: 'n', description: false }],
    ['an array', [{ name: 'n' }]],
  ])('refuses %s with a 400', async (_case, json) => {
    const { status, body } = await app.call('POST', '/kb', json === undefined ? {} : { json });
    expect(status).toBe(400);
    expect(body.status).toBe('error');
  });
});

describe('listKnowledgeBases — GET /kb', () => {
  it('shows every field of the base table, with the defaults of a new base', async () => {
    const kbId = await createBase(app, 'Handbook');
    const { status, body } = await app.call('GET', '/kb');
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      kbs: [
        {
          kbId,
          name: 'Handbook',
          description: '',
          docsCount: 0,
          totalSize: 0,
          liveSourcesCount: 0,
          autoRefresh: { enabled: false, intervalDays: 3, lastRefreshedAt: null, nextRefreshAt: null },
          createdAt: expect.stringMatching(ISO_8601) as unknown,
          shared: false,
        },
      ],
    });
  });

  it('counts documents, their bytes and the inline ones', async () => {
    const kbId = await createBase(app);
    await ingestText(app, kbId, 'é'.repeat(3000), 'vector doc', 'vector');
    await ingestText(app, kbId, 'short note', 'inline doc', 'inline');
    const { body } = await app.call('GET', '/kb');
    expect(body.kbs).toEqual([
      expect.objectContaining({ docsCount: 2, totalSize: 6000 + 10, liveSourcesCount: 1 }),
    ]);
  });

  it("shows an account its own bases only, never another account's", async () => {
    const mine = await createBase(app, 'mine', ACCOUNT_A);
    await createBase(app, 'theirs', ACCOUNT_B);
    const { body } = await app.call('GET', '/kb', { account: ACCOUNT_A });
    expect((body.kbs as Array<{ kbId: string }>).map((kb) => kb.kbId)).toEqual([mine]);
  });

  it('shows an empty list to an account without bases', async () => {
    await createBase(app, 'theirs', ACCOUNT_B);
    const { body } = await app.call('GET', '/kb', { account: 'account-c' });
    expect(body).toEqual({ status: 'ok', kbs: [] });
  });
});

describe('deleteKnowledgeBase — DELETE /kb/{kbId}', () => {
  it('answers {status, deleted: true, kbId} and the base leaves the list', async () => {
    const kbId = await createBase(app);
    const { status, body } = await app.call('DELETE', `/kb/${kbId}`);
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', deleted: true, kbId });
    expect((await app.call('GET', '/kb')).body.kbs).toEqual([]);
  });

  it('removes its documents and vectors: the base is gone from every route', async () => {
    const kbId = await createBase(app);
    await ingestText(app, kbId, 'Pelicans migrate south in winter. '.repeat(100));
    await app.call('DELETE', `/kb/${kbId}`);
    for (const [method, path] of [
      ['GET', `/kb/${kbId}/documents`],
      ['GET', `/kb/${kbId}/stats`],
      ['DELETE', `/kb/${kbId}`],
    ] as const) {
      expect((await app.call(method, path)).status).toBe(404);
    }
    expect((await app.call('POST', `/kb/${kbId}/query`, { json: { query: 'pelicans' } })).status).toBe(404);
  });

  it('detaches the base from every assistant', async () => {
    const kbId = await createBase(app);
    app.addPersona('helper');
    await app.call('POST', `/kb/${kbId}/personas/helper`);
    await app.call('DELETE', `/kb/${kbId}`);
    expect(app.attachments.list('helper')).toEqual([]);
    expect((await app.call('GET', '/kb/persona/helper')).body.kbs).toEqual([]);
  });

  it("answers 404 for an unknown kbId and for another account's base, which stays", async () => {
    const theirs = await createBase(app, 'theirs', ACCOUNT_B);
    for (const kbId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', theirs]) {
      const { status, body } = await app.call('DELETE', `/kb/${kbId}`);
      expect(status).toBe(404);
      expect(body).toEqual({ status: 'error', code: 'kb_not_found', message: expect.any(String) as unknown });
    }
    expect((await app.call('GET', '/kb', { account: ACCOUNT_B })).body.kbs).toHaveLength(1);
  });
});

describe('shared bases (seeded through KnowledgeDeps.sharedSeeds)', () => {
  let shared: KbTestApp;
  beforeEach(async () => {
    shared = await startKbTestApp({
      sharedSeeds: [
        {
          ownerAccountId: ACCOUNT_B,
          granteeAccountId: ACCOUNT_A,
          name: 'Granted',
          text: 'Walruses haul out on ice floes.',
        },
      ],
    });
  });
  afterEach(async () => {
    await shared.close();
  });

  it('shows the grantee the base with shared: true, and the owner with shared: false', async () => {
    const forA = (await shared.call('GET', '/kb', { account: ACCOUNT_A })).body.kbs as Array<
      Record<string, unknown>
    >;
    const forB = (await shared.call('GET', '/kb', { account: ACCOUNT_B })).body.kbs as Array<
      Record<string, unknown>
    >;
    expect(forA).toEqual([expect.objectContaining({ name: 'Granted', shared: true, docsCount: 1 })]);
    expect(forB).toEqual([expect.objectContaining({ name: 'Granted', shared: false })]);
    expect((await shared.call('GET', '/kb', { account: 'account-c' })).body.kbs).toEqual([]);
  });

  it('lets the grantee read and query it but not change it (403)', async () => {
    const [base] = (await shared.call('GET', '/kb')).body.kbs as Array<{ kbId: string }>;
    const kbId = base!.kbId;
    expect((await shared.call('GET', `/kb/${kbId}/documents`)).status).toBe(200);
    const query = await shared.call('POST', `/kb/${kbId}/query`, { json: { query: 'walruses' } });
    expect(query.body.results).toEqual([expect.objectContaining({ docTitle: 'Granted' })]);
    const write = await shared.call('POST', `/kb/${kbId}/ingest-text`, { json: { text: 't', title: 't' } });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('kb_read_only');
    expect((await shared.call('DELETE', `/kb/${kbId}`)).status).toBe(403);
  });
});
