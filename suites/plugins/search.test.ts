import { describe, expect } from 'vitest';
import { expectNotPlaintext } from '../../src/expect/ciphertext.ts';
import { ConformanceFailure } from '../../src/expect/failure.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { uniqueWord } from '../../src/generate/identity.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { expectPageArithmetic } from '../../src/expect/list-page.ts';
import { bodyOf } from '../../src/http/json.ts';
import { findInCollection } from '../../src/resources/pages.ts';
import { searchableOverrides } from '../../src/resources/drafts.ts';

const SEARCH = { operations: ['searchPlugins'] };

/**
 * A published plugin of the caller's own whose title is `term` and whose name, descriptions and
 * one tag are all `term` (`searchableOverrides`). Which fields a search matches is not stated, but a term
 * that is the whole of every text field of a plugin (and its title) is matched on any reading of a
 * search, so the plugin is certainly found.
 */
async function pluginNamed(
  ctx: Pick<CheckContext, 'make' | 'spec'>,
  term: string,
  overrides: Record<string, unknown> = {},
) {
  const { body, exchange } = await ctx.make().plugin(searchableOverrides(term, overrides));
  expectSchema(ctx.spec, exchange);
  return body;
}

async function search(
  ctx: Pick<CheckContext, 'as' | 'spec'>,
  term: string,
  title: string,
  query: Record<string, string> = {},
) {
  let last: Exchange | undefined;
  const result = await findInCollection(ctx.as('full'), 'searchPlugins', 'title', [title], {
    query: { search: term, ...query },
    onPage: (exchange) => {
      expectSchema(ctx.spec, exchange);
      last = exchange;
    },
  });
  return { ...result, last };
}

/** The plugin was found: a search for a term that is the whole of its every text field finds it. */
function expectFound(
  found: { found: Set<string>; last: Exchange | undefined },
  title: string,
  asked: string,
): Exchange {
  if (!found.found.has(title) || !found.last)
    throw new ConformanceFailure(
      `Received: no ${title} in a search for its own title${asked} / Documented: search finds the caller's plugin whose title, name, descriptions and tag are the term`,
      found.last,
    );
  return found.last;
}

describe('searchPlugins — POST /users/enterprise/searchPlugin', () => {
  check(
    'plugins.search.empty-result-shape',
    ['PL-SEARCH-07', 'PL-LIST-10', 'CONV-11'],
    'a term that matches nothing gives {status: "true", message, tags} with no plugin key',
    async (ctx) => {
      const exchange = await ctx
        .as('full')
        .call('searchPlugins', { query: { search: uniqueWord(ctx.prefix) } });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      const body = bodyOf(exchange);
      if ('plugin' in body)
        throw new ConformanceFailure(
          'Received: a plugin key / Documented: the empty-result shape has no plugin key',
          exchange,
        );
      expect(
        [body.status, typeof body.message, Array.isArray(body.tags)],
        'status, message and tags',
      ).toEqual(['true', 'string', true]);
    },
    SEARCH,
  );

  check(
    'plugins.search.shape',
    ['PL-SEARCH-06', 'PL-SHAPE-37', 'PL-SHAPE-38', 'CONV-12', 'PL-SEARCH-02', 'IDS-01'],
    'answers as the list does, items with _id and title, and finds the plugin whose every text field is the term; page 1 holds as many items as totalPlugins counts, up to 20',
    async (ctx) => {
      const term = uniqueWord(ctx.prefix);
      await pluginNamed(ctx, term);
      // A plugin of the caller's that does not carry the term: the count is of matches, not of plugins.
      await ctx.make().plugin({ isPublic: true });
      const result = await search(ctx, term, term);
      const exchange = expectFound(result, term, '');
      expect(result.items.get(term)?.title, 'the item found').toBe(term);
      expectSchema(ctx.spec, exchange);
      const first = await ctx.as('full').call('searchPlugins', { query: { search: term } });
      expectPageArithmetic(first, { items: 'plugin', total: 'totalPlugins', limit: 20, page: 1 });
    },
    SEARCH,
  );

  check(
    'plugins.search.os-default-all',
    ['PL-SEARCH-03', 'PL-SEARCH-02'],
    'without os (default all) and with os=all finds an android-only plugin; os=web leaves it out',
    async (ctx) => {
      const term = uniqueWord(ctx.prefix);
      await pluginNamed(ctx, term, { os: ['android'] });
      expectFound(await search(ctx, term, term, { os: 'all' }), term, ' with os=all');
      expectFound(await search(ctx, term, term), term, ' without os (default all)');
      expect((await search(ctx, term, term, { os: 'web' })).found.has(term), 'os=web').toBe(false);
    },
    SEARCH,
  );

  check(
    'plugins.search.code-encrypted',
    ['PL-SHAPE-10', 'PL-SHAPE-14', 'PL-SEARCH-02'],
    'returns func_run and func_schema, where a search item carries them, encrypted rather than as sent',
    async (ctx) => {
      const term = uniqueWord(ctx.prefix);
      const body = await pluginNamed(ctx, term);
      const result = await search(ctx, term, term);
      const exchange = expectFound(result, term, '');
      const item = result.items.get(term)!;
      expectNotPlaintext(exchange, item, 'func_run', String(body.func_run));
      expectNotPlaintext(exchange, item, 'func_schema', String(body.func_schema));
    },
    SEARCH,
  );
});
