import { describe } from 'vitest';
import { ConformanceFailure } from '../../src/expect/failure.ts';
import { expectPageArithmetic } from '../../src/expect/list-page.ts';
import { judgeWalks } from '../../src/expect/page-walk.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { uniqueWord } from '../../src/generate/identity.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { inBatches } from '../../src/resources/batch.ts';
import { bodyOf } from '../../src/http/json.ts';
import { walkPages } from '../../src/resources/pages.ts';
import { USER_ID } from '../../src/resources/plugins.ts';
import { searchableOverrides } from '../../src/resources/drafts.ts';

/** One more than the largest default page size of the plugin routes (50, list). */
const BATCH_SIZE = 51;
/** A small group walked with a small page size: several pages, few requests. */
const WALK_SIZE = 7;
const WALK_LIMIT = 3;
/** Pages read at most: on a real account the catalog may hold thousands of plugins. */
const WALK_CAP = 25;

interface Batch {
  word: string;
  titles: string[];
}

/**
 * `count` private, android-only plugins of the caller's own, titled `<word>_<n>`, whose name,
 * descriptions and one tag are `word`. Which fields a search matches is not stated, but a term
 * that starts every title and is the whole of every other text field is matched on any reading
 * of a search, so a search for `word` certainly finds them all.
 */
async function pluginsWithWord(
  { make, prefix }: Pick<CheckContext, 'make' | 'prefix'>,
  count: number,
): Promise<Batch> {
  const word = uniqueWord(prefix);
  const titles = await inBatches(
    Array.from({ length: count }, (_, i) => i),
    8,
    // Published, so that the search walk finds them whether a search covers the caller's
    // unpublished plugins or not (not stated); the own catalog lists them either way.
    async (i) =>
      (await make().plugin(searchableOverrides(word, { title: `${word}_${i}`, os: ['android'] }))).title,
  );
  return { word, titles };
}

/** Plugins enough to fill more than one default page, created once for the file. */
function pageBatch(ctx: Pick<CheckContext, 'make' | 'prefix' | 'shared'>): Promise<Batch> {
  return ctx.shared('batch', () => pluginsWithWord(ctx, BATCH_SIZE));
}

/** The group the walks read, created once for the file. */
function walkBatch(ctx: Pick<CheckContext, 'make' | 'prefix' | 'shared'>): Promise<Batch> {
  return ctx.shared('walk-group', () => pluginsWithWord(ctx, WALK_SIZE));
}

/** Every page of a walk is a 200 of the documented shape, holding what its page and size leave. */
function pageChecks(ctx: Pick<CheckContext, 'spec'>) {
  return (exchange: Exchange, page: number) => {
    expectSchema(ctx.spec, exchange);
    expectPageArithmetic(exchange, { items: 'plugin', total: 'totalPlugins', limit: WALK_LIMIT, page });
  };
}

describe('listPlugins — POST /users/enterprise/getallplugin/{userId}', () => {
  check(
    'plugins.list.pages-hold-each-once',
    ['PL-LIST-03', 'PL-LIST-06', 'PL-LIST-07', 'PL-LIST-08'],
    "walking pages 1 … totalPages of the own catalog's android plugins with limit 3 yields each of the run's plugins exactly once",
    async (ctx) => {
      const { titles } = await walkBatch(ctx);
      // Other clients' plugins may share the filter: only the run's must each appear once, and a
      // catalog that moves while it is read cannot be judged.
      await judgeWalks(
        () =>
          walkPages(ctx.as('full'), 'listPlugins', {
            query: { isPublic: 'private', os: 'android' },
            key: 'title',
            limit: WALK_LIMIT,
            cap: WALK_CAP,
            onPage: pageChecks(ctx),
          }),
        titles,
        { isolated: false, cover: (value) => ctx.cover('PL-LIST-03', value) },
      );
    },
    { operations: ['listPlugins'] },
  );

  check(
    'plugins.list.default-page-and-limit',
    ['PL-LIST-06', 'PL-LIST-07', 'LIM-11', 'LIM-13'],
    'without page and limit returns page 1 of 50 plugins, with totalPages consistent with totalPlugins',
    async (ctx) => {
      await pageBatch(ctx);
      const exchange = await ctx.as('full').call('listPlugins', { path: { userId: USER_ID } });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      expectPageArithmetic(exchange, { items: 'plugin', total: 'totalPlugins', limit: 50, page: 1 });
    },
    { operations: ['listPlugins'] },
  );
});

describe('searchPlugins — POST /users/enterprise/searchPlugin', () => {
  check(
    'plugins.search.pages-hold-each-once',
    ['PL-SEARCH-02', 'PL-SEARCH-04', 'PL-SEARCH-05', 'PL-SEARCH-06'],
    'walking pages 1 … totalPages of a search for their word with limit 3 yields each of the plugins carrying it exactly once',
    async (ctx) => {
      const { word, titles } = await walkBatch(ctx);
      await judgeWalks(
        () =>
          walkPages(ctx.as('full'), 'searchPlugins', {
            query: { search: word },
            key: 'title',
            limit: WALK_LIMIT,
            cap: WALK_CAP,
            onPage: pageChecks(ctx),
          }),
        titles,
        { isolated: true, cover: (value) => ctx.cover('PL-SEARCH-02', value) },
      );
    },
    { operations: ['searchPlugins'] },
  );

  check(
    'plugins.search.default-page-and-limit',
    ['PL-SEARCH-04', 'PL-SEARCH-05', 'LIM-12', 'LIM-13', 'PL-SEARCH-02'],
    'without page and limit returns page 1 of 20 matches, with totalPages consistent with totalPlugins',
    async (ctx) => {
      const { word, titles } = await pageBatch(ctx);
      const exchange = await ctx.as('full').call('searchPlugins', { query: { search: word } });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      const total = Number(bodyOf(exchange).totalPlugins);
      if (!(total >= titles.length))
        throw new ConformanceFailure(
          `Received: totalPlugins ${JSON.stringify(bodyOf(exchange).totalPlugins)} / Documented: search finds at least the ${titles.length} plugins whose title starts with the term and whose name, descriptions and tag are the term`,
          exchange,
        );
      expectPageArithmetic(exchange, { items: 'plugin', total: 'totalPlugins', limit: 20, page: 1 });
    },
    { operations: ['searchPlugins'] },
  );
});
