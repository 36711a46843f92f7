import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { expectIngestTextTier, type IngestMode } from '../../src/expect/ingest-tier.ts';
import { expectProperty } from '../../src/expect/property.ts';
import { stableErrorSummary } from '../../src/expect/stable-summary.ts';
import { ingestTextBody, markedSentence, markerWord, textOfLength } from '../../src/generate/knowledge.ts';
import { check } from '../../src/harness/check.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { bodyOf } from '../../src/http/json.ts';
import type { KnowledgeSteps } from '../../src/resources/knowledge-steps.ts';
import { addMarkedText, expectOwnDocumentReturned } from './marked-text.ts';

const INGEST = { operations: ['ingestText', 'listDocuments'] };

/** Texts well apart in length, for the tier `auto` picks: which one goes where is not stated. */
const SHORT_TEXT = 300;
const LONG_TEXT = 30_000;
/** A longer text for mode inline (which side of `auto`'s threshold it falls is not stated): mode chooses the tier whatever the length. */
const INLINE_LONG_TEXT = 6_000;

/** The mode the document list shows for the document an ingest answer names. */
async function listedMode(kb: KnowledgeSteps, kbId: string, exchange: Exchange): Promise<unknown> {
  return (await kb.document(kbId, String(bodyOf(exchange).docId)))?.mode;
}

describe('ingestText — POST /kb/{kbId}/ingest-text', () => {
  check(
    'kb.ingest-text.vector',
    [
      'KB-INGEST-01',
      'KB-INGEST-04',
      'KB-INGEST-08',
      'KB-INGEST-09',
      'STATE-03',
      'IDS-10',
      'CONV-13',
      'CONV-17',
    ],
    'mode vector answers 200 {status, docId (a UUID), chunksCreated, title, kbId} with at least one chunk, and lists the document in the vector tier',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      const body = kb.textBody({ mode: 'vector' });
      const exchange = await kb.ingestText(kbId, body);
      expect(expectIngestTextTier(ctx.spec, exchange, 'vector'), 'tier of the answer').toBe('vector');
      const answer = bodyOf(exchange);
      expect(answer.kbId, 'kbId in the answer').toBe(kbId);
      expect(answer.title, 'title in the answer').toBe(body.title);
      expect(answer.chunksCreated, 'chunksCreated for a non-empty text').toBeGreaterThanOrEqual(1);
      const listed = await kb.document(kbId, String(answer.docId));
      expect(listed?.mode, 'mode of the listed document').toBe('vector');
      expect(listed?.chunksCount, 'chunksCount of the listed document').toBeGreaterThanOrEqual(1);
    },
    INGEST,
  );

  check(
    'kb.ingest-text.inline',
    ['KB-INGEST-08', 'KB-INGEST-10', 'STATE-03'],
    'mode inline answers with mode, inlineChars, digestMethod and crawledChars instead of chunksCreated, and lists the document in the inline tier',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      const body = kb.textBody({ mode: 'inline' });
      const exchange = await kb.ingestText(kbId, body);
      expect(expectIngestTextTier(ctx.spec, exchange, 'inline'), 'tier of the answer').toBe('inline');
      expect(bodyOf(exchange).title, 'title in the answer').toBe(body.title);
      expect(await listedMode(kb, kbId, exchange), 'mode of the listed document').toBe('inline');
    },
    INGEST,
  );

  check(
    'kb.ingest-text.inline-long',
    ['KB-INGEST-08', 'KB-INGEST-10', 'STATE-03'],
    'mode inline puts a text of 6,000 characters in the inline tier too: mode chooses the tier, whatever the length',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      const text = textOfLength(INLINE_LONG_TEXT, markerWord(ctx.prefix));
      const exchange = await kb.ingestText(kbId, kb.textBody({ mode: 'inline', text }));
      expect(expectIngestTextTier(ctx.spec, exchange, 'inline'), 'tier of the answer').toBe('inline');
      expect(await listedMode(kb, kbId, exchange), 'mode of the listed document').toBe('inline');
    },
    INGEST,
  );

  check(
    'kb.ingest-text.auto-either-tier',
    ['KB-INGEST-08', 'KB-INGEST-09', 'KB-INGEST-10', 'STATE-04', 'KB-DOC-07'],
    "mode auto answers with one tier's documented answer for a short and a long text, and lists each document in the tier it answered",
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      const picked: string[] = [];
      for (const length of [SHORT_TEXT, LONG_TEXT]) {
        const exchange = await kb.ingestText(
          kbId,
          kb.textBody({ mode: 'auto', text: textOfLength(length, markerWord(ctx.prefix)) }),
        );
        const tier = expectIngestTextTier(ctx.spec, exchange, 'auto');
        expect(await listedMode(kb, kbId, exchange), `listed mode of the ${length}-character text`).toBe(
          tier,
        );
        picked.push(`${length} characters: ${tier}`);
      }
      ctx.observe('STATE-04', picked.join('; '));
    },
    INGEST,
  );

  check(
    'kb.ingest-text.mode-omitted',
    ['KB-INGEST-08', 'STATE-04', 'KB-DOC-07'],
    "without mode (default auto) the answer is one tier's documented answer, and the document is listed in that tier",
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      const exchange = await kb.ingestText(
        kbId,
        kb.textBody({ mode: undefined, text: textOfLength(SHORT_TEXT, markerWord(ctx.prefix)) }),
      );
      const tier = expectIngestTextTier(ctx.spec, exchange, undefined);
      expect(await listedMode(kb, kbId, exchange), 'listed mode').toBe(tier);
      ctx.observe('STATE-04', `${SHORT_TEXT} characters without mode: ${tier}`);
    },
    INGEST,
  );

  check(
    'kb.ingest-text.default-mime-type-and-source',
    ['KB-INGEST-06', 'KB-INGEST-07', 'KB-DOC-03', 'KB-DOC-04'],
    'without mimeType and source, the document is listed with mimeType text/plain and source manual',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      const { docId } = await kb.addText(kbId, { mode: 'vector', mimeType: undefined, source: undefined });
      const listed = await kb.document(kbId, docId);
      expect(listed?.mimeType, 'listed mimeType').toBe('text/plain');
      expect(listed?.source, 'listed source').toBe('manual');
    },
    INGEST,
  );

  check(
    'kb.ingest-text.mime-type-and-source-kept',
    ['KB-INGEST-06', 'KB-INGEST-07', 'KB-DOC-03', 'KB-DOC-04'],
    'a mimeType and a source sent are listed as sent',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      const { docId } = await kb.addText(kbId, {
        mode: 'vector',
        mimeType: 'text/markdown',
        source: 'crm-export 2026-11',
      });
      const listed = await kb.document(kbId, docId);
      expect(listed?.mimeType, 'listed mimeType').toBe('text/markdown');
      expect(listed?.source, 'listed source').toBe('crm-export 2026-11');
    },
    INGEST,
  );

  check(
    'kb.ingest-text.title-listed-and-cited',
    ['KB-INGEST-05', 'KB-DOC-02', 'KB-QUERY-04', 'KB-QUERY-05', 'KB-QUERY-09'],
    'the document is listed under its title, and query results from it carry that title as docTitle',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      const added = await addMarkedText(kb, kbId, ctx.prefix);
      const { docId, body } = added;
      expect((await kb.document(kbId, docId))?.title, 'listed title').toBe(body.title);
      // The base holds this one document, whose text holds the query verbatim: it must be returned.
      const results = await expectOwnDocumentReturned(kb, kbId, added);
      for (const result of results) {
        expect(result.docId, 'docId of a result').toBe(docId);
        expect(result.docTitle, 'docTitle of a result').toBe(body.title);
      }
    },
    { operations: ['ingestText', 'listDocuments', 'queryKnowledgeBase'] },
  );

  check(
    'kb.ingest-text.generated-bodies',
    [
      'KB-INGEST-05',
      'KB-INGEST-06',
      'KB-INGEST-07',
      'KB-INGEST-08',
      'KB-INGEST-09',
      'KB-INGEST-10',
      'STATE-03',
    ],
    'any body drawn from the schema is ingested with the answer of its tier, and listed with its title, mimeType, source and tier or their defaults',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      await expectProperty(
        fc.asyncProperty(ingestTextBody(ctx.spec), async (body) => {
          const exchange = await kb.ingestText(kbId, body);
          const tier = expectIngestTextTier(ctx.spec, exchange, body.mode as IngestMode);
          const docId = String(bodyOf(exchange).docId);
          const listed = await kb.document(kbId, docId);
          expect(listed, `document ${docId} in the list`).toBeDefined();
          expect(listed?.title, 'listed title').toBe(body.title);
          expect(listed?.mimeType, 'listed mimeType').toBe(body.mimeType ?? 'text/plain');
          expect(listed?.source, 'listed source').toBe(body.source ?? 'manual');
          expect(listed?.mode, 'listed mode').toBe(tier);
        }),
        { numRuns: ctx.target.propertyRuns },
      );
    },
    INGEST,
  );

  check(
    'kb.ingest-text.required-fields-missing-observed',
    ['ERR-26'],
    'records what an ingest without text, and one without title, gets (not stated)',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      const noText = await kb.ingestText(kbId, { title: 'Untitled draft', mode: 'vector' });
      const noTitle = await kb.ingestText(kbId, {
        text: markedSentence(markerWord(ctx.prefix)),
        mode: 'vector',
      });
      ctx.observe('ERR-26', `ingest-text without text: ${stableErrorSummary(noText, ctx.prefix)}`);
      ctx.observe('ERR-26', `ingest-text without title: ${stableErrorSummary(noTitle, ctx.prefix)}`);
    },
    { operations: ['ingestText'] },
  );
});
