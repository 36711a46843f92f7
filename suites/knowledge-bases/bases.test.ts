import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { DEFAULT_INTERVAL_DAYS, expectIntervalDays } from '../../src/expect/auto-refresh-interval.ts';
import { expectProperty } from '../../src/expect/property.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { knowledgeBaseCreateBody } from '../../src/generate/knowledge.ts';
import { check } from '../../src/harness/check.ts';
import { pollUntil } from '../../src/context/poll.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { bodyOf, objectsIn, succeeded } from '../../src/http/json.ts';
import { deleteKnowledgeBase } from '../../src/resources/knowledge-bases.ts';
import { addMarkedText } from './marked-text.ts';

function statusOf(exchange: Exchange): string {
  return String(exchange.response?.status ?? exchange.error);
}

describe('createKnowledgeBase — POST /kb', () => {
  check(
    'kb.base.create.answer',
    ['KB-BASE-16', 'KB-BASE-19', 'KB-BASE-21', 'KB-BASE-01', 'IDS-09', 'CONV-13'],
    'answers 201 with {status: "ok", kbId (a UUID), name, description}, echoing the name and description sent',
    async (ctx) => {
      const kb = ctx.kb();
      const { exchange, body } = await kb.createBase({
        description: 'Answers for the night-shift support desk.',
      });
      expectStatus(exchange, 201);
      expectSchema(ctx.spec, exchange);
      const answer = bodyOf(exchange);
      expect(answer.name, 'name in the answer').toBe(body.name);
      expect(answer.description, 'description in the answer').toBe(body.description);
    },
    { operations: ['createKnowledgeBase'] },
  );

  check(
    'kb.base.create.description-defaults-empty',
    ['KB-BASE-03', 'KB-BASE-20'],
    'a base created without description has the empty string as description, in the answer and in the list',
    async (ctx) => {
      const kb = ctx.kb();
      const { exchange, kbId } = await kb.createBase({ description: undefined });
      expect(bodyOf(exchange).description, 'description in the create answer').toBe('');
      expect((await kb.listedBase(kbId))?.description, 'description in the list').toBe('');
    },
    { operations: ['createKnowledgeBase', 'listKnowledgeBases'] },
  );

  check(
    'kb.base.create.generated-bodies-listed',
    ['KB-BASE-19', 'KB-BASE-20', 'KB-BASE-02', 'KB-BASE-18'],
    'any create body drawn from the schema gives a base listed under its name, with its description or the empty default',
    async (ctx) => {
      const kb = ctx.kb();
      await expectProperty(
        fc.asyncProperty(knowledgeBaseCreateBody(ctx.spec, { prefix: ctx.prefix }), async (body) => {
          const exchange = await kb.client.call('createKnowledgeBase', { body });
          const kbId = String(bodyOf(exchange).kbId);
          const forget = succeeded(exchange)
            ? ctx.tracker.register(`knowledge base ${kbId}`, () => deleteKnowledgeBase(kb.client, kbId))
            : () => {};
          expectStatus(exchange, 201);
          expectSchema(ctx.spec, exchange);
          const listed = await kb.listedBase(kbId);
          expect(listed, `base ${kbId} in the list`).toBeDefined();
          expect(listed?.name, 'listed name').toBe(body.name);
          expect(listed?.description, 'listed description').toBe(
            typeof body.description === 'string' ? body.description : '',
          );
          // Removed at once, so the account does not fill up with one base per run.
          await deleteKnowledgeBase(kb.client, kbId);
          forget();
        }),
        { numRuns: ctx.target.propertyRuns },
      );
    },
    { operations: ['createKnowledgeBase', 'listKnowledgeBases', 'deleteKnowledgeBase'] },
  );
});

describe('listKnowledgeBases — GET /kb', () => {
  check(
    'kb.base.list.fields-of-a-new-base',
    [
      'KB-BASE-15',
      'KB-BASE-18',
      'KB-BASE-01',
      'KB-BASE-02',
      'KB-BASE-04',
      'KB-BASE-05',
      'KB-BASE-06',
      'KB-BASE-08',
      'KB-BASE-09',
      'KB-BASE-10',
      'KB-BASE-11',
      'KB-BASE-12',
      'KB-BASE-13',
      'KB-BASE-14',
      'LIM-15',
      'CONV-13',
    ],
    'answers 200 {status: "ok", kbs} and lists a new base with every field of the base table: no documents, no inline sources, not shared',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId, body } = await kb.createBase();
      const listed = await kb.listedBase(kbId);
      if (!listed) throw new Error(`the new base ${kbId} is not listed`);
      expect(listed.name, 'name').toBe(body.name);
      expect(listed.docsCount, 'docsCount of a new base').toBe(0);
      expect(listed.liveSourcesCount, 'liveSourcesCount of a new base').toBe(0);
      expect(listed.shared, "shared, for the caller's own base").toBe(false);
      const autoRefresh = listed.autoRefresh as { enabled?: unknown; intervalDays?: unknown };
      // Whether a new base starts with auto-refresh on is not stated; when it is off, the base never
      // given an interval shows the default 3 days.
      if (autoRefresh.enabled === false)
        expectIntervalDays(undefined, autoRefresh.intervalDays, DEFAULT_INTERVAL_DAYS, 'the list');
      else ctx.observe('LIM-15', `a new base's autoRefresh.enabled: ${JSON.stringify(autoRefresh.enabled)}`);
    },
    { operations: ['createKnowledgeBase', 'listKnowledgeBases'] },
  );

  check(
    'kb.base.list.counts-follow-ingest',
    ['KB-BASE-04', 'KB-BASE-05', 'KB-BASE-06', 'STATE-03'],
    'after one inline and one vector document, the base lists docsCount 2 and liveSourcesCount 1',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      await kb.addText(kbId, { mode: 'inline' });
      await kb.addText(kbId, { mode: 'vector' });
      // When the counts reflect an ingest is not stated: asked until they do or the index deadline passes.
      const { answer: listed } = await pollUntil(
        () => kb.listedBase(kbId),
        (base) => base?.docsCount === 2 && base.liveSourcesCount === 1,
        { timeoutMs: ctx.patience.indexMs },
      );
      expect(listed?.docsCount, 'docsCount').toBe(2);
      expect(listed?.liveSourcesCount, 'liveSourcesCount (inline-tier documents)').toBe(1);
    },
    { operations: ['ingestText', 'listKnowledgeBases'] },
  );

  check(
    'kb.base.list.other-account-base-absent',
    ['KB-BASE-14', 'KB-BASE-18'],
    "a base another account just created, granted to nobody, is not in the caller's list",
    async (ctx) => {
      const theirs = ctx.kb('other');
      const { kbId } = await theirs.createBase();
      const mine = await ctx.kb().listBases();
      expect(
        mine.filter((base) => base.kbId === kbId),
        "account B's base in account A's list (shared is for bases granted to the caller)",
      ).toEqual([]);
    },
    { operations: ['createKnowledgeBase', 'listKnowledgeBases'] },
  );

  check(
    'kb.base.list.own-base-not-shared-to-other-key',
    ['KB-BASE-14', 'KB-BASE-13'],
    'a base created with one key of the account is listed with shared false to another key of the same account',
    async (ctx) => {
      // The role first: a keyring without it skips the check before anything is created.
      const viewer = ctx.kb('knowledgeBase:view');
      const { kbId } = await ctx.kb().createBase();
      const listed = (await viewer.listBases()).find((base) => base.kbId === kbId);
      expect(
        listed,
        `base ${kbId} in the list of a knowledgeBase:view key of the same account`,
      ).toBeDefined();
      expect(listed?.shared, "shared, for a base the caller's own account created").toBe(false);
    },
    { operations: ['createKnowledgeBase', 'listKnowledgeBases'] },
  );
});

describe('deleteKnowledgeBase — DELETE /kb/{kbId}', () => {
  check(
    'kb.base.delete.answer-and-unlisted',
    ['KB-BASE-17', 'KB-BASE-22', 'KB-ATTACH-14', 'CONV-13'],
    'answers 200 {status, deleted: true, kbId} and the base is no longer listed',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId, forget } = await kb.createBase();
      const exchange = await kb.client.call('deleteKnowledgeBase', { path: { kbId } });
      if (succeeded(exchange)) forget();
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      expect(bodyOf(exchange).kbId, 'kbId in the answer').toBe(kbId);
      expect(await kb.listedBase(kbId), 'the deleted base in the list').toBeUndefined();
    },
    { operations: ['deleteKnowledgeBase', 'listKnowledgeBases'] },
  );

  check(
    'kb.base.delete.documents-and-chunks-go',
    ['KB-ATTACH-14', 'ERR-26'],
    'after the delete, the base serves none of its documents or chunks (whatever status the calls then get)',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId, forget } = await kb.createBase();
      const { marker } = await addMarkedText(kb, kbId, ctx.prefix);
      const deleted = await kb.client.call('deleteKnowledgeBase', { path: { kbId } });
      if (succeeded(deleted)) forget();
      expectStatus(deleted, 200);

      const documents = await kb.client.call('listDocuments', { path: { kbId } });
      const query = await kb.client.call('queryKnowledgeBase', { path: { kbId }, body: { query: marker } });
      const stats = await kb.client.call('getKnowledgeBaseStats', { path: { kbId } });
      ctx.observe(
        'ERR-26',
        `on a deleted base: list documents ${statusOf(documents)}, query ${statusOf(query)}, stats ${statusOf(stats)}`,
      );
      if (succeeded(documents))
        expect(objectsIn(bodyOf(documents), 'documents'), 'documents of the deleted base').toEqual([]);
      if (succeeded(query))
        expect(objectsIn(bodyOf(query), 'results'), 'query results from the deleted base').toEqual([]);
      if (succeeded(stats)) {
        expect(bodyOf(stats).documentsCount, 'documentsCount of the deleted base').toBe(0);
        expect(bodyOf(stats).vectorCount, 'vectorCount of the deleted base').toBe(0);
      }
    },
    { operations: ['deleteKnowledgeBase', 'listDocuments', 'queryKnowledgeBase', 'getKnowledgeBaseStats'] },
  );

  check(
    'kb.base.delete.attachments-go',
    ['KB-ATTACH-13'],
    "deleting an attached base removes the attachment: the assistant's bases and attached_kbs no longer include it",
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId, forget } = await kb.createBase();
      const { customPersonaId } = await ctx.make().assistant({ os: ['nt'] });
      expectStatus(await kb.attach(kbId, customPersonaId), 200);
      const deleted = await kb.client.call('deleteKnowledgeBase', { path: { kbId } });
      if (succeeded(deleted)) forget();
      expectStatus(deleted, 200);
      expect(
        (await kb.personaBases(customPersonaId)).map((b) => b.kbId),
        "the assistant's bases",
      ).not.toContain(kbId);
      expect(
        (await kb.attachedKbs(customPersonaId)).map((b) => b.kbId),
        "the assistant's attached_kbs",
      ).not.toContain(kbId);
    },
    { operations: ['attachKnowledgeBase', 'deleteKnowledgeBase', 'listPersonaKnowledgeBases', 'getPersona'] },
  );
});
