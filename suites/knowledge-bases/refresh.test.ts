import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { ConformanceFailure } from '../../src/checks/failure.ts';
import { expectProperty } from '../../src/checks/property.ts';
import { expectSchema } from '../../src/checks/schema.ts';
import { expectStatus } from '../../src/checks/status.ts';
import { TXT_FILE } from '../../src/generate/fixture-sentences.ts';
import { autoRefreshBody, markedSentence, markerWord } from '../../src/generate/knowledge.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import { pollUntil } from '../../src/harness/poll.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { bodyOf, isObject } from '../../src/resources/json.ts';
import { CHANGING, HELD } from '../../src/target/fixture-pages.ts';
import { fetchCount, heldState, holdFetches, pageUrl, releaseFetches } from './fixture-site.ts';
import { knowledgeSteps, type KnowledgeSteps } from './steps.ts';

const DEFAULT_INTERVAL_DAYS = 3;
/** The re-crawl is queued, so its effects are awaited generously (polled, never slept). */
const RECRAWL_DEADLINE_MS = 20_000;

function autoRefreshOf(value: unknown): Record<string, unknown> {
  return isObject(value) && isObject(value.autoRefresh) ? value.autoRefresh : {};
}

async function setAutoRefresh(
  ctx: CheckContext,
  kb: KnowledgeSteps,
  kbId: string,
  body: Record<string, unknown>,
): Promise<Exchange> {
  const exchange = await kb.client.call('setAutoRefresh', { path: { kbId }, body });
  expectStatus(exchange, 200);
  expectSchema(ctx.spec, exchange);
  return exchange;
}

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

/** Whether some result of a query on the base holds the text of a revision after `after`, up to `upTo`. */
async function holdsRevisionAfter(
  kb: KnowledgeSteps,
  kbId: string,
  after: number,
  upTo: number,
): Promise<boolean> {
  const { results } = await kb.query(kbId, CHANGING.sentenceFor(after + 1), 20);
  const words = Array.from({ length: Math.max(0, upTo - after) }, (_, n) => CHANGING.wordFor(after + 1 + n));
  return results.some((r) => words.some((word) => String(r.text).includes(` ${word} `)));
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
      const kb = knowledgeSteps(ctx);
      const { kbId } = await kb.createBase();
      const exchange = await setAutoRefresh(ctx, kb, kbId, { enabled: true, intervalDays: 5 });
      expect(bodyOf(exchange).kbId, 'kbId in the answer').toBe(kbId);
      expect(autoRefreshOf(bodyOf(exchange)).enabled, 'autoRefresh.enabled in the answer').toBe(true);
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
    'enabled false turns auto-refresh off: answered and listed disabled, the list showing the default intervalDays 3',
    async (ctx) => {
      const kb = knowledgeSteps(ctx);
      const { kbId } = await kb.createBase();
      await setAutoRefresh(ctx, kb, kbId, { enabled: true, intervalDays: 9 });
      const exchange = await setAutoRefresh(ctx, kb, kbId, { enabled: false });
      expect(autoRefreshOf(bodyOf(exchange)).enabled, 'autoRefresh.enabled in the answer').toBe(false);
      const listed = autoRefreshOf(await kb.listedBase(kbId));
      expect({ enabled: listed.enabled, intervalDays: listed.intervalDays }, 'autoRefresh as listed').toEqual(
        { enabled: false, intervalDays: DEFAULT_INTERVAL_DAYS },
      );
    },
    { operations: ['setAutoRefresh', 'listKnowledgeBases'] },
  );

  check(
    'kb.auto-refresh.days-and-hours',
    ['KB-REFRESH-05', 'LIM-14'],
    'intervalHours together with intervalDays is accepted, and the base is listed enabled',
    async (ctx) => {
      const kb = knowledgeSteps(ctx);
      const { kbId } = await kb.createBase();
      const exchange = await setAutoRefresh(ctx, kb, kbId, {
        enabled: true,
        intervalDays: 1,
        intervalHours: 12,
      });
      expect(autoRefreshOf(bodyOf(exchange)).enabled, 'autoRefresh.enabled in the answer').toBe(true);
      expect(autoRefreshOf(await kb.listedBase(kbId)).enabled, 'autoRefresh.enabled as listed').toBe(true);
    },
    { operations: ['setAutoRefresh', 'listKnowledgeBases'] },
  );

  check(
    'kb.auto-refresh.generated-bodies',
    ['STATE-05', 'KB-REFRESH-04', 'KB-REFRESH-06', 'LIM-15'],
    'after any body drawn from the schema the base is listed with the enabled sent, the days sent alone, or intervalDays 3 when disabled',
    async (ctx) => {
      const kb = knowledgeSteps(ctx);
      const { kbId } = await kb.createBase();
      await expectProperty(
        fc.asyncProperty(autoRefreshBody(ctx.spec), async (body) => {
          const answer = autoRefreshOf(bodyOf(await setAutoRefresh(ctx, kb, kbId, body)));
          expect(answer.enabled, 'autoRefresh.enabled in the answer').toBe(body.enabled);
          const listed = autoRefreshOf(await kb.listedBase(kbId));
          expect(listed.enabled, 'autoRefresh.enabled as listed').toBe(body.enabled);
          if (body.enabled === false)
            expect(listed.intervalDays, 'intervalDays listed while disabled').toBe(DEFAULT_INTERVAL_DAYS);
          else if ('intervalDays' in body && !('intervalHours' in body))
            expect(listed.intervalDays, 'intervalDays listed').toBe(body.intervalDays);
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
    ['KB-REFRESH-02', 'KB-REFRESH-08', 'KB-REFRESH-10', 'CONV-13'],
    'answers 200 {status, kbId, refreshedDocs, autoRefresh, message}, refreshedDocs counting no more than the URL-sourced documents',
    async (ctx) => {
      const kb = knowledgeSteps(ctx);
      const { kbId } = await baseWithChangingPage(ctx, kb);
      await kb.addText(kbId, { mode: 'vector' });
      await kb.addFile(kbId, TXT_FILE);
      const exchange = await refreshNow(ctx, kb, kbId);
      expect(bodyOf(exchange).kbId, 'kbId in the answer').toBe(kbId);
      expect(
        bodyOf(exchange).refreshedDocs,
        'refreshedDocs, with one URL-sourced document among three',
      ).toBeLessThanOrEqual(1);
    },
    { operations: ['refreshNow'] },
  );

  check(
    'kb.refresh-now.recrawls',
    ['STATE-06'],
    'refresh-now re-crawls: the fixture server receives a new request for the page of a URL-sourced document',
    async (ctx) => {
      const kb = knowledgeSteps(ctx);
      const { kbId, token, fetchedAtIngest } = await baseWithChangingPage(ctx, kb);
      await refreshNow(ctx, kb, kbId);
      const { answer, satisfied } = await pollUntil(
        () => fetchCount(ctx.target, token),
        (n) => n > fetchedAtIngest,
        { timeoutMs: RECRAWL_DEADLINE_MS },
      );
      expect(
        satisfied,
        `fetches of the page: ${fetchedAtIngest} at ingest, ${answer} within ${RECRAWL_DEADLINE_MS} ms of refresh-now`,
      ).toBe(true);
    },
    { operations: ['ingestUrl', 'refreshNow'] },
  );

  check(
    'kb.refresh-now.new-content',
    ['STATE-06'],
    "after refresh-now the document holds the page's new text: a query returns the revision fetched by the re-crawl",
    async (ctx) => {
      const kb = knowledgeSteps(ctx);
      const { kbId, token, fetchedAtIngest } = await baseWithChangingPage(ctx, kb);
      if (!(await holdsRevisionAfter(kb, kbId, fetchedAtIngest - 1, fetchedAtIngest))) {
        return ctx.skip(
          "the page's text as ingested is not returned by a query, so a change of it cannot be seen",
        );
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
        { timeoutMs: RECRAWL_DEADLINE_MS },
      );
      expect(
        satisfied,
        `the text of a revision after ${fetchedAtIngest} in the results (page fetched ${answer.fetched} times)`,
      ).toBe(true);
    },
    { operations: ['ingestUrl', 'refreshNow', 'queryKnowledgeBase'] },
  );

  check(
    'kb.refresh-now.returns-when-queued',
    ['KB-REFRESH-09'],
    "refresh-now answers while the re-crawl's fetch of the page is still held by the fixture server",
    async (ctx) => {
      const kb = knowledgeSteps(ctx);
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
        { timeoutMs: RECRAWL_DEADLINE_MS },
      );
    },
    { operations: ['ingestUrl', 'refreshNow'] },
  );

  check(
    'kb.refresh-now.only-url-documents',
    ['KB-REFRESH-10'],
    'only URL-sourced documents are re-crawled: pasted text (even with a URL as its source label) and an uploaded file keep their docId and chunks, and no page is fetched for them',
    async (ctx) => {
      const kb = knowledgeSteps(ctx);
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
        { timeoutMs: RECRAWL_DEADLINE_MS },
      );
      if (!recrawled.satisfied)
        return ctx.skip(
          'the URL-sourced document was not re-crawled, so the job cannot be seen to leave the others alone',
        );
      // The URL document's new text, where a query shows it, marks the job as having reached it.
      if (await holdsRevisionAfter(kb, kbId, fetchedAtIngest - 1, recrawled.answer)) {
        await pollUntil(
          () => holdsRevisionAfter(kb, kbId, fetchedAtIngest, recrawled.answer),
          (changed) => changed,
          { timeoutMs: RECRAWL_DEADLINE_MS },
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
