import { describe } from 'vitest';
import { expectResultCount, judgeAboveMaximum, TOP_K_MAX } from '../../src/expect/query-count.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import { baseWithVerbatimMatches, type VerbatimBase } from '../../src/resources/verbatim-base.ts';

/**
 * Limits table: `topK`, default 5, maximum 20, on a base where more than 20 chunks hold the whole
 * query verbatim, so that no relevance reading can return fewer than topK.
 */

const MATCHING_DOCUMENTS = 24;

function baseWithManyMatches(context: CheckContext): Promise<VerbatimBase> {
  return context.shared('verbatim-base', () =>
    baseWithVerbatimMatches(context.kb(), context.prefix, MATCHING_DOCUMENTS),
  );
}

describe('queryKnowledgeBase — POST /kb/{kbId}/query', () => {
  check(
    'limits.top-k.default-5',
    ['LIM-07'],
    'without topK a query returns exactly five results when more than twenty chunks hold the whole query verbatim',
    async (context) => {
      const { kbId, query, verbatimChunks } = await baseWithManyMatches(context);
      const { exchange, results } = await context.kb().query(kbId, query);
      expectResultCount(exchange, results.length, { topK: undefined, verbatimChunks });
    },
    { operations: ['queryKnowledgeBase'] },
  );

  check(
    'limits.top-k.20-accepted',
    ['LIM-08'],
    'topK 20, the maximum, is accepted and returns exactly 20 results when more chunks hold the whole query verbatim',
    async (context) => {
      const { kbId, query, verbatimChunks } = await baseWithManyMatches(context);
      const { exchange, results } = await context.kb().query(kbId, query, TOP_K_MAX);
      expectResultCount(exchange, results.length, { topK: TOP_K_MAX, verbatimChunks });
    },
    { operations: ['queryKnowledgeBase'] },
  );

  check(
    'limits.top-k.above-maximum',
    ['LIM-08', 'KB-QUERY-11'],
    'topK 21, above the maximum, never gets more than 20 results: a refusal or a clamp, whichever is recorded',
    async (context) => {
      const { kbId, query, verbatimChunks } = await baseWithManyMatches(context);
      const exchange = await context.kb().client.call('queryKnowledgeBase', {
        path: { kbId },
        body: { query, topK: TOP_K_MAX + 1 },
      });
      const reading = judgeAboveMaximum(exchange, TOP_K_MAX + 1, verbatimChunks);
      if (exchange.response && exchange.response.status < 300) expectSchema(context.spec, exchange);
      context.observe('KB-QUERY-11', reading);
    },
    { operations: ['queryKnowledgeBase'] },
  );
});
