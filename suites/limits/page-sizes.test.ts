import { describe, expect } from 'vitest';
import { ConformanceFailure } from '../../src/expect/failure.ts';
import { expectPageArithmetic } from '../../src/expect/list-page.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectResponse, expectStatus } from '../../src/expect/status.ts';
import { uniqueWord } from '../../src/generate/identity.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { CallInput } from '../../src/http/client.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { inBatches } from '../../src/resources/batch.ts';
import { searchableOverrides } from '../../src/resources/drafts.ts';
import { bodyOf } from '../../src/http/json.ts';
import { loadOperationIndexSync } from '../../src/spec/openapi.ts';

/**
 * Limits table: the default page size (`limit`) of each paginated route and the default `page`.
 * The file creates more assistants and plugins than the largest default, all carrying a word
 * unique to the run, so that every default shows in a single answer.
 */

const operations = loadOperationIndexSync();
const CREATED = 51;
const CONCURRENCY = 8;

interface PaginatedRoute {
  operationId: 'listPersonas' | 'searchPersonas' | 'listPlugins' | 'searchPlugins';
  label: string;
  defaultLimit: number;
  itemsField: string;
  totalField: string;
  input: (word: string) => CallInput;
  limitRequirement: string;
  pageRequirement: string;
}

const ROUTES: readonly PaginatedRoute[] = [
  {
    operationId: 'listPersonas',
    label: 'list assistants',
    defaultLimit: 50,
    itemsField: 'allPersonas',
    totalField: 'totalPersonas',
    input: () => ({ path: { sessionId: 'conformance' } }),
    limitRequirement: 'LIM-09',
    pageRequirement: 'LIM-13',
  },
  {
    operationId: 'searchPersonas',
    label: 'search assistants',
    defaultLimit: 30,
    itemsField: 'allPersonas',
    totalField: 'totalPersonas',
    input: (word) => ({ query: { search: word } }),
    limitRequirement: 'LIM-10',
    pageRequirement: 'LIM-13',
  },
  {
    operationId: 'listPlugins',
    label: 'list plugins',
    defaultLimit: 50,
    itemsField: 'plugin',
    totalField: 'totalPlugins',
    input: () => ({ path: { userId: 'conformance' } }),
    limitRequirement: 'LIM-11',
    pageRequirement: 'LIM-13',
  },
  {
    operationId: 'searchPlugins',
    label: 'search plugins',
    defaultLimit: 20,
    itemsField: 'plugin',
    totalField: 'totalPlugins',
    input: (word) => ({ query: { search: word } }),
    limitRequirement: 'LIM-12',
    pageRequirement: 'LIM-13',
  },
];

/**
 * Creates the file's assistants and plugins once; returns the word they carry. An assistant carries
 * it as a word of its name (search matches name and title). A plugin's title starts with it and its
 * name, descriptions and one tag are the word itself: which fields a plugin search matches is not
 * stated, but such a term is matched on any reading of a search.
 */
function populate({ make, prefix, shared }: CheckContext): Promise<string> {
  return shared('populated', async () => {
    const word = uniqueWord(prefix);
    const numbers = Array.from({ length: CREATED }, (_, i) => i);
    await inBatches(numbers, CONCURRENCY, (n) =>
      make().assistant({ name: `${prefix} ${word} page ${n}`, os: ['nt'] }),
    );
    await inBatches(numbers, CONCURRENCY, (n) =>
      make().plugin(searchableOverrides(word, { title: `${word}_${n}` })),
    );
    return word;
  });
}

async function firstAnswer(context: CheckContext, route: PaginatedRoute): Promise<Exchange> {
  const word = await populate(context);
  const exchange = await context.as('full').call(route.operationId, route.input(word));
  expectStatus(exchange, 200);
  expectSchema(context.spec, exchange);
  return exchange;
}

for (const route of ROUTES) {
  describe(operations.get(route.operationId)?.label ?? route.operationId, () => {
    check(
      `limits.page-size.${route.operationId}.default-${route.defaultLimit}`,
      [route.limitRequirement],
      `without limit, a page holds ${route.defaultLimit} items when more match, and totalPages counts pages of ${route.defaultLimit}`,
      async (context) => {
        const exchange = await firstAnswer(context, route);
        // Totals of the plugin routes have no stated type: a numeric string is read as a number.
        const total = Number(bodyOf(exchange)[route.totalField]);
        if (!(total > route.defaultLimit)) {
          throw new ConformanceFailure(
            `Received: ${route.totalField} ${JSON.stringify(bodyOf(exchange)[route.totalField])} / Documented: at least the ${CREATED} created by this file match`,
            exchange,
          );
        }
        expectPageArithmetic(exchange, {
          items: route.itemsField,
          total: route.totalField,
          limit: route.defaultLimit,
          page: 1,
        });
      },
      { operations: [route.operationId] },
    );

    check(
      `limits.page-default.${route.operationId}`,
      [route.pageRequirement],
      'without page, the first page is returned (currentPage 1)',
      async (context) => {
        const exchange = await firstAnswer(context, route);
        expect(bodyOf(exchange).currentPage, 'currentPage without page').toBe(1);
      },
      { operations: [route.operationId] },
    );
  });
}

describe('rate limits', () => {
  check(
    'limits.rate-limits',
    ['LIM-17'],
    'rate limits are not shown: any rate-limit header or 429 met is recorded',
    async (context) => {
      const exchange = await context.as('full').call('listPersonas', { path: { sessionId: 'conformance' } });
      // No answer is nothing to record: an error of the run.
      const response = expectResponse(exchange);
      // Header names only: their values (requests left, reset time) change from run to run.
      const headers = Object.keys(response.headers)
        .filter((name) => /rate|retry-after/i.test(name))
        .sort();
      context.observe(
        'LIM-17',
        `status ${response.status}; ${headers.length > 0 ? headers.join('; ') : 'no rate-limit headers'}`,
      );
    },
    { operations: ['listPersonas'] },
  );
});
