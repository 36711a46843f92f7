import { ConformanceFailure } from '../expect/failure.ts';
import { TOP_K_MAX } from '../expect/query-count.ts';
import { markedSentence, markerWord } from '../generate/knowledge.ts';
import { bodyOf } from '../http/json.ts';
import type { KnowledgeSteps } from './knowledge-steps.ts';

/**
 * A base built so that a query's result count is fixed under any relevance reading: every
 * document is a short vector-tier text opening with the same sentence, found nowhere else, and
 * that sentence is the query. Each document's chunk holds the whole query verbatim, as strong a
 * match as a chunk can be, so a query for topK up to the number of documents must return topK.
 */
export interface VerbatimBase {
  kbId: string;
  /** The sentence every document opens with. */
  query: string;
  /** Chunks holding the query verbatim: one per document at least. */
  verbatimChunks: number;
  /** The title each document was ingested under, by docId. */
  titles: Map<string, unknown>;
}

export async function baseWithVerbatimMatches(
  kb: KnowledgeSteps,
  prefix: string,
  documents: number,
): Promise<VerbatimBase> {
  const { kbId } = await kb.createBase();
  const query = markedSentence(markerWord(prefix));
  const titles = new Map<string, unknown>();
  for (let n = 0; n < documents; n += 1) {
    // A second sentence of its own, so that no two documents are the same text.
    const { docId, body, exchange } = await kb.addText(kbId, {
      mode: 'vector',
      text: `${query} ${markedSentence(markerWord(prefix))}`,
    });
    const chunks = bodyOf(exchange).chunksCreated;
    if (typeof chunks !== 'number' || chunks < 1) {
      throw new ConformanceFailure(
        `Received: chunksCreated ${JSON.stringify(chunks)} for a text of two sentences ingested with mode vector / Documented: the vector tier is chunked and embedded`,
        exchange,
      );
    }
    titles.set(docId, body.title);
  }
  // Settled once every document answers the query (an implementation may index asynchronously);
  // the checks judge what the query returns afterwards.
  await kb.queryWhen(
    kbId,
    query,
    (answer) => answer.results.length >= Math.min(documents, TOP_K_MAX),
    TOP_K_MAX,
  );
  return { kbId, query, verbatimChunks: documents, titles };
}
