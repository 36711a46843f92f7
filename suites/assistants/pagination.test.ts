import { describe, expect } from 'vitest';
import { expectPageArithmetic } from '../../src/expect/list-page.ts';
import { judgeWalks } from '../../src/expect/page-walk.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { uniqueWord } from '../../src/generate/identity.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { inBatches } from '../../src/resources/batch.ts';
import { walkPages } from '../../src/resources/pages.ts';
import { createMine } from './mine.ts';

/** One more than the largest default page size of the assistant routes (50, list). */
const BATCH_SIZE = 51;

interface Batch {
  word: string;
  ids: string[];
}

/**
 * Assistants enough to fill more than one default page, created once for the file by whichever
 * check needs them first (they are tracked like any other and removed when the file ends). Each
 * carries a word of its own in its name, so a search for it counts exactly these.
 */
function pageBatch({
  make,
  prefix,
  shared,
}: Pick<CheckContext, 'make' | 'prefix' | 'shared'>): Promise<Batch> {
  return shared('batch', async () => {
    const word = uniqueWord(prefix);
    const ids = await inBatches(
      Array.from({ length: BATCH_SIZE }, (_, i) => i),
      8,
      async (i) => {
        const made = await make().assistant({
          name: `${prefix} ${word} page filler ${i}`,
          os: ['nt'],
          isPublic: false,
          Is_main_agent: true,
        });
        return made.customPersonaId;
      },
    );
    return { word, ids };
  });
}

/** A small group walked with a small page size: several pages, few requests. */
const WALK_SIZE = 7;
const WALK_LIMIT = 3;
/** Pages read at most: on a real account the list may hold thousands of assistants. */
const WALK_CAP = 25;

/**
 * Private, web-only agentic tools named with a word of their own, created once for the file: the
 * list walk narrows to them with isPublic=private, isMainAgent=false and os=web, and the search
 * walk finds them by the word.
 */
function walkBatch(ctx: Pick<CheckContext, 'make' | 'prefix' | 'shared'>): Promise<Batch> {
  const { prefix } = ctx;
  return ctx.shared('walk-group', async () => {
    const word = uniqueWord(prefix);
    const walkers = Array.from({ length: WALK_SIZE }, (_, i) => ({
      name: `${prefix} ${word} walker ${i}`,
      os: ['web'],
      isPublic: false,
      Is_main_agent: false,
      is_agentic_tool: true,
    }));
    return { word, ids: await createMine(ctx, ...walkers) };
  });
}

/** Every page of a walk is a 200 of the documented shape, holding what its page and size leave. */
function pageChecks(ctx: Pick<CheckContext, 'spec'>) {
  return (exchange: Exchange, page: number) => {
    expectSchema(ctx.spec, exchange);
    expectPageArithmetic(exchange, { items: 'allPersonas', total: 'totalPersonas', limit: WALK_LIMIT, page });
  };
}

describe('listPersonas — POST /persona/enterprise/getAllPersonas/{sessionId}', () => {
  check(
    'assistants.list.pages-hold-each-once',
    ['AS-LIST-02', 'AS-LIST-10', 'AS-LIST-13'],
    "walking pages 1 … totalPages with limit 3 (own agentic tools on web) yields each of the run's assistants exactly once",
    async (ctx) => {
      const { ids } = await walkBatch(ctx);
      // Other clients' assistants may share the filter: only the run's must each appear once, and a
      // list that keeps moving while it is read cannot be judged (judgeWalks walks it again).
      await judgeWalks(
        () =>
          walkPages(ctx.as('full'), 'listPersonas', {
            query: { isPublic: 'private', isMainAgent: 'false', os: 'web' },
            key: 'customPersonaId',
            limit: WALK_LIMIT,
            cap: WALK_CAP,
            onPage: pageChecks(ctx),
          }),
        ids,
        { isolated: false, cover: (value) => ctx.cover('AS-LIST-02', value) },
      );
    },
    { operations: ['listPersonas'] },
  );

  check(
    'assistants.list.default-page-and-limit',
    ['AS-LIST-10', 'AS-LIST-11', 'LIM-09', 'LIM-13'],
    'without page and limit returns page 1 of 50 assistants, with totalPages consistent with totalPersonas',
    async (ctx) => {
      await pageBatch(ctx);
      const exchange = await ctx.as('full').call('listPersonas', { path: { sessionId: 'conformance' } });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      expectPageArithmetic(exchange, { items: 'allPersonas', total: 'totalPersonas', limit: 50, page: 1 });
    },
    { operations: ['listPersonas'] },
  );

  check(
    'assistants.list.page-arithmetic',
    ['AS-LIST-02', 'AS-LIST-13'],
    'a later page with an explicit limit holds what remains, with totalPages = ceil(totalPersonas / limit)',
    async (ctx) => {
      await pageBatch(ctx);
      const exchange = await ctx
        .as('full')
        .call('listPersonas', { path: { sessionId: 'conformance' }, query: { page: 3, limit: 7 } });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      expectPageArithmetic(exchange, { items: 'allPersonas', total: 'totalPersonas', limit: 7, page: 3 });
    },
    { operations: ['listPersonas'] },
  );
});

describe('searchPersonas — POST /persona/enterprise/searchPersonas', () => {
  check(
    'assistants.search.pages-hold-each-once',
    ['AS-SEARCH-02', 'AS-SEARCH-06', 'AS-SEARCH-08'],
    'walking pages 1 … totalPages of a search for their word with limit 3 yields each of the assistants named with it exactly once',
    async (ctx) => {
      const { word, ids } = await walkBatch(ctx);
      await judgeWalks(
        () =>
          walkPages(ctx.as('full'), 'searchPersonas', {
            query: { search: word, os: 'web' },
            key: 'customPersonaId',
            limit: WALK_LIMIT,
            cap: WALK_CAP,
            onPage: pageChecks(ctx),
          }),
        ids,
        { isolated: true, cover: (value) => ctx.cover('AS-SEARCH-02', value) },
      );
    },
    { operations: ['searchPersonas'] },
  );

  check(
    'assistants.search.default-page-and-limit',
    ['AS-SEARCH-06', 'AS-SEARCH-07', 'LIM-10', 'LIM-13', 'AS-SEARCH-02'],
    'without page and limit returns page 1 of 30 matches, counting every assistant whose name carries the term',
    async (ctx) => {
      const { word, ids } = await pageBatch(ctx);
      const exchange = await ctx.as('full').call('searchPersonas', { query: { search: word } });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      expect(
        (exchange.response?.json as { totalPersonas?: unknown }).totalPersonas,
        `assistants named with "${word}"`,
      ).toBe(ids.length);
      expectPageArithmetic(exchange, { items: 'allPersonas', total: 'totalPersonas', limit: 30, page: 1 });
    },
    { operations: ['searchPersonas'] },
  );
});
