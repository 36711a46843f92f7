import { describe, expect } from 'vitest';
import { expectDocumentReturned } from '../../src/expect/query-count.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { stableErrorSummary } from '../../src/expect/stable-summary.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { TXT_FILE } from '../../src/generate/fixture-sentences.ts';
import { markedSentence, markerWord } from '../../src/generate/knowledge.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import { bodyOf, objectsIn } from '../../src/http/json.ts';
import { ARTICLE } from '../../src/target/fixture-pages.ts';
import { pageUrl } from '../../src/resources/fixture-site.ts';
import { type KnowledgeSteps } from '../../src/resources/knowledge-steps.ts';

/**
 * A base with two vector documents, each opening with a sentence of its own that carries its own
 * marker word; each ingest is awaited in the stats before the next, so the counts read afterwards
 * are settled.
 */
async function baseWithTwoDocuments(ctx: CheckContext, kb: KnowledgeSteps) {
  const { kbId } = await kb.createBase();
  const kept = markerWord(ctx.prefix);
  const dropped = markerWord(ctx.prefix);
  const droppedSentence = markedSentence(dropped);
  const keep = await kb.addText(kbId, {
    mode: 'vector',
    text: `${markedSentence(kept)} ${markedSentence(kept)}`,
  });
  const first = await kb.statsWhen(kbId, (s) => s.documentsCount === 1 && s.vectorCount > 0);
  const drop = await kb.addText(kbId, {
    mode: 'vector',
    text: `${droppedSentence} ${markedSentence(dropped)}`,
  });
  await kb.statsWhen(kbId, (s) => s.documentsCount === 2 && s.vectorCount > first.vectorCount);
  const chunks = [keep, drop].reduce((sum, doc) => sum + Number(bodyOf(doc.exchange).chunksCreated), 0);
  return { kbId, keep, drop, dropped, droppedSentence, chunks };
}

describe('listDocuments — GET /kb/{kbId}/documents', () => {
  check(
    'kb.documents.list.fields',
    [
      'KB-DOC-09',
      'KB-DOC-11',
      'KB-DOC-01',
      'KB-DOC-02',
      'KB-DOC-03',
      'KB-DOC-04',
      'KB-DOC-05',
      'KB-DOC-06',
      'KB-DOC-07',
      'KB-DOC-08',
      'IDS-10',
      'STATE-03',
      'CONV-13',
    ],
    'answers 200 {status, kbId, documents} listing every document ingested, each with every field and the tier it was ingested in',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      const vector = await kb.addText(kbId, { mode: 'vector' });
      const inline = await kb.addText(kbId, { mode: 'inline' });
      const url = await kb.addUrl(kbId, pageUrl(ctx.target, ARTICLE.path));
      const file = await kb.addFile(kbId, TXT_FILE);

      const exchange = await kb.client.call('listDocuments', { path: { kbId } });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      const answer = bodyOf(exchange);
      expect(answer.kbId, 'kbId in the answer').toBe(kbId);
      const documents = objectsIn(answer, 'documents');
      expect(documents.map((d) => d.docId).sort(), 'docIds listed').toEqual(
        [vector.docId, inline.docId, url.docId, file.docId].sort(),
      );
      const byId = new Map(documents.map((d) => [d.docId, d]));
      expect(byId.get(vector.docId)?.title, 'title of the pasted text').toBe(vector.body.title);
      expect(byId.get(vector.docId)?.mode, 'mode of the text ingested with mode vector').toBe('vector');
      expect(byId.get(inline.docId)?.mode, 'mode of the text ingested with mode inline').toBe('inline');
      expect(byId.get(file.docId)?.title, 'title of the uploaded file').toBe(TXT_FILE.name);
    },
    { operations: ['ingestText', 'ingestUrl', 'uploadFile', 'listDocuments'] },
  );

  check(
    'kb.documents.list.own-documents-only',
    ['KB-DOC-09', 'KB-DOC-11', 'KB-DOC-01'],
    "lists only the base's own documents: a new base lists none, and two bases do not share documents",
    async (ctx) => {
      const kb = ctx.kb();
      const first = await kb.createBase();
      const second = await kb.createBase();
      expect(await kb.documents(first.kbId), 'documents of a new base').toEqual([]);
      const a = await kb.addText(first.kbId, { mode: 'vector' });
      const b = await kb.addText(second.kbId, { mode: 'vector' });
      expect(
        (await kb.documents(first.kbId)).map((d) => d.docId),
        'documents of the first base',
      ).toEqual([a.docId]);
      expect(
        (await kb.documents(second.kbId)).map((d) => d.docId),
        'documents of the second base',
      ).toEqual([b.docId]);
    },
    { operations: ['ingestText', 'listDocuments'] },
  );
});

describe('deleteDocument — DELETE /kb/{kbId}/documents/{docId}', () => {
  check(
    'kb.documents.delete.answer-and-unlisted',
    ['KB-DOC-10', 'KB-DOC-12', 'STATE-13', 'CONV-13'],
    'answers 200 {status, deleted: true, docId, kbId}; the document is no longer listed and the other one stays',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId, keep, drop } = await baseWithTwoDocuments(ctx, kb);
      const exchange = await kb.deleteDocument(kbId, drop.docId);
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      expect(bodyOf(exchange).docId, 'docId in the answer').toBe(drop.docId);
      expect(bodyOf(exchange).kbId, 'kbId in the answer').toBe(kbId);
      expect(
        (await kb.documents(kbId)).map((d) => d.docId),
        'documents after the delete',
      ).toEqual([keep.docId]);
    },
    { operations: ['deleteDocument', 'listDocuments'] },
  );

  check(
    'kb.documents.delete.counts-drop',
    ['STATE-14', 'KB-STATS-02', 'KB-BASE-04'],
    "deleting a document with chunks lowers the base's vectorCount, documentsCount and listed docsCount",
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId, drop } = await baseWithTwoDocuments(ctx, kb);
      const before = await kb.stats(kbId);
      expectStatus(await kb.deleteDocument(kbId, drop.docId), 200);
      const after = await kb.statsWhen(
        kbId,
        (s) => s.documentsCount < before.documentsCount && s.vectorCount < before.vectorCount,
      );
      expect(after.documentsCount, 'documentsCount after deleting one of two').toBe(
        before.documentsCount - 1,
      );
      expect(
        after.vectorCount,
        `vectorCount after deleting a document of ${String(bodyOf(drop.exchange).chunksCreated)} chunk(s)`,
      ).toBeLessThan(before.vectorCount);
      // The list's count may trail the stats' (the timing of counts is not stated): asked until it agrees.
      const listed = await kb.listedBaseWhen(kbId, (base) => base?.docsCount === 1);
      expect(listed?.docsCount, 'listed docsCount after the delete').toBe(1);
    },
    { operations: ['deleteDocument', 'getKnowledgeBaseStats', 'listKnowledgeBases'] },
  );

  check(
    'kb.documents.delete.chunks-never-returned',
    ['STATE-15', 'KB-QUERY-09'],
    "after the delete, a query for the deleted document's own words returns none of its chunks (before it, the same query returns it)",
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId, drop, dropped, droppedSentence, chunks } = await baseWithTwoDocuments(ctx, kb);
      // The document holds the query verbatim and topK 20 leaves room for every chunk of the base.
      const before = await kb.queryWhen(
        kbId,
        droppedSentence,
        (answer) => answer.results.some((r) => r.docId === drop.docId),
        20,
      );
      expectDocumentReturned(
        before.exchange,
        before.results.map((r) => r.docId),
        drop.docId,
        { topK: 20, baseChunks: chunks },
      );
      expectStatus(await kb.deleteDocument(kbId, drop.docId), 200);
      for (const query of [droppedSentence, dropped]) {
        const after = await kb.query(kbId, query, 20);
        expect(
          after.results.filter((r) => r.docId === drop.docId),
          `results from the deleted document, for "${query}"`,
        ).toEqual([]);
        expect(
          after.results.filter((r) => String(r.text).includes(dropped)),
          `results holding the deleted text, for "${query}"`,
        ).toEqual([]);
      }
    },
    { operations: ['deleteDocument', 'queryKnowledgeBase'] },
  );

  check(
    'kb.documents.delete.unknown-observed',
    ['ERR-26'],
    'records what deleting a document twice, and a docId that never existed, gets (not stated)',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId, drop } = await baseWithTwoDocuments(ctx, kb);
      expectStatus(await kb.deleteDocument(kbId, drop.docId), 200);
      const again = await kb.deleteDocument(kbId, drop.docId);
      const never = await kb.deleteDocument(kbId, '00000000-0000-4000-8000-000000000000');
      ctx.observe('ERR-26', `delete a deleted document: ${stableErrorSummary(again, ctx.prefix)}`);
      ctx.observe('ERR-26', `delete an unknown docId: ${stableErrorSummary(never, ctx.prefix)}`);
    },
    { operations: ['deleteDocument'] },
  );
});
