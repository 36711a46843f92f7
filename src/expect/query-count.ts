import type { Exchange } from '../http/exchange.ts';
import { ConformanceFailure, ConformanceWarning } from './failure.ts';
import { expectResponse } from './status.ts';
import { bodyOf } from '../http/json.ts';

/** The query's `topK`: "default 5, maximum 20". */
const TOP_K_DEFAULT = 5;
export const TOP_K_MAX = 20;

function resultsOf(exchange: Exchange): unknown[] {
  expectResponse(exchange);
  const results = bodyOf(exchange).results;
  return Array.isArray(results) ? results : [];
}

export interface VerbatimBase {
  /** The topK sent, or undefined for none (the default 5 applies). */
  topK: number | undefined;
  /** How many chunks of the base hold the whole query verbatim (a lower bound is enough). */
  verbatimChunks: number;
}

/**
 * The number of results of a query whose topK is within the documented range (1 to 20), on a base
 * where `verbatimChunks` chunks hold the whole query verbatim. More than topK is wrong under any
 * reading. Ranking and any relevance cut-off are not stated, but a chunk holding the query
 * verbatim matches it as strongly as a chunk can: no reasonable cut-off drops it while topK has
 * room, so fewer than min(topK, verbatimChunks) results is wrong too.
 */
export function expectResultCount(exchange: Exchange, count: number, base: VerbatimBase): void {
  const topK = base.topK ?? TOP_K_DEFAULT;
  const asked = base.topK === undefined ? 'no topK (default 5)' : `topK ${topK}`;
  if (count > topK) {
    throw new ConformanceFailure(
      `Received: ${count} results for ${asked} / Documented: at most topK results (default 5, maximum 20)`,
      exchange,
    );
  }
  const floor = Math.min(topK, base.verbatimChunks);
  if (count < floor) {
    throw new ConformanceFailure(
      `Received: ${count} results for ${asked}, with ${base.verbatimChunks} chunks holding the query verbatim / Documented: topK results (default 5) where that many chunks match; a chunk holding the whole query is as strong a match as any`,
      exchange,
    );
  }
}

/**
 * A chunk of document `docId` holds the query verbatim, and topK leaves room for every chunk of the
 * base (`baseChunks` at most topK): whatever the ranking, that document is among the results.
 */
export function expectDocumentReturned(
  exchange: Exchange,
  docIds: readonly unknown[],
  docId: string,
  base: { topK: number | undefined; baseChunks: number },
): void {
  const topK = base.topK ?? TOP_K_DEFAULT;
  if (base.baseChunks > topK) {
    throw new Error(
      `check setup: the base has ${base.baseChunks} chunks, more than topK ${topK}; the document may rank out`,
    );
  }
  if (!docIds.includes(docId)) {
    throw new ConformanceFailure(
      `Received: results from ${docIds.length === 0 ? 'no document' : `other documents only (${docIds.length} results)`} / Documented: up to topK ${topK} results; document ${docId} holds the query verbatim and the base has only ${base.baseChunks} chunk(s)`,
      exchange,
    );
  }
}

/**
 * A query asking more than the maximum of 20. Whether it is refused or clamped is not stated, and
 * either is fine; more than 20 results is not ("maximum 20"). A 4xx is a refusal; a 5xx is not a
 * documented refusal, so it is warned; a 2xx answers with 1 to 20 results when the base has
 * matching chunks (whatever topK was applied, it was at least 1). Returns the reading seen, for
 * recording.
 */
export function judgeAboveMaximum(exchange: Exchange, requested: number, verbatimChunks: number): string {
  const { status } = expectResponse(exchange);
  if (status >= 400 && status <= 499) return `topK ${requested}: refused with ${status}`;
  if (status >= 500) {
    throw new ConformanceWarning(
      `Received: ${status} for topK ${requested} / Documented: maximum 20 (an error or a clamp, the status not stated); a server error is not a documented refusal`,
      exchange,
    );
  }
  if (status < 200 || status > 299) {
    throw new ConformanceFailure(
      `Received: ${status} for topK ${requested} / Documented: maximum 20 (a refusal or at most 20 results)`,
      exchange,
    );
  }
  const count = resultsOf(exchange).length;
  if (count > TOP_K_MAX) {
    throw new ConformanceFailure(
      `Received: ${count} results for topK ${requested} / Documented: topK maximum 20, so never more than 20 results`,
      exchange,
    );
  }
  if (count === 0 && verbatimChunks > 0) {
    throw new ConformanceFailure(
      `Received: no result for topK ${requested}, with ${verbatimChunks} chunks holding the query verbatim / Documented: maximum 20 (a refusal or a clamp); an accepted query returns the matching chunks up to its topK`,
      exchange,
    );
  }
  return `topK ${requested}: ${status} with ${count} results${count === TOP_K_MAX ? ' (clamped to the maximum)' : ''}`;
}
