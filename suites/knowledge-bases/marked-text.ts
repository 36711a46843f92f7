import { expectDocumentReturned } from '../../src/expect/query-count.ts';
import type { BodyOverrides } from '../../src/generate/overrides.ts';
import { markedSentence, markerWord } from '../../src/generate/knowledge.ts';
import { bodyOf, type JsonObject } from '../../src/http/json.ts';
import type { IngestedText, KnowledgeSteps } from '../../src/resources/knowledge-steps.ts';

/**
 * Pastes a text of two sentences carrying a marker of their own (vector unless `overrides` say
 * otherwise), its answer judged by the tier asked for; `sentence` is the first, the one a query asks.
 */
export async function addMarkedText(
  kb: KnowledgeSteps,
  kbId: string,
  prefix: string,
  overrides: BodyOverrides = {},
): Promise<IngestedText & { marker: string; sentence: string }> {
  const marker = markerWord(prefix);
  const sentence = markedSentence(marker);
  const added = await kb.addText(kbId, {
    mode: 'vector',
    text: `${sentence} ${markedSentence(marker)}`,
    ...overrides,
  });
  return { ...added, marker, sentence };
}

/**
 * Queries a base whose one document holds `sentence` verbatim, asking again until results come:
 * that document must be returned (src/expect/query-count.ts, its chunks counted from its ingest
 * answer). Returns the results, for the check's own assertions on them.
 */
export async function expectOwnDocumentReturned(
  kb: KnowledgeSteps,
  kbId: string,
  { sentence, docId, exchange: ingested }: Pick<IngestedText, 'docId' | 'exchange'> & { sentence: string },
): Promise<JsonObject[]> {
  const { exchange, results } = await kb.queryWhen(kbId, sentence, (answer) => answer.results.length > 0);
  expectDocumentReturned(
    exchange,
    results.map((r) => r.docId),
    docId,
    { topK: undefined, baseChunks: Number(bodyOf(ingested).chunksCreated) },
  );
  return results;
}
