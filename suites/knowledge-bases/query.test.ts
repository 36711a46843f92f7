import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { expectProperty } from '../../src/expect/property.ts';
import { expectResultCount, judgeAboveMaximum, TOP_K_MAX } from '../../src/expect/query-count.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { stableErrorSummary } from '../../src/expect/stable-summary.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { DOCX_FILE, MD_FILE, PDF_FILE, TXT_FILE } from '../../src/generate/fixture-sentences.ts';
import { markerWord } from '../../src/generate/knowledge.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import { bodyOf, objectsIn } from '../../src/http/json.ts';
import { baseWithVerbatimMatches, type VerbatimBase } from '../../src/resources/verbatim-base.ts';
import { addMarkedText, expectOwnDocumentReturned } from './marked-text.ts';

const QUERY = { operations: ['queryKnowledgeBase'] };
/** More documents holding the query verbatim (each at least one chunk) than the largest topK. */
const MATCHING_DOCUMENTS = TOP_K_MAX + 2;
/** Above the maximum: just above, well above, far above. */
const ABOVE_MAXIMUM = [21, 50, 1000];

/** One base per file whose every document holds the query verbatim: made once, by whichever check needs it first. */
function baseWithManyMatches(ctx: CheckContext): Promise<VerbatimBase> {
  return ctx.shared('verbatim-base', () => baseWithVerbatimMatches(ctx.kb(), ctx.prefix, MATCHING_DOCUMENTS));
}

describe('queryKnowledgeBase — POST /kb/{kbId}/query', () => {
  check(
    'kb.query.result-fields',
    [
      'KB-QUERY-07',
      'KB-QUERY-08',
      'KB-QUERY-12',
      'KB-QUERY-02',
      'KB-QUERY-03',
      'KB-QUERY-04',
      'KB-QUERY-05',
      'KB-QUERY-06',
      'KB-QUERY-09',
      'CONV-13',
    ],
    "answers 200 {status, kbId, results}; each result has text, score, docTitle, docId and chunkIndex, naming one of the base's documents by its title",
    async (ctx) => {
      const { kbId, query, verbatimChunks, titles } = await baseWithManyMatches(ctx);
      const exchange = await ctx.kb().client.call('queryKnowledgeBase', {
        path: { kbId },
        body: { query },
      });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      expect(bodyOf(exchange).kbId, 'kbId in the answer').toBe(kbId);
      const results = objectsIn(bodyOf(exchange), 'results');
      // Every document holds the query verbatim, so there are results to read the fields of.
      expectResultCount(exchange, results.length, { topK: undefined, verbatimChunks });
      for (const result of results) {
        expect(
          titles.has(result.docId as string),
          `docId ${String(result.docId)} is a document of the base`,
        ).toBe(true);
        expect(result.docTitle, `docTitle of a result from ${String(result.docId)}`).toBe(
          titles.get(result.docId as string),
        );
      }
    },
    QUERY,
  );

  check(
    'kb.query.empty-base',
    ['KB-QUERY-07', 'KB-QUERY-12'],
    'a query of a base without documents answers 200 {status, kbId, results} with no results',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      const exchange = await kb.client.call('queryKnowledgeBase', {
        path: { kbId },
        body: { query: markerWord(ctx.prefix) },
      });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      expect(bodyOf(exchange).kbId, 'kbId in the answer').toBe(kbId);
      expect(objectsIn(bodyOf(exchange), 'results'), 'results from a base without documents').toEqual([]);
    },
    QUERY,
  );

  check(
    'kb.query.top-k-default',
    ['KB-QUERY-09', 'LIM-07'],
    'without topK a query returns exactly five results when more than twenty chunks hold the whole query verbatim',
    async (ctx) => {
      const { kbId, query, verbatimChunks } = await baseWithManyMatches(ctx);
      const { exchange, results } = await ctx.kb().query(kbId, query);
      expectResultCount(exchange, results.length, { topK: undefined, verbatimChunks });
    },
    QUERY,
  );

  check(
    'kb.query.top-k-any',
    ['KB-QUERY-09', 'KB-QUERY-10'],
    'any topK from 1 to 20 returns exactly that many results when more chunks hold the whole query verbatim',
    async (ctx) => {
      const { kbId, query, verbatimChunks } = await baseWithManyMatches(ctx);
      const kb = ctx.kb();
      await expectProperty(
        fc.asyncProperty(fc.integer({ min: 1, max: TOP_K_MAX }), async (topK) => {
          const { exchange, results } = await kb.query(kbId, query, topK);
          expectResultCount(exchange, results.length, { topK, verbatimChunks });
        }),
        { numRuns: ctx.target.propertyRuns },
      );
    },
    QUERY,
  );

  check(
    'kb.query.top-k-maximum',
    ['KB-QUERY-10', 'LIM-08'],
    'topK 20, the maximum, is accepted and returns exactly 20 results when more chunks hold the whole query verbatim',
    async (ctx) => {
      const { kbId, query, verbatimChunks } = await baseWithManyMatches(ctx);
      const { exchange, results } = await ctx.kb().query(kbId, query, TOP_K_MAX);
      expectResultCount(exchange, results.length, { topK: TOP_K_MAX, verbatimChunks });
    },
    QUERY,
  );

  check(
    'kb.query.top-k-above-maximum',
    ['KB-QUERY-10', 'LIM-08', 'KB-QUERY-11'],
    'a topK above 20 (21, 50, 1000) never gets more than 20 results: a refusal or a clamp, whichever is recorded',
    async (ctx) => {
      const { kbId, query, verbatimChunks } = await baseWithManyMatches(ctx);
      const kb = ctx.kb();
      for (const topK of ABOVE_MAXIMUM) {
        const exchange = await kb.client.call('queryKnowledgeBase', {
          path: { kbId },
          body: { query, topK },
        });
        const reading = judgeAboveMaximum(exchange, topK, verbatimChunks);
        if (exchange.response && exchange.response.status < 300) expectSchema(ctx.spec, exchange);
        ctx.observe('KB-QUERY-11', `${reading} (${verbatimChunks} chunks hold the query)`);
      }
    },
    QUERY,
  );

  check(
    'kb.query.distinctive-sentence',
    ['KB-QUERY-01'],
    'a query made of a distinctive sentence of one document returns that document',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      const documents = [];
      for (const file of [PDF_FILE, DOCX_FILE, TXT_FILE, MD_FILE]) {
        documents.push({
          file,
          ...(await kb.addText(kbId, {
            mode: 'vector',
            title: file.heading,
            text: file.sentences.join(' '),
          })),
        });
      }
      for (const { file, docId } of documents) {
        const { results } = await kb.queryWhen(kbId, file.sentences[2] ?? file.heading, (answer) =>
          answer.results.some((r) => r.docId === docId),
        );
        expect(
          results.map((r) => r.docId),
          `results for a sentence of "${file.heading}"`,
        ).toContain(docId);
      }
    },
    { operations: ['ingestText', 'queryKnowledgeBase'] },
  );

  check(
    'kb.query.recommended-order',
    ['CONV-15', 'KB-ATTACH-01', 'KB-QUERY-09'],
    'the recommended order works end to end: create a base, ingest, create an assistant with a catalog voice, attach, query: the query returns the document',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      // Vector, so that the document is chunked for retrieval (which tier auto picks is not stated).
      const added = await addMarkedText(kb, kbId, ctx.prefix, { mode: 'vector' });
      const { customPersonaId } = await ctx.make().assistant({ os: ['nt'] });
      expectStatus(await kb.attach(kbId, customPersonaId), 200);
      expect(
        (await kb.personaBases(customPersonaId)).map((b) => b.kbId),
        "the assistant's bases",
      ).toEqual([kbId]);
      const results = await expectOwnDocumentReturned(kb, kbId, added);
      for (const result of results)
        expect(result.docId, 'docId of a result from the one document').toBe(added.docId);
    },
    {
      operations: [
        'createKnowledgeBase',
        'ingestText',
        'listVoices',
        'createPersona',
        'attachKnowledgeBase',
        'queryKnowledgeBase',
      ],
    },
  );

  check(
    'kb.query.missing-query-observed',
    ['ERR-26'],
    'records what a query without `query` gets (not stated)',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      const exchange = await kb.client.call('queryKnowledgeBase', { path: { kbId }, body: { topK: 3 } });
      ctx.observe('ERR-26', `query without query: ${stableErrorSummary(exchange, ctx.prefix)}`);
    },
    QUERY,
  );
});
