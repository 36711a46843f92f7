import { timestamp } from '../open-points.ts';
import { replaceDocumentText } from './documents.ts';
import type { PageFetcher } from './deps.ts';
import { pageText } from './page-text.ts';
import { chunkText } from './chunking.ts';
import { NO_FAULT, type FaultCheck } from './faults.ts';
import type { KbDocument, KnowledgeBase } from './store.ts';

/** Auto-refresh never fires more often than this, whatever interval was asked for. */
const MIN_REFRESH_DELAY_MS = 1_000;
// setTimeout cannot wait longer than 2^31-1 ms (about 24.8 days); longer waits are chained.
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface RecrawlerOptions {
  fetchPage: PageFetcher;
  /** The clock shown in timestamps; timers themselves run on real elapsed time. */
  now: () => number;
  /** Set by a planted fault: report the documents but never re-crawl them. */
  skipRecrawl?: () => boolean;
  /** Set by a planted fault: also re-crawl pasted text whose source label is an http(s) address. */
  recrawlUrlLabels?: () => boolean;
  /** Planted faults of the re-crawl itself (restamping what it must leave alone, skipping the index). */
  fault?: FaultCheck;
}

export function urlDocuments(base: KnowledgeBase): KbDocument[] {
  return [...base.documents.values()].filter((doc) => doc.url !== undefined);
}

/**
 * Re-crawls the URL-sourced documents of a base, now (refresh-now) or on its auto-refresh
 * schedule. One job runs per base at a time; a request arriving during a job runs it once more
 * afterwards. Every timer is unref'd and `close` stops them all and aborts fetches in flight.
 */
export class Recrawler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  /** Bases crawled at least once (read only by a planted fault: a base is re-crawled once). */
  private readonly crawled = new Set<string>();
  private readonly shutdown = new AbortController();

  constructor(private readonly options: RecrawlerOptions) {}

  /** Queues a re-crawl of the base and returns at once. */
  queue(base: KnowledgeBase): void {
    if (this.shutdown.signal.aborted || this.options.skipRecrawl?.()) return;
    if (this.options.fault?.('kb.recrawl-first-only') && this.crawled.has(base.kbId)) return;
    this.crawled.add(base.kbId);
    if (this.running.has(base.kbId)) {
      this.again.add(base.kbId);
      return;
    }
    const job = this.recrawl(base).finally(() => {
      this.running.delete(base.kbId);
      if (this.again.delete(base.kbId)) this.queue(base);
    });
    this.running.set(base.kbId, job);
  }

  /** (Re)starts the base's schedule from now, or stops it when auto-refresh is off. */
  schedule(base: KnowledgeBase): void {
    this.cancel(base.kbId);
    const settings = base.autoRefresh;
    if (!settings.enabled || this.shutdown.signal.aborted) {
      settings.nextRefreshAt = null;
      return;
    }
    const delay = Math.max(settings.intervalMs, MIN_REFRESH_DELAY_MS);
    settings.nextRefreshAt = timestamp(this.options.now() + delay);
    this.armTimer(base, Date.now() + delay);
  }

  cancel(kbId: string): void {
    const timer = this.timers.get(kbId);
    if (timer) clearTimeout(timer);
    this.timers.delete(kbId);
  }

  /** Stops every schedule and aborts fetches in flight; nothing is queued or scheduled afterwards. */
  stop(): void {
    this.shutdown.abort();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** {@link stop}, then waits for running jobs to wind down. */
  async close(): Promise<void> {
    this.stop();
    await Promise.allSettled([...this.running.values()]);
  }

  /** Resolves when no re-crawl of the base is running or queued (tests). */
  async idle(kbId: string): Promise<void> {
    for (let job = this.running.get(kbId); job; job = this.running.get(kbId))
      await job.catch(() => undefined);
  }

  private armTimer(base: KnowledgeBase, due: number): void {
    const delay = Math.min(Math.max(due - Date.now(), 0), MAX_TIMER_MS);
    const timer = setTimeout(() => {
      this.timers.delete(base.kbId);
      if (Date.now() < due) {
        this.armTimer(base, due);
        return;
      }
      this.queue(base);
      this.schedule(base);
    }, delay);
    timer.unref();
    this.timers.set(base.kbId, timer);
  }

  private async recrawl(base: KnowledgeBase): Promise<void> {
    // Yield first, so the request that queued the job is answered before any work starts.
    await new Promise((resolve) => setImmediate(resolve));
    const docs = this.options.recrawlUrlLabels?.()
      ? [...base.documents.values()].filter((doc) => doc.url !== undefined || /^https?:\/\//.test(doc.source))
      : urlDocuments(base);
    for (const doc of docs) {
      if (this.shutdown.signal.aborted) return;
      await this.recrawlDocument(base, doc);
    }
    const crawledAt = this.options.now();
    this.restampFaults(base, crawledAt);
    base.autoRefresh.lastRefreshedAt = timestamp(crawledAt);
  }

  /**
   * Planted faults: the crawl re-ingests pasted text or uploaded files too, which take its time as
   * createdAt. A re-ingest comes after the ingest, so the new createdAt is at least a millisecond
   * later: a crawl within the ingest's millisecond must not hide the fault by chance.
   */
  private restampFaults(base: KnowledgeBase, crawledAt: number): void {
    const fault = this.options.fault ?? NO_FAULT;
    for (const doc of base.documents.values()) {
      if (doc.url !== undefined) continue;
      const upload = doc.source === 'upload';
      if (fault(upload ? 'kb.recrawl-restamps-uploads' : 'kb.recrawl-restamps-pasted'))
        doc.createdAt = timestamp(Math.max(crawledAt, Date.parse(doc.createdAt) + 1));
    }
  }

  private async recrawlDocument(base: KnowledgeBase, doc: KbDocument): Promise<void> {
    const url = doc.url ?? (this.options.recrawlUrlLabels?.() ? doc.source : undefined);
    if (url === undefined) return;
    try {
      const page = await this.options.fetchPage(url, this.shutdown.signal);
      const { text } = await pageText(page);
      // The document (or its base) may have been deleted while the page was on its way.
      if (base.documents.get(doc.docId) !== doc) return;
      // A planted fault refreshes the listing only: the index keeps the old text.
      if (this.options.fault?.('kb.recrawl-listing-only')) {
        doc.chunksCount = chunkText(text).length;
        doc.fileSize = Buffer.byteLength(page.body);
        return;
      }
      replaceDocumentText(base, doc, text, Buffer.byteLength(page.body));
    } catch {
      // A page that cannot be had now keeps its last good text; the next crawl tries again.
    }
  }
}
