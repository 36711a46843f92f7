import { openPoints } from '../open-points.ts';
import type { KbDocument, KnowledgeBase } from './store.ts';

/*
 * When counts show a write is left open by the document (docsCount, liveSourcesCount, totalSize,
 * stats). The default personality counts at once. The alternative counts a document only once
 * `countDelayMs` has passed since its ingest, and keeps counting a deleted one as long after its
 * delete, as a service whose counters an asynchronous job maintains would. The documents list, the
 * query and the ingest answers are never delayed.
 */

const addedAt = new WeakMap<KbDocument, number>();
const removedDocs = new WeakMap<KnowledgeBase, Array<{ doc: KbDocument; at: number }>>();

/** Remembers when `doc` was ingested (only when counts are delayed). */
export function noteAdded(doc: KbDocument): void {
  if (openPoints().countDelayMs > 0) addedAt.set(doc, Date.now());
}

/** Remembers that `doc` left `base` (only when counts are delayed). */
export function noteRemoved(base: KnowledgeBase, doc: KbDocument | undefined): void {
  if (doc === undefined || openPoints().countDelayMs <= 0) return;
  const removed = removedDocs.get(base) ?? [];
  removed.push({ doc, at: Date.now() });
  removedDocs.set(base, removed);
}

/**
 * The documents the counts show now: undefined when counts are not delayed (count
 * `base.documents`), else the settled ones, deleted ones whose delete has not settled included.
 */
export function countedDocuments(base: KnowledgeBase): KbDocument[] | undefined {
  const delay = openPoints().countDelayMs;
  if (delay <= 0) return undefined;
  const now = Date.now();
  const settled = (at: number | undefined) => at === undefined || now - at >= delay;
  const removed = (removedDocs.get(base) ?? []).filter((entry) => !settled(entry.at));
  removedDocs.set(base, removed);
  return [
    ...[...base.documents.values()].filter((doc) => settled(addedAt.get(doc))),
    ...removed.filter((entry) => settled(addedAt.get(entry.doc))).map((entry) => entry.doc),
  ];
}

/** vectorCount under delayed counts: the chunks of the counted vector-tier documents. */
export function countedVectors(documents: readonly KbDocument[]): number {
  return documents.filter((doc) => doc.mode === 'vector').reduce((sum, doc) => sum + doc.chunksCount, 0);
}
