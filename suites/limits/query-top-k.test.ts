import { describe, expect } from 'vitest';
import { expectSchema } from '../../src/checks/schema.ts';
import { expectStatus } from '../../src/checks/status.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { accountResources, type Base } from '../auth/account-resources.ts';

/** Limits table: `topK`, default 5, maximum 20, on a base where more than 20 chunks contain the query's words. */

const MATCHING_DOCUMENTS = 24;
const QUERY = 'cormorant nesting ledge';

let prepared: Promise<Base> | undefined;

/** One base per file holding more matching chunks than the maximum: one short vector document each. */
function baseWithManyMatches(context: CheckContext): Promise<Base> {
  const resources = accountResources(context);
  prepared ??= (async () => {
    const base = await resources.createBase('top-k');
    for (let n = 1; n <= MATCHING_DOCUMENTS; n += 1) {
      await resources.ingestText(
        base.kbId,
        `Cormorant survey ${n}`,
        `Survey ${n}: a cormorant nesting ledge was counted on the north cliff, ledge number ${n}.`,
        'vector',
      );
    }
    return base;
  })();
  return prepared;
}

async function query(
  context: CheckContext,
  topK?: number,
): Promise<{ exchange: Exchange; results: unknown[] }> {
  const base = await baseWithManyMatches(context);
  const exchange = await accountResources(context).client.call('queryKnowledgeBase', {
    path: { kbId: base.kbId },
    body: { query: QUERY, ...(topK === undefined ? {} : { topK }) },
  });
  const results = (exchange.response?.json as { results?: unknown } | undefined)?.results;
  return { exchange, results: Array.isArray(results) ? results : [] };
}

describe('queryKnowledgeBase — POST /kb/{kbId}/query', () => {
  check(
    'limits.top-k.default-5',
    ['LIM-07'],
    'without topK a query returns five results when more than five chunks contain its words',
    async (context) => {
      const { exchange, results } = await query(context);
      expectStatus(exchange, 200);
      expectSchema(context.spec, exchange);
      expect(results.length, 'results without topK').toBe(5);
    },
    { operations: ['queryKnowledgeBase'] },
  );

  check(
    'limits.top-k.20-accepted',
    ['LIM-08'],
    'topK 20, the maximum, is accepted and returns at most 20 results',
    async (context) => {
      const { exchange, results } = await query(context, 20);
      expectStatus(exchange, 200);
      expectSchema(context.spec, exchange);
      expect(results.length, 'results with topK 20').toBeLessThanOrEqual(20);
    },
    { operations: ['queryKnowledgeBase'] },
  );

  check(
    'limits.top-k.above-maximum',
    ['KB-QUERY-11'],
    'topK 21, above the maximum: what the implementation does (an error, a clamp, more results) is recorded',
    async (context) => {
      const { exchange, results } = await query(context, 21);
      context.observe(
        'KB-QUERY-11',
        `topK 21: ${exchange.response?.status ?? exchange.error}, ${results.length} results`,
      );
    },
    { operations: ['queryKnowledgeBase'] },
  );
});
