import { describe } from 'vitest';
import { expectPageArithmetic } from '../../src/checks/list-page.ts';
import { expectSchema } from '../../src/checks/schema.ts';
import { expectStatus } from '../../src/checks/status.ts';
import { uniqueWord } from '../../src/generate/identity.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import { inBatches } from '../../src/resources/batch.ts';
import { pluginBody } from '../../src/resources/drafts.ts';
import { bodyOf } from '../../src/resources/json.ts';
import { createPlugin, USER_ID } from '../../src/resources/plugins.ts';

/** One more than the largest default page size of the plugin routes (50, list). */
const BATCH_SIZE = 51;

let batch: Promise<{ word: string }> | undefined;

/**
 * Plugins enough to fill more than one default page, created once for the file by whichever check
 * needs them first and removed when the file ends. Each carries a word of its own in its title,
 * name and description, wherever a search could look.
 */
function pageBatch({
  as,
  spec,
  prefix,
  tracker,
}: Pick<CheckContext, 'as' | 'spec' | 'prefix' | 'tracker'>): Promise<{ word: string }> {
  batch ??= (async () => {
    const client = as('full');
    const word = uniqueWord(prefix);
    await inBatches(
      Array.from({ length: BATCH_SIZE }, (_, i) => i),
      8,
      async (i) => {
        const body = pluginBody(spec, prefix, {
          title: `${prefix}_${word}_${i}`,
          name: `${word} filler ${i}`,
          human_description: `Page filler ${word}`,
          isPublic: false,
        });
        await createPlugin(client, tracker, body);
      },
    );
    return { word };
  })();
  return batch;
}

describe('listPlugins — POST /users/enterprise/getallplugin/{userId}', () => {
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
    'plugins.search.default-page-and-limit',
    ['PL-SEARCH-04', 'PL-SEARCH-05', 'LIM-12', 'LIM-13'],
    'without page and limit returns page 1 of 20 matches, with totalPages consistent with totalPlugins',
    async (ctx) => {
      const { word } = await pageBatch(ctx);
      const exchange = await ctx.as('full').call('searchPlugins', { query: { search: word } });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      const total = Number(bodyOf(exchange).totalPlugins);
      if (!(total > 20))
        return ctx.skip(
          `search for the batch's word matched ${Number.isFinite(total) ? total : 'nothing'} (what search matches is not stated)`,
        );
      expectPageArithmetic(exchange, { items: 'plugin', total: 'totalPlugins', limit: 20, page: 1 });
    },
    { operations: ['searchPlugins'] },
  );
});
