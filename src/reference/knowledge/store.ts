import { randomUUID } from 'node:crypto';
import { ChunkIndex } from './chunk-index.ts';

export type DocumentMode = 'vector' | 'inline';

export interface KbDocument {
  docId: string;
  title: string;
  source: string;
  mimeType: string;
  mode: DocumentMode;
  chunksCount: number;
  /** Bytes of the original content (UTF-8 text, or the uploaded file). */
  fileSize: number;
  createdAt: string;
  /** Set on URL-sourced documents only: these, and only these, are re-crawled. */
  url?: string;
}

export interface AutoRefresh {
  enabled: boolean;
  /** The interval set by the last enabling PATCH (days plus hours, in milliseconds). */
  intervalMs: number;
  lastRefreshedAt: string | null;
  nextRefreshAt: string | null;
}

export interface KnowledgeBase {
  kbId: string;
  ownerAccountId: string;
  name: string;
  description: string;
  createdAt: string;
  documents: Map<string, KbDocument>;
  index: ChunkIndex;
  autoRefresh: AutoRefresh;
  /** Accounts other than the owner that may read the base (shown to them with `shared: true`). */
  grantees: Set<string>;
  /** The key that created the base; read only by the `kb.shared-by-key` fault. */
  createdByKey?: string;
  /** Documents ever added; read only by the `kb.docs-count-never-drops` fault. */
  documentsAdded: number;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_INTERVAL_DAYS = 3;

export interface VisibleBase {
  base: KnowledgeBase;
  shared: boolean;
}

/** Every knowledge base of every account, in creation order. */
export class KnowledgeStore {
  private readonly bases = new Map<string, KnowledgeBase>();

  create(
    ownerAccountId: string,
    name: string,
    description: string,
    createdAt: string,
    kbId: string = randomUUID(),
  ): KnowledgeBase {
    const base: KnowledgeBase = {
      kbId,
      ownerAccountId,
      name,
      description,
      createdAt,
      documents: new Map(),
      index: new ChunkIndex(),
      autoRefresh: {
        enabled: false,
        intervalMs: DEFAULT_INTERVAL_DAYS * DAY_MS,
        lastRefreshedAt: null,
        nextRefreshAt: null,
      },
      grantees: new Set(),
      documentsAdded: 0,
    };
    this.bases.set(base.kbId, base);
    return base;
  }

  /** The base as its owner sees it, whoever asks: only for the `kb.query-any-account` fault. */
  anyAccount(kbId: string): VisibleBase | undefined {
    const base = this.bases.get(kbId);
    return base && { base, shared: false };
  }

  /** The base as `accountId` sees it: owned, granted (`shared`), or not at all. */
  visible(accountId: string, kbId: string): VisibleBase | undefined {
    const base = this.bases.get(kbId);
    if (!base) return undefined;
    if (base.ownerAccountId === accountId) return { base, shared: false };
    if (base.grantees.has(accountId)) return { base, shared: true };
    return undefined;
  }

  listVisible(accountId: string): VisibleBase[] {
    const visible: VisibleBase[] = [];
    for (const base of this.bases.values()) {
      const view = this.visible(accountId, base.kbId);
      if (view) visible.push(view);
    }
    return visible;
  }

  delete(kbId: string): void {
    this.bases.delete(kbId);
  }

  all(): IterableIterator<KnowledgeBase> {
    return this.bases.values();
  }
}
