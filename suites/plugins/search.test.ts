import { describe, expect } from 'vitest';
import { expectNotPlaintext } from '../../src/checks/ciphertext.ts';
import { ConformanceFailure } from '../../src/checks/failure.ts';
import { expectSchema } from '../../src/checks/schema.ts';
import { expectStatus } from '../../src/checks/status.ts';
import { uniqueWord } from '../../src/generate/identity.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { pluginBody } from '../../src/resources/drafts.ts';
import { bodyOf } from '../../src/resources/json.ts';
import { findInCollection } from '../../src/resources/pages.ts';
import { createPlugin } from '../../src/resources/plugins.ts';

const SEARCH = { operations: ['searchPlugins'] };

/**
 * A plugin whose title, name and descriptions all carry `word`: which fields search matches is not
 * stated, so the word is wherever a search could look.
 */
async function pluginWithWord(
  ctx: Pick<CheckContext, 'as' | 'spec' | 'prefix' | 'tracker'>,
  word: string,
  overrides: Record<string, unknown> = {},
) {
  const body = pluginBody(ctx.spec, ctx.prefix, {
    title: `${ctx.prefix}_${word}`,
    name: `${word} lookup`,
    human_description: `Looks things up (${word})`,
    ai_description: `Call it for ${word} questions.`,
    ...overrides,
  });
  await createPlugin(ctx.as('full'), ctx.tracker, body);
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
    ['PL-SEARCH-06', 'PL-SHAPE-37', 'PL-SHAPE-38', 'CONV-12', 'PL-SEARCH-02'],
    'answers as the list does, items with _id and title, and records whether a plugin is found by a word of its title',
    async (ctx) => {
      const word = uniqueWord(ctx.prefix);
      const body = await pluginWithWord(ctx, word);
      const { found, last } = await search(ctx, word, String(body.title));
      ctx.observe(
        'PL-SEARCH-02',
        found.size > 0
          ? 'found by a word of its title, name and descriptions'
          : 'not found by a word of its title, name and descriptions',
      );
      if (last) expectSchema(ctx.spec, last);
    },
    SEARCH,
  );

  check(
    'plugins.search.os-default-all',
    ['PL-SEARCH-03'],
    'without os (default all) finds an android-only plugin exactly when os=all does; os=web leaves it out',
    async (ctx) => {
      const word = uniqueWord(ctx.prefix);
      const body = await pluginWithWord(ctx, word, { os: ['android'] });
      const title = String(body.title);
      const all = (await search(ctx, word, title, { os: 'all' })).found.has(title);
      if (!all)
        return ctx.skip(
          'search does not find the plugin by its word even with os=all (what search matches is not stated)',
        );
      expect((await search(ctx, word, title)).found.has(title), 'no os').toBe(true);
      expect((await search(ctx, word, title, { os: 'web' })).found.has(title), 'os=web').toBe(false);
    },
    SEARCH,
  );

  check(
    'plugins.search.code-encrypted',
    ['PL-SHAPE-10', 'PL-SHAPE-14'],
    'returns func_run and func_schema, where a search item carries them, encrypted rather than as sent',
    async (ctx) => {
      const word = uniqueWord(ctx.prefix);
      const body = await pluginWithWord(ctx, word);
      const title = String(body.title);
      const { items, last } = await search(ctx, word, title);
      const item = items.get(title);
      if (!item || !last)
        return ctx.skip('search does not find the plugin by its word (what search matches is not stated)');
      expectNotPlaintext(last, item, 'func_run', String(body.func_run));
      expectNotPlaintext(last, item, 'func_schema', String(body.func_schema));
    },
    SEARCH,
  );
});
