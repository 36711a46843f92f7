import {
  DAY_MS,
  DEFAULT_INTERVAL_DAYS,
  type AutoRefresh,
  type KbDocument,
  type KnowledgeBase,
} from './store.ts';

/** A knowledge base as the list returns it, with every field of the document's table. */
export function baseView(base: KnowledgeBase, shared: boolean) {
  return {
    kbId: base.kbId,
    name: base.name,
    description: base.description,
    docsCount: base.documents.size,
    totalSize: totalSize(base),
    liveSourcesCount: countInline(base),
    autoRefresh: autoRefreshView(base.autoRefresh),
    createdAt: base.createdAt,
    shared,
  };
}

/** A disabled schedule shows the default interval, as the document's Limits table says. */
export function autoRefreshView(autoRefresh: AutoRefresh) {
  return {
    enabled: autoRefresh.enabled,
    intervalDays: autoRefresh.enabled ? autoRefresh.intervalMs / DAY_MS : DEFAULT_INTERVAL_DAYS,
    lastRefreshedAt: autoRefresh.lastRefreshedAt,
    nextRefreshAt: autoRefresh.enabled ? autoRefresh.nextRefreshAt : null,
  };
}

export function documentView(doc: KbDocument) {
  return {
    docId: doc.docId,
    title: doc.title,
    source: doc.source,
    mimeType: doc.mimeType,
    chunksCount: doc.chunksCount,
    fileSize: doc.fileSize,
    mode: doc.mode,
    createdAt: doc.createdAt,
  };
}

export function totalSize(base: KnowledgeBase): number {
  let total = 0;
  for (const doc of base.documents.values()) total += doc.fileSize;
  return total;
}

function countInline(base: KnowledgeBase): number {
  let count = 0;
  for (const doc of base.documents.values()) if (doc.mode === 'inline') count++;
  return count;
}
