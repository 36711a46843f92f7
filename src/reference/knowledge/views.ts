import { openPoints } from '../open-points.ts';
import { NO_FAULT, type FaultCheck } from './faults.ts';
import { countedDocuments } from './settled-counts.ts';
import {
  DAY_MS,
  DEFAULT_INTERVAL_DAYS,
  type AutoRefresh,
  type KbDocument,
  type KnowledgeBase,
} from './store.ts';

/** A knowledge base as the list returns it, with every field of the document's table. */
export function baseView(base: KnowledgeBase, shared: boolean, fault: FaultCheck = NO_FAULT) {
  const size = totalSize(base);
  const counted = countedDocuments(base);
  return {
    ...(fault('kb.list-kbid-as-id') ? { id: base.kbId } : { kbId: base.kbId }),
    [fault('kb.list-name-as-title') ? 'title' : 'name']: base.name,
    description: fault('kb.list-description-null') ? base.description || null : base.description,
    docsCount: counted ? counted.length : docsCount(base, fault),
    totalSize: fault('kb.total-size-kilobytes') ? size / 1024 : size,
    liveSourcesCount: counted
      ? counted.filter((doc) => doc.mode === 'inline').length
      : fault('kb.live-sources-count-urls')
        ? countUrls(base)
        : countMode(base, 'inline'),
    autoRefresh: autoRefreshView(base.autoRefresh, fault),
    createdAt: fault('kb.base-created-at-epoch') ? Date.parse(base.createdAt) : base.createdAt,
    ...(fault('kb.shared-omitted-for-own') && !shared ? {} : { shared }),
    // The alternative personality carries more than the document's table.
    ...(openPoints().extraFields === 'alternative'
      ? { ownerAccountId: base.ownerAccountId, vectorized: true }
      : {}),
  };
}

/** A disabled schedule shows the default interval, as the document's Limits table says. */
export function autoRefreshView(autoRefresh: AutoRefresh, fault: FaultCheck = NO_FAULT) {
  const disabledDays = fault('kb.disabled-interval-zero') ? 0 : DEFAULT_INTERVAL_DAYS;
  const intervalDays = autoRefresh.enabled ? autoRefresh.intervalMs / DAY_MS : disabledDays;
  if (openPoints().intervalView === 'days-and-hours') return daysAndHoursView(autoRefresh, intervalDays);
  return {
    enabled: fault('kb.auto-refresh-enabled-number') ? Number(autoRefresh.enabled) : autoRefresh.enabled,
    intervalDays: fault('kb.interval-days-string') ? String(intervalDays) : intervalDays,
    ...(fault('kb.last-refreshed-omitted') && autoRefresh.lastRefreshedAt === null
      ? {}
      : { lastRefreshedAt: autoRefresh.lastRefreshedAt }),
    nextRefreshAt: fault('kb.next-refresh-false')
      ? autoRefresh.enabled && autoRefresh.nextRefreshAt
      : autoRefresh.enabled
        ? autoRefresh.nextRefreshAt
        : null,
  };
}

/** The alternative personality's schedule: whole days in `intervalDays`, the rest in `intervalHours`. */
function daysAndHoursView(autoRefresh: AutoRefresh, intervalDays: number) {
  const days = Math.floor(intervalDays);
  return {
    enabled: autoRefresh.enabled,
    intervalDays: days,
    intervalHours: Math.round((intervalDays - days) * 24 * 1000) / 1000,
    lastRefreshedAt: autoRefresh.lastRefreshedAt,
    nextRefreshAt: autoRefresh.enabled ? autoRefresh.nextRefreshAt : null,
  };
}

export function documentView(doc: KbDocument, kbId: string, fault: FaultCheck = NO_FAULT) {
  return {
    docId: fault('kb.listed-doc-id-composite') ? `${kbId}:${doc.docId}` : doc.docId,
    title: fault('kb.listed-title-is-url') ? (doc.url ?? doc.title) : doc.title,
    source: doc.source,
    mimeType: doc.mimeType,
    chunksCount: doc.chunksCount,
    fileSize: fault('kb.file-size-null-for-text') && doc.source !== 'upload' ? null : doc.fileSize,
    mode: doc.mode,
    createdAt: fault('kb.doc-created-at-locale') ? new Date(doc.createdAt).toString() : doc.createdAt,
    // The alternative personality carries more than the document's list.
    ...(openPoints().extraFields === 'alternative'
      ? { kbId, status: 'ready', ...(doc.url ? { url: doc.url } : {}) }
      : {}),
  };
}

export function totalSize(base: KnowledgeBase): number {
  let total = 0;
  for (const doc of countedDocuments(base) ?? base.documents.values()) total += doc.fileSize;
  return total;
}

function docsCount(base: KnowledgeBase, fault: FaultCheck): number {
  if (fault('kb.docs-count-vector-only')) return countMode(base, 'vector');
  return fault('kb.docs-count-never-drops') ? base.documentsAdded : base.documents.size;
}

function countMode(base: KnowledgeBase, mode: KbDocument['mode']): number {
  let count = 0;
  for (const doc of base.documents.values()) if (doc.mode === mode) count++;
  return count;
}

function countUrls(base: KnowledgeBase): number {
  let count = 0;
  for (const doc of base.documents.values()) if (doc.url !== undefined) count++;
  return count;
}
