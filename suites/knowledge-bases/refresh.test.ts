import fc from 'fast-check';
import { describe, expect } from 'vitest';
import {
  afterBody,
  DEFAULT_INTERVAL_DAYS,
  documentedIntervalDays,
  expectIntervalDays,
  NOTHING_SET,
  type IntervalHistory,
} from '../../src/expect/auto-refresh-interval.ts';
import { ConformanceFailure } from '../../src/expect/failure.ts';
import { expectProperty } from '../../src/expect/property.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { TXT_FILE } from '../../src/generate/fixture-sentences.ts';
import { autoRefreshBody, markedSentence, markerWord } from '../../src/generate/knowledge.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import { pollUntil } from '../../src/context/poll.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { bodyOf } from '../../src/http/json.ts';
import { CHANGING, HELD } from '../../src/target/fixture-pages.ts';
import {
  fetchCount,
  heldState,
  holdFetches,
  pageUrl,
  releaseFetches,
} from '../../src/resources/fixture-site.ts';
import { autoRefreshOf, type KnowledgeSteps } from '../../src/resources/knowledge-steps.ts';

async function refreshNow(ctx: CheckContext, kb: KnowledgeSteps, kbId: string): Promise<Exchange> {
  const exchange = await kb.client.call('refreshNow', { path: { kbId } });
  expectStatus(exchange, 200);
  expectSchema(ctx.spec, exchange);
  return exchange;
}

/** A base holding one page of the changing fixture, ingested once; the token names its fetches. */
async function baseWithChangingPage(ctx: CheckContext, kb: KnowledgeSteps) {
  const { kbId } = await kb.createBase();
  const token = markerWord(ctx.prefix);
  const { docId } = await kb.addUrl(kbId, pageUrl(ctx.target, CHANGING.pathFor(token)));
  return { kbId, token, docId, fetchedAtIngest: await fetchCount(ctx.target, token) };
}

/**
 * The latest revision of the changing page, after `after` and up to `upTo`, whose text a query
 * made of that revision's sentence returns (the page's one sentence, so the query is held verbatim
 * by the document's text); undefined when none is, with the last query's exchange.
 */
async function revisionReturned(
  kb: KnowledgeSteps,
  kbId: string,
  after: number,
  upTo: number,
): Promise<{ revision: number | undefined; exchange: Exchange | undefined }> {
  let exchange: Exchange | undefined;
  for (let revision = upTo; revision > after; revision -= 1) {
    const answer = await kb.query(kbId, CHANGING.sentenceFor(revision), 20);
    exchange = answer.exchange;
    const word = ` ${CHANGING.wordFor(revision)} `;
    if (answer.results.some((r) => String(r.text).includes(word))) return { revision, exchange };
  }
  return { revision: undefined, exchange };
}

async function holdsRevisionAfter(
  kb: KnowledgeSteps,
  kbId: string,
  after: number,
  upTo: number,
): Promise<boolean> {
  return (await revisionReturned(kb, kbId, after, upTo)).revision !== undefined;
}

describe('setAutoRefresh — PATCH /kb/{kbId}/auto-refresh', () => {
  check(
    'kb.auto-refresh.enable-with-days',
    [
      'KB-REFRESH-01',
      'KB-REFRESH-03',
      'KB-REFRESH-04',
      'KB-REFRESH-06',
      'STATE-05',
      'KB-BASE-08',
      'KB-BASE-09',
      'CONV-13',
    ],
    'enabled true with intervalDays answers 200 {status, kbId, autoRefresh}, and the base is listed enabled with that interval',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      const exchange = await kb.setAutoRefresh(kbId, { enabled: true, intervalDays: 5 });
      expect(bodyOf(exchange).kbId, 'kbId in the answer').toBe(kbId);
      const answer = autoRefreshOf(bodyOf(exchange));
      expect(
        { enabled: answer.enabled, intervalDays: answer.intervalDays },
        'autoRefresh in the answer',
      ).toEqual({ enabled: true, intervalDays: 5 });
      const listed = autoRefreshOf(await kb.listedBase(kbId));
      expect({ enabled: listed.enabled, intervalDays: listed.intervalDays }, 'autoRefresh as listed').toEqual(
        { enabled: true, intervalDays: 5 },
      );
    },
    { operations: ['setAutoRefresh', 'listKnowledgeBases'] },
  );

  check(
    'kb.auto-refresh.disable',
    ['KB-REFRESH-03', 'STATE-05', 'LIM-15'],
    'enabled false turns auto-refresh off, answered and listed disabled; a base never given an interval shows the default intervalDays 3, and what one disabled again shows is recorded',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      // Nothing set yet: disabled, the base shows the default interval, in the answer and the list.
      const first = await kb.setAutoRefresh(kbId, { enabled: false });
      const firstAnswer = autoRefreshOf(bodyOf(first));
      expect(firstAnswer.enabled, 'autoRefresh.enabled in the answer').toBe(false);
      expectIntervalDays(first, firstAnswer.intervalDays, DEFAULT_INTERVAL_DAYS, 'the answer');
      const unset = autoRefreshOf(await kb.listedBase(kbId));
      expect(unset.enabled, 'autoRefresh.enabled as listed').toBe(false);
      expectIntervalDays(undefined, unset.intervalDays, DEFAULT_INTERVAL_DAYS, 'the list');

      // Enabled with an interval, then disabled again: the interval shown then is not stated.
      await kb.setAutoRefresh(kbId, { enabled: true, intervalDays: 9 });
      const exchange = await kb.setAutoRefresh(kbId, { enabled: false });
      expect(autoRefreshOf(bodyOf(exchange)).enabled, 'autoRefresh.enabled in the answer').toBe(false);
      const listed = autoRefreshOf(await kb.listedBase(kbId));
      expect(listed.enabled, 'autoRefresh.enabled as listed').toBe(false);
      ctx.observe(
        'LIM-15',
        `enabled with intervalDays 9, then disabled: the list shows intervalDays ${JSON.stringify(listed.intervalDays)}`,
      );
    },
    { operations: ['setAutoRefresh', 'listKnowledgeBases'] },
  );

  check(
    'kb.auto-refresh.days-and-hours',
    ['KB-REFRESH-05', 'LIM-14'],
    'intervalHours together with intervalDays is accepted, and the base is listed enabled',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      const exchange = await kb.setAutoRefresh(kbId, {
        enabled: true,
        intervalDays: 1,
        intervalHours: 12,
      });
      expect(autoRefreshOf(bodyOf(exchange)).enabled, 'autoRefresh.enabled in the answer').toBe(true);
      const listed = autoRefreshOf(await kb.listedBase(kbId));
      expect(listed.enabled, 'autoRefresh.enabled as listed').toBe(true);
      // How the two combine is not stated.
      ctx.observe(
        'KB-REFRESH-05',
        `intervalDays 1 with intervalHours 12: the list shows intervalDays ${JSON.stringify(listed.intervalDays)}`,
      );
    },
    { operations: ['setAutoRefresh', 'listKnowledgeBases'] },
  );

  check(
    'kb.auto-refresh.generated-bodies',
    ['STATE-05', 'KB-REFRESH-04', 'KB-REFRESH-06', 'LIM-15'],
    'after any body drawn from the schema the base is answered and listed with the enabled sent; with the days sent when enabled with days alone; with the default 3 while disabled and never given an interval',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      // What the bodies sent so far set, shrinking included: the interval shown after one was sent is open.
      let history: IntervalHistory = NOTHING_SET;
      await expectProperty(
        fc.asyncProperty(autoRefreshBody(ctx.spec), async (body) => {
          history = afterBody(history, body);
          const documented = documentedIntervalDays(history, body);
          const exchange = await kb.setAutoRefresh(kbId, body);
          const answer = autoRefreshOf(bodyOf(exchange));
          expect(answer.enabled, 'autoRefresh.enabled in the answer').toBe(body.enabled);
          expectIntervalDays(exchange, answer.intervalDays, documented, 'the answer');
          const listed = autoRefreshOf(await kb.listedBase(kbId));
          expect(listed.enabled, 'autoRefresh.enabled as listed').toBe(body.enabled);
          expectIntervalDays(undefined, listed.intervalDays, documented, 'the list');
        }),
        { numRuns: ctx.target.propertyRuns },
      );
    },
    { operations: ['setAutoRefresh', 'listKnowledgeBases'] },
  );
});

describe('refreshNow — POST /kb/{kbId}/refresh-now', () => {
  check(
    'kb.refresh-now.answer',
    ['KB-REFRESH-02', 'KB-REFRESH-08', 'KB-REFRESH-10', 'CONV-13', 'LIM-15'],
    'answers 200 {status, kbId, refreshedDocs, autoRefresh, message}, refreshedDocs counting no more than the URL-sourced documents, autoRefresh showing the default 3 days while disabled and never set',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await baseWithChangingPage(ctx, kb);
      await kb.addText(kbId, { mode: 'vector' });
      await kb.addFile(kbId, TXT_FILE);
      const exchange = await refreshNow(ctx, kb, kbId);
      expect(bodyOf(exchange).kbId, 'kbId in the answer').toBe(kbId);
      expect(
        bodyOf(exchange).refreshedDocs,
        'refreshedDocs, with one URL-sourced document among three',
      ).toBeLessThanOrEqual(1);
      // The base was never given an interval: where it shows auto-refresh disabled, the default shows.
      const autoRefresh = autoRefreshOf(bodyOf(exchange));
      if (autoRefresh.enabled === false)
        expectIntervalDays(exchange, autoRefresh.intervalDays, DEFAULT_INTERVAL_DAYS, 'the answer');
      else ctx.observe('LIM-15', `a new base's autoRefresh.enabled: ${JSON.stringify(autoRefresh.enabled)}`);
    },
    { operations: ['refreshNow'] },
  );

  check(
    'kb.refresh-now.recrawls',
    ['STATE-06'],
    'refresh-now re-crawls: the fixture server receives a new request for the page of a URL-sourced document',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId, token, fetchedAtIngest } = await baseWithChangingPage(ctx, kb);
      await refreshNow(ctx, kb, kbId);
      const { answer, satisfied } = await pollUntil(
        () => fetchCount(ctx.target, token),
        (n) => n > fetchedAtIngest,
        { timeoutMs: ctx.patience.fetchMs },
      );
      expect(
        satisfied,
        `fetches of the page: ${fetchedAtIngest} at ingest, ${answer} within ${ctx.patience.fetchMs} ms of refresh-now`,
      ).toBe(true);
    },
    { operations: ['ingestUrl', 'refreshNow'] },
  );

  check(
    'kb.refresh-now.new-content',
    ['STATE-06', 'KB-INGEST-15', 'KB-QUERY-09'],
    "after refresh-now the document holds the page's new text: a query returns the revision fetched by the re-crawl; a second refresh-now fetches the page again",
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId, token, docId, fetchedAtIngest } = await baseWithChangingPage(ctx, kb);
      const tier = (await kb.document(kbId, docId))?.mode;
      // The page's one sentence, as ingested, is what a query for it must find first (any revision
      // fetched during the ingest, should the implementation have fetched it more than once).
      const ingested = await pollUntil(
        () => revisionReturned(kb, kbId, 0, fetchedAtIngest),
        (found) => found.revision !== undefined,
        { timeoutMs: ctx.patience.indexMs },
      );
      if (ingested.answer.revision === undefined) {
        if (tier === 'vector') {
          throw new ConformanceFailure(
            "Received: no result holding the page's sentence, for a query made of that sentence, on a base holding only that page (vector tier) / Documented: the server fetches the page and extracts its text; a query returns up to topK (default 5) chunks",
            ingested.answer.exchange,
          );
        }
        // Whether an inline-tier document is served by query is not stated, and ingest-url has no mode to force the tier.
        ctx.observe(
          'KB-INGEST-15',
          `the page went to the ${String(tier)} tier, whose text a query does not return: the re-crawled text cannot be seen`,
        );
        return;
      }
      await refreshNow(ctx, kb, kbId);
      const { answer, satisfied } = await pollUntil(
        async () => {
          const fetched = await fetchCount(ctx.target, token);
          return {
            fetched,
            changed:
              fetched > fetchedAtIngest && (await holdsRevisionAfter(kb, kbId, fetchedAtIngest, fetched)),
          };
        },
        (state) => state.changed,
        { timeoutMs: ctx.patience.fetchMs },
      );
      expect(
        satisfied,
        `the text of a revision after ${fetchedAtIngest} in the results (page fetched ${answer.fetched} times)`,
      ).toBe(true);
      // Every refresh-now re-crawls, not only a base's first: with the first crawl's text served
      // (that crawl is over), a second refresh-now fetches the page again.
      const before = await fetchCount(ctx.target, token);
      await refreshNow(ctx, kb, kbId);
      const again = await pollUntil(
        () => fetchCount(ctx.target, token),
        (n) => n > before,
        { timeoutMs: ctx.patience.fetchMs },
      );
      expect(
        again.satisfied,
        `fetches of the page: ${before} before a second refresh-now, ${again.answer} within ${ctx.patience.fetchMs} ms of it`,
      ).toBe(true);
    },
    { operations: ['ingestUrl', 'refreshNow', 'queryKnowledgeBase'] },
  );

  check(
    'kb.refresh-now.returns-when-queued',
    ['KB-REFRESH-09'],
    "refresh-now answers while the re-crawl's fetch of the page is still held by the fixture server",
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId } = await kb.createBase();
      const token = markerWord(ctx.prefix);
      await kb.addUrl(kbId, pageUrl(ctx.target, HELD.pathFor(token)));
      const held = await holdFetches(ctx.target, token);
      ctx.onTestFinished(async () => {
        await releaseFetches(ctx.target, token);
      });
      const exchange = await kb.client.call('refreshNow', { path: { kbId } });
      const seen = await heldState(ctx.target, token);
      expectStatus(exchange, 200);
      if (seen.answered > held.answered || seen.abandoned > held.abandoned) {
        throw new ConformanceFailure(
          `Received: refresh-now answered only after the re-crawl's fetch of the page had ended (${seen.answered - held.answered} answered, ${seen.abandoned - held.abandoned} given up while held) / Documented: it returns as soon as the job is queued`,
          exchange,
        );
      }
      await releaseFetches(ctx.target, token);
      await pollUntil(
        () => heldState(ctx.target, token),
        (s) => s.waiting === 0,
        { timeoutMs: ctx.patience.fetchMs },
      );
    },
    { operations: ['ingestUrl', 'refreshNow'] },
  );

  check(
    'kb.refresh-now.only-url-documents',
    ['KB-REFRESH-10', 'STATE-06'],
    'only URL-sourced documents are re-crawled: pasted text (even with a URL as its source label) and an uploaded file keep their docId and chunks, and no page is fetched for them',
    async (ctx) => {
      const kb = ctx.kb();
      const { kbId, token, fetchedAtIngest } = await baseWithChangingPage(ctx, kb);
      const labelToken = markerWord(ctx.prefix);
      const pasted = await kb.addText(kbId, {
        mode: 'vector',
        text: `${markedSentence(markerWord(ctx.prefix))} ${markedSentence(markerWord(ctx.prefix))}`,
        source: pageUrl(ctx.target, CHANGING.pathFor(labelToken)),
      });
      const file = await kb.addFile(kbId, TXT_FILE);
      const untouched = [pasted.docId, file.docId];
      const before = (await kb.documents(kbId)).filter((d) => untouched.includes(String(d.docId)));

      await refreshNow(ctx, kb, kbId);
      const recrawled = await pollUntil(
        () => fetchCount(ctx.target, token),
        (n) => n > fetchedAtIngest,
        { timeoutMs: ctx.patience.fetchMs },
      );
      // Leaving the others alone is only seen once the job ran: refresh-now "re-crawls immediately".
      expect(
        recrawled.satisfied,
        `fetches of the URL-sourced document's page: ${fetchedAtIngest} at ingest, ${recrawled.answer} within ${ctx.patience.fetchMs} ms of refresh-now`,
      ).toBe(true);
      // The URL document's new text, where a query shows it, marks the job as having reached it.
      if (await holdsRevisionAfter(kb, kbId, 0, recrawled.answer)) {
        await pollUntil(
          () => holdsRevisionAfter(kb, kbId, fetchedAtIngest, recrawled.answer),
          (changed) => changed,
          { timeoutMs: ctx.patience.fetchMs },
        );
      }

      expect(
        await fetchCount(ctx.target, labelToken),
        "fetches of the page named only in the pasted text's source",
      ).toBe(0);
      const after = (await kb.documents(kbId)).filter((d) => untouched.includes(String(d.docId)));
      const byDocId = (docs: typeof before) =>
        [...docs].sort((a, b) => String(a.docId).localeCompare(String(b.docId)));
      expect(byDocId(after), 'the pasted text and the uploaded file as listed after the re-crawl').toEqual(
        byDocId(before),
      );
    },
    { operations: ['ingestUrl', 'ingestText', 'uploadFile', 'refreshNow', 'listDocuments'] },
  );
});
