import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { expectMessage } from '../../src/expect/error-body.ts';
import { ConformanceFailure } from '../../src/expect/failure.ts';
import { expectProperty } from '../../src/expect/property.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { forbiddenFields } from '../../src/generate/component-schemas.ts';
import { pluginUpdateBody } from '../../src/generate/plugin.ts';
import { check } from '../../src/harness/check.ts';
import type { ApiClient } from '../../src/http/client.ts';
import type { JsonObject } from '../../src/http/json.ts';
import { findInCollection } from '../../src/resources/pages.ts';
import { readPlugin } from '../../src/resources/plugins.ts';

const UPDATE = { operations: ['updatePlugin'] };

/** Plausible values for the server-managed fields, as a careless client would send them back. */
function managedValue(field: string, plugin: JsonObject): unknown {
  switch (field) {
    case '_id':
      return plugin._id ?? '0123456789abcdef01234567';
    case '__v':
      return 0;
    case 'createdAt':
      return new Date().toISOString();
    case 'status':
      return 'approved';
    case 'appVersion':
      return '1.0.0';
    default:
      return 'someone-else';
  }
}

/** What the document lets a caller read back of a plugin: get's fields and the list's. */
interface Model {
  name: string;
  human_description: string;
  isPublic: boolean;
  tags: string[];
  os: string[];
}

const sorted = (values: unknown): string[] => (Array.isArray(values) ? values.map(String).sort() : []);

async function listItem(client: ApiClient, title: string): Promise<JsonObject> {
  const { items } = await findInCollection(client, 'listPlugins', 'title', [title], {
    query: { isPublic: 'private' },
  });
  const item = items.get(title);
  if (!item)
    throw new ConformanceFailure(
      `Received: ${title} not listed under isPublic=private / Documented: the caller's own catalog`,
      undefined,
    );
  return item;
}

describe('updatePlugin — PUT /plugin/enterprise/updateGlobalPlugin', () => {
  check(
    'plugins.update.reflected',
    ['PL-UPDATE-02', 'PL-UPDATE-03', 'PL-UPDATE-05', 'IDS-12', 'IDS-14', 'CONV-10'],
    'after any sequence of valid updates by title, get and the list show the fields sent and keep the others, under the same title and _id (property)',
    async (ctx) => {
      const client = ctx.as('full');
      const { title, body } = await ctx.make().plugin({ isPublic: false, tags: ['start'], os: ['nt'] });
      const id = (await readPlugin(client, title))._id;
      let model: Model = {
        name: String(body.name),
        human_description: String(body.human_description),
        isPublic: false,
        tags: ['start'],
        os: ['nt'],
      };
      const updates = pluginUpdateBody(ctx.spec, {
        prefix: ctx.prefix,
        title,
        aiDescription: String(body.ai_description),
      });
      await expectProperty(
        fc.asyncProperty(updates, async (changes) => {
          const exchange = await client.call('updatePlugin', { body: changes });
          expectStatus(exchange, 200);
          expectSchema(ctx.spec, exchange);
          model = {
            name: typeof changes.name === 'string' ? changes.name : model.name,
            human_description:
              typeof changes.human_description === 'string'
                ? changes.human_description
                : model.human_description,
            isPublic: typeof changes.isPublic === 'boolean' ? changes.isPublic : model.isPublic,
            tags: Array.isArray(changes.tags) ? (changes.tags as string[]) : model.tags,
            os: Array.isArray(changes.os) ? (changes.os as string[]) : model.os,
          };
          const plugin = await readPlugin(client, title);
          expect([plugin._id, plugin.title], '_id and title').toEqual([id, title]);
          expect(
            [plugin.name, plugin.human_description, plugin.isPublic],
            'name, human_description, isPublic',
          ).toEqual([model.name, model.human_description, model.isPublic]);
          const item = await listItem(client, title);
          expect(sorted(item.tags), 'tags').toEqual([...model.tags].sort());
          expect(sorted(item.os), 'os').toEqual([...model.os].sort());
        }),
        { numRuns: ctx.target.propertyRuns },
      );
    },
    { operations: ['updatePlugin', 'getPlugin', 'listPlugins'] },
  );

  check(
    'plugins.update.unsent-fields-kept',
    ['PL-UPDATE-03'],
    'an update sending only human_description keeps name and isPublic (get) and tags and os (the list) as they were',
    async (ctx) => {
      const client = ctx.as('full');
      const { title, body } = await ctx.make().plugin({
        isPublic: false,
        tags: ['kept', 'unchanged'],
        os: ['nt', 'web'],
      });
      const exchange = await client.call('updatePlugin', {
        body: { title, human_description: `${String(body.human_description)} (updated)` },
      });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      const plugin = await readPlugin(client, title);
      expect([plugin.name, plugin.isPublic], 'name and isPublic, not sent').toEqual([body.name, false]);
      const item = await listItem(client, title);
      expect(sorted(item.tags), 'tags, not sent').toEqual(['kept', 'unchanged']);
      expect(sorted(item.os), 'os, not sent').toEqual(['nt', 'web']);
    },
    { operations: ['updatePlugin', 'getPlugin', 'listPlugins'] },
  );

  check(
    'plugins.update.addresses-by-title',
    ['IDS-12', 'PL-UPDATE-02', 'PL-UPDATE-03'],
    "an update of name and os changes the plugin whose title it names (get, the list) and no other of the caller's plugins",
    async (ctx) => {
      const client = ctx.as('full');
      const { body: first } = await ctx.make().plugin();
      const { title, body: second } = await ctx.make().plugin();
      const name = `${String(second.name)} (renamed)`;
      const exchange = await client.call('updatePlugin', { body: { title, name, os: ['android'] } });
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      expect((await readPlugin(client, title)).name, 'name of the plugin the update named').toBe(name);
      expect(sorted((await listItem(client, title)).os), 'os of the plugin the update named').toEqual([
        'android',
      ]);
      expect((await readPlugin(client, String(first.title))).name, 'name of the other plugin').toBe(
        first.name,
      );
    },
    { operations: ['updatePlugin', 'getPlugin', 'listPlugins'] },
  );

  for (const field of forbiddenFields('PluginUpdateBody')) {
    check(
      `plugins.update.server-managed-${field.replace(/^_+/, '').toLowerCase()}-invalid-body`,
      ['PL-UPDATE-04', 'ERR-24', 'PL-SHAPE-23'],
      `answers 404 "Invalid Body" to an update carrying ${field}, and changes nothing`,
      async (ctx) => {
        const client = ctx.as('full');
        const { title, body } = await ctx.make().plugin();
        const plugin = await readPlugin(client, title);
        const exchange = await client.call('updatePlugin', {
          body: { title, name: `${String(body.name)} (changed)`, [field]: managedValue(field, plugin) },
        });
        expectMessage(exchange, 404, 'Invalid Body');
        expectSchema(ctx.spec, exchange);
        expect((await readPlugin(client, title)).name, 'name after the refused update').toBe(body.name);
      },
      UPDATE,
    );
  }
});
