import { describe, expect } from 'vitest';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { check } from '../../src/harness/check.ts';
import { findInCollection } from '../../src/resources/pages.ts';
import { foundOwnPlugin, getPlugin, pluginObjectId } from '../../src/resources/plugins.ts';

describe('deletePlugin — DELETE /plugin/enterprise/deleteGlobalPlugin', () => {
  check(
    'plugins.delete.gone-from-both-catalogs',
    ['STATE-10', 'PL-DELETE-02', 'PL-DELETE-03', 'CONV-10', 'IDS-12'],
    'deletes by title with {status: boolean, message}; the plugin is then in neither the public nor the own catalog',
    async (ctx) => {
      const client = ctx.as('full');
      const created = await ctx.make().plugin({ isPublic: true });
      const exchange = await client.call('deletePlugin', { body: { title: created.title } });
      expectStatus(exchange, 200);
      created.forget();
      expectSchema(ctx.spec, exchange);
      for (const isPublic of ['public', 'private']) {
        const { found } = await findInCollection(client, 'listPlugins', 'title', [created.title], {
          query: { isPublic },
        });
        expect(found.size, `the deleted plugin under isPublic=${isPublic}`).toBe(0);
      }
      expect(
        foundOwnPlugin(await getPlugin(client, created.title), created.title),
        'get of the deleted plugin',
      ).toBe(false);
    },
    { operations: ['deletePlugin', 'listPlugins', 'getPlugin'] },
  );

  check(
    'plugins.delete.not-blocked-by-assistant',
    ['STATE-12'],
    'deletes a plugin that an assistant lists in accessible_plugin: nothing blocks the delete, and the own catalog then lists it no more',
    async (ctx) => {
      const client = ctx.as('full');
      const created = await ctx.make().plugin();
      const pluginId = await pluginObjectId(client, created.title);
      await ctx.make().assistant({ accessible_plugin: [pluginId] });
      const exchange = await client.call('deletePlugin', { body: { title: created.title } });
      expectStatus(exchange, 200);
      created.forget();
      // "Deleting a plugin removes it from both catalogs": the own one holds any plugin of the caller's.
      const { found } = await findInCollection(client, 'listPlugins', 'title', [created.title], {
        query: { isPublic: 'private' },
      });
      expect(found.size, 'the deleted plugin under isPublic=private').toBe(0);
    },
    { operations: ['deletePlugin', 'createPersona', 'listPlugins'] },
  );
});
