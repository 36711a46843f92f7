import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { expectProperty } from '../../src/checks/property.ts';
import { expectSchema } from '../../src/checks/schema.ts';
import { expectStatus } from '../../src/checks/status.ts';
import { DOCX_FILE, MD_FILE, PDF_FILE, TXT_FILE } from '../../src/generate/fixture-sentences.ts';
import { markedSentence, markerWord } from '../../src/generate/knowledge.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import { bodyOf, objectsIn } from '../../src/resources/json.ts';
import { knowledgeSteps } from './steps.ts';

const QUERY = { operations: ['queryKnowledgeBase'] };
const DEFAULT_TOP_K = 5;
const MAX_TOP_K = 20;
/** More matching documents (each at least one chunk) than the largest topK. */
const MATCHING_DOCUMENTS = MAX_TOP_K + 2;

interface ManyMatches {
  kbId: string;
  /** A word every document of the base holds, so every chunk matches it. */
  common: string;
  titles: Map<string, unknown>;
}

let manyMatches: Promise<ManyMatches> | undefined;

/** One base per file whose every chunk holds the same word: made once, by whichever check needs it first. */
function baseWithManyMatches(ctx: CheckContext): Promise<ManyMatches> {
  manyMatches ??= (async () => {
    const kb = knowledgeSteps(ctx);
    const { kbId } = await kb.createBase();
    const common = markerWord(ctx.prefix);
    const titles = new Map<string, unknown>();
    for (let n = 0; n < MATCHING_DOCUMENTS; n += 1) {
      const { docId, body } = await kb.addText(kbId, {
        mode: 'vector',
        text: `${markedSentence(common)} ${markedSentence(markerWord(ctx.prefix))}`,
      });
      titles.set(docId, body.title);
    }
    // Settled once every document answers the query (an implementation may index asynchronously).
    await kb.queryWhen(kbId, common, (answer) => answer.results.length >= MAX_TOP_K, MAX_TOP_K);
    return { kbId, common, titles };
  })();
  return manyMatches;
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
      'CONV-13',
    ],
    "answers 200 {status, kbId, results}; each result has text, score, docTitle, docId and chunkIndex, naming one of the base's documents by its title",
    async (ctx) => {
      const { kbId, common, titles } = await baseWithManyMatches(ctx);
      const exchange = await knowledgeSteps(ctx).client.call('queryKnowledgeBase', {
        path: { kbId },
        body: { query: common },
      });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      expect(bodyOf(exchange).kbId, 'kbId in the answer').toBe(kbId);
      const results = objectsIn(bodyOf(exchange), 'results');
      if (results.length === 0)
        return ctx.skip('the query returned no result to read the fields of (ranking is not specified)');
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
    'kb.query.top-k-default',
    ['KB-QUERY-09', 'LIM-07'],
    'without topK a query returns five results when more than five chunks hold its words',
    async (ctx) => {
      const { kbId, common } = await baseWithManyMatches(ctx);
      const { results } = await knowledgeSteps(ctx).query(kbId, common);
      expect(results.length, 'results without topK').toBe(DEFAULT_TOP_K);
    },
    QUERY,
  );

  check(
    'kb.query.top-k-any',
    ['KB-QUERY-09', 'KB-QUERY-10'],
    'any topK from 1 to 20 returns that many results when more chunks hold the words, never more',
    async (ctx) => {
      const { kbId, common } = await baseWithManyMatches(ctx);
      const kb = knowledgeSteps(ctx);
      await expectProperty(
        fc.asyncProperty(fc.integer({ min: 1, max: MAX_TOP_K }), async (topK) => {
          const { results } = await kb.query(kbId, common, topK);
          expect(
            results.length,
            `results for topK ${topK} with ${MATCHING_DOCUMENTS} matching documents`,
          ).toBe(topK);
        }),
        { numRuns: ctx.target.propertyRuns },
      );
    },
    QUERY,
  );

  check(
    'kb.query.top-k-maximum',
    ['KB-QUERY-10', 'LIM-08'],
    'topK 20, the maximum, is accepted and returns at most 20 results',
    async (ctx) => {
      const { kbId, common } = await baseWithManyMatches(ctx);
      const { results } = await knowledgeSteps(ctx).query(kbId, common, MAX_TOP_K);
      expect(results.length, 'results for topK 20').toBeLessThanOrEqual(MAX_TOP_K);
    },
    QUERY,
  );

  check(
    'kb.query.top-k-above-maximum-observed',
    ['KB-QUERY-11'],
    'records what a topK above 20 gets (an error, a clamp to 20 or more results: not stated)',
    async (ctx) => {
      const { kbId, common } = await baseWithManyMatches(ctx);
      const exchange = await knowledgeSteps(ctx).client.call('queryKnowledgeBase', {
        path: { kbId },
        body: { query: common, topK: 50 },
      });
      const results = objectsIn(bodyOf(exchange), 'results');
      ctx.observe(
        'KB-QUERY-11',
        `topK 50 over ${MATCHING_DOCUMENTS} matching documents: ${exchange.response?.status ?? exchange.error}, ${results.length} results`,
      );
    },
    QUERY,
  );

  check(
    'kb.query.distinctive-sentence',
    ['KB-QUERY-01'],
    'a query made of a distinctive sentence of one document returns that document',
    async (ctx) => {
      const kb = knowledgeSteps(ctx);
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
    ['CONV-15', 'KB-ATTACH-01'],
    'the recommended order works end to end: create a base, ingest, create an assistant with a catalog voice, attach, query',
    async (ctx) => {
      const kb = knowledgeSteps(ctx);
      const { kbId } = await kb.createBase();
      const marker = markerWord(ctx.prefix);
      const { docId } = await kb.addText(kbId, {
        text: `${markedSentence(marker)} ${markedSentence(marker)}`,
      });
      const { customPersonaId } = await kb.createAssistant();
      expectStatus(await kb.attach(kbId, customPersonaId), 200);
      expect(
        (await kb.personaBases(customPersonaId)).map((b) => b.kbId),
        "the assistant's bases",
      ).toEqual([kbId]);
      const { results } = await kb.query(kbId, marker);
      for (const result of results)
        expect(result.docId, 'docId of a result from the one document').toBe(docId);
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
      const kb = knowledgeSteps(ctx);
      const { kbId } = await kb.createBase();
      const exchange = await kb.client.call('queryKnowledgeBase', { path: { kbId }, body: { topK: 3 } });
      ctx.observe(
        'ERR-26',
        `query without query: ${exchange.response?.status ?? exchange.error} ${exchange.response?.text.slice(0, 120) ?? ''}`,
      );
    },
    QUERY,
  );
});
