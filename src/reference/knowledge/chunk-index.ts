import MiniSearch from 'minisearch';
import { openPoints } from '../open-points.ts';
import { STOP_WORDS } from './stop-words.ts';

/** One retrievable unit: a chunk of a vector-tier document, or an inline document kept whole. */
interface IndexedChunk {
  id: number;
  docId: string;
  /** Kept with the chunk so a hit never needs the document again. */
  docTitle: string;
  chunkIndex: number;
  text: string;
  vector: boolean;
}

export interface ChunkHit {
  docId: string;
  docTitle: string;
  chunkIndex: number;
  text: string;
  score: number;
}

/**
 * The retrieval index of one knowledge base: a MiniSearch full-text index (BM25) over its chunks.
 * One instance per base, updated incrementally, so a query never rebuilds anything.
 */
export class ChunkIndex {
  private readonly search = new MiniSearch<{ id: number; text: string }>({
    fields: ['text'],
    storeFields: [],
    processTerm: indexTerm,
    // Whole words, any of them: prefix and fuzzy matching expand one query word into hundreds of
    // index terms on a large base, which costs more latency than the recall it buys.
    searchOptions: { combineWith: 'OR', prefix: false, fuzzy: false },
  });
  private readonly chunks = new Map<number, IndexedChunk>();
  private readonly idsByDoc = new Map<string, number[]>();
  private nextId = 1;
  private vectorChunks = 0;

  /** Indexes `texts` as chunks 0..n-1 of `docId`; returns how many were indexed. */
  addDocument(docId: string, docTitle: string, texts: readonly string[], vector: boolean): number {
    const ids: number[] = [];
    texts.forEach((text, chunkIndex) => {
      const id = this.nextId++;
      this.chunks.set(id, { id, docId, docTitle, chunkIndex, text, vector });
      this.search.add({ id, text });
      ids.push(id);
    });
    this.idsByDoc.set(docId, [...(this.idsByDoc.get(docId) ?? []), ...ids]);
    if (vector) this.vectorChunks += ids.length;
    return ids.length;
  }

  /** `keepVectorCount` is set only by a planted fault (the removed chunks stay counted). */
  removeDocument(docId: string, keepVectorCount = false): void {
    const ids = this.idsByDoc.get(docId);
    if (!ids) return;
    this.idsByDoc.delete(docId);
    for (const id of ids) {
      const chunk = this.chunks.get(id);
      if (chunk?.vector && !keepVectorCount) this.vectorChunks--;
      this.chunks.delete(id);
    }
    // discardAll marks the ids dead at once; MiniSearch vacuums the postings later in batches.
    this.search.discardAll(ids);
  }

  /** The texts of the document's chunks, in order: only a planted fault reads these. */
  chunkTexts(docId: string): string[] {
    return (this.idsByDoc.get(docId) ?? []).flatMap((id) => {
      const chunk = this.chunks.get(id);
      return chunk ? [chunk.text] : [];
    });
  }

  /** Best-first hits, at most `topK`, never from a document that has been removed. */
  query(text: string, topK: number): ChunkHit[] {
    if (openPoints().name !== 'default') return this.alternativeQuery(text, topK);
    const hits: ChunkHit[] = [];
    for (const result of this.search.search(text)) {
      const chunk = this.chunks.get(result.id as number);
      if (!chunk) continue;
      hits.push({
        docId: chunk.docId,
        docTitle: chunk.docTitle,
        chunkIndex: chunk.chunkIndex,
        text: chunk.text,
        score: result.score,
      });
      if (hits.length >= topK) break;
    }
    return hits;
  }

  /**
   * The alternative personality's query: vector-tier chunks only (an inline document is in the
   * assistant's context, not retrieved), equal scores latest chunk first, and scores squashed into
   * (0, 1) by s / (1 + s), which keeps their order.
   */
  private alternativeQuery(text: string, topK: number): ChunkHit[] {
    const points = openPoints();
    const hits: Array<ChunkHit & { id: number }> = [];
    for (const result of this.search.search(text)) {
      const chunk = this.chunks.get(result.id as number);
      if (!chunk || (!chunk.vector && !points.queryInline)) continue;
      const score = points.queryScore === 'unit' ? result.score / (1 + result.score) : result.score;
      const { docId, docTitle, chunkIndex } = chunk;
      hits.push({ id: chunk.id, docId, docTitle, chunkIndex, text: chunk.text, score });
    }
    const later = points.queryTies === 'reverse-order' ? -1 : 1;
    hits.sort((a, b) => b.score - a.score || later * (a.id - b.id));
    return hits.slice(0, topK).map(({ id: _id, ...hit }) => hit);
  }

  /** Chunks of vector-tier documents (inline documents are searchable but not embedded). */
  get vectorCount(): number {
    return this.vectorChunks;
  }
}

/** Lower case, and no stop words: applied alike to chunks as they are indexed and to queries. */
function indexTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return STOP_WORDS.has(lower) ? null : lower;
}
