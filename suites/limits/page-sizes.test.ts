import { describe, expect } from 'vitest';
import { ConformanceFailure } from '../../src/checks/failure.ts';
import { expectStatus } from '../../src/checks/status.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { CallInput } from '../../src/http/client.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { loadOperationIndexSync } from '../../src/spec/openapi.ts';
import { accountResources } from '../auth/account-resources.ts';

/**
 * Limits table: the default page size (`limit`) of each paginated route and the default `page`.
 * The file creates more assistants and plugins than the largest default, all named with a word
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
  /** Which fields a search matches is not stated for plugins: too few matches skips instead of failing. */
  matchingIsOpen: boolean;
}

const ROUTES: readonly (PaginatedRoute & { limitRequirement: string; pageRequirement: string })[] = [
  {
    operationId: 'listPersonas',
    label: 'list assistants',
    defaultLimit: 50,
    itemsField: 'allPersonas',
    totalField: 'totalPersonas',
    input: () => ({ path: { sessionId: 'conformance' } }),
    matchingIsOpen: false,
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
    matchingIsOpen: false,
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
    matchingIsOpen: false,
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
    matchingIsOpen: true,
    limitRequirement: 'LIM-12',
    pageRequirement: 'LIM-13',
  },
];

async function inBatches(count: number, make: (n: number) => Promise<unknown>): Promise<void> {
  for (let start = 1; start <= count; start += CONCURRENCY) {
    const batch = Array.from({ length: Math.min(CONCURRENCY, count - start + 1) }, (_, i) => make(start + i));
    await Promise.all(batch);
  }
}

let populated: Promise<string> | undefined;

/** Creates the file's assistants and plugins once; returns the word their names carry. */
function populate(context: CheckContext): Promise<string> {
  const resources = accountResources(context);
  const word = `${context.prefix}pages`;
  populated ??= (async () => {
    await inBatches(CREATED, (n) =>
      resources.createPersona('page', { name: `Pagesize ${word} ${n}`, os: ['nt'] }),
    );
    await inBatches(CREATED, (n) =>
      resources.createPlugin('page', {
        name: `Pagesize ${word} ${n}`,
        human_description: `Pagesize ${word} plugin ${n}.`,
      }),
    );
    return word;
  })();
  return populated;
}

function field(exchange: Exchange, name: string): unknown {
  const json = exchange.response?.json;
  return typeof json === 'object' && json !== null ? (json as Record<string, unknown>)[name] : undefined;
}

async function firstAnswer(context: CheckContext, route: PaginatedRoute): Promise<Exchange> {
  const word = await populate(context);
  const exchange = await context.as('full').call(route.operationId, route.input(word));
  expectStatus(exchange, 200);
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
        const total = field(exchange, route.totalField);
        const items = field(exchange, route.itemsField);
        if (typeof total !== 'number' || !Array.isArray(items)) {
          throw new ConformanceFailure(
            `Received: no numeric ${route.totalField} or no ${route.itemsField} array / Documented: a page of items with its total`,
            exchange,
          );
        }
        if (total <= route.defaultLimit) {
          if (route.matchingIsOpen)
            return context.skip(
              `${route.label} matched ${total} of the ${CREATED} created (which fields it matches is not stated)`,
            );
          throw new ConformanceFailure(
            `Received: ${route.totalField} ${total} / Documented: at least the ${CREATED} created by this file`,
            exchange,
          );
        }
        expect(items.length, `${route.itemsField} in the first page without limit`).toBe(route.defaultLimit);
        expect(field(exchange, 'totalPages'), `totalPages for ${total} items`).toBe(
          Math.ceil(total / route.defaultLimit),
        );
      },
      { operations: [route.operationId] },
    );

    check(
      `limits.page-default.${route.operationId}`,
      [route.pageRequirement],
      'without page, the first page is returned (currentPage 1)',
      async (context) => {
        const exchange = await firstAnswer(context, route);
        expect(field(exchange, 'currentPage'), 'currentPage without page').toBe(1);
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
      const headers = Object.entries(exchange.response?.headers ?? {})
        .filter(([name]) => /rate|retry-after/i.test(name))
        .map(([name, value]) => `${name}: ${value}`);
      context.observe(
        'LIM-17',
        `status ${exchange.response?.status ?? exchange.error}; ${headers.length > 0 ? headers.join('; ') : 'no rate-limit headers'}`,
      );
    },
    { operations: ['listPersonas'] },
  );
});
