import { describe, expect } from 'vitest';
import { expectSchema } from '../../src/expect/schema.ts';
import { stableErrorSummary } from '../../src/expect/stable-summary.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { uniqueSuffix } from '../../src/generate/identity.ts';
import { check } from '../../src/harness/check.ts';
import { withoutOptionalFields } from '../../src/resources/drafts.ts';
import { bodyOf, isObject } from '../../src/http/json.ts';
import { getPlugin } from '../../src/resources/plugins.ts';

const GET = { operations: ['getPlugin'] };
const GET_FIELDS = ['_id', 'title', 'name', 'human_description', 'isPublic', 'isOwner'];

describe('getPlugin — POST /users/enterprise/getPlugin', () => {
  check(
    'plugins.get.shape',
    [
      'PL-GET-02',
      'PL-GET-03',
      'CONV-11',
      'IDS-01',
      'IDS-12',
      'PL-SHAPE-22',
      'PL-SHAPE-31',
      'PL-SHAPE-32',
      'PL-SHAPE-33',
      'PL-SHAPE-34',
      'PL-SHAPE-35',
      'PL-SHAPE-36',
      'PL-SHAPE-39',
    ],
    'returns {status: "true", plugin} with _id, title, name, human_description, isPublic and isOwner true for the caller\'s plugin',
    async (ctx) => {
      const client = ctx.as('full');
      // Only the required fields: the fields recorded beyond the table then do not depend on what was drawn.
      const { body } = await ctx.make().plugin({
        ...withoutOptionalFields('PluginCreateBody'),
        authentication_required: false,
      });
      const exchange = await getPlugin(client, String(body.title));
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      const plugin = bodyOf(exchange).plugin as Record<string, unknown>;
      expect(
        [plugin.title, plugin.name, plugin.human_description, plugin.isPublic],
        'the fields as sent',
      ).toEqual([body.title, body.name, body.human_description, body.isPublic]);
      expect(plugin.isOwner, 'isOwner').toBe(true);
      if ('creator' in plugin) expect(typeof plugin.creator, 'creator, where returned').toBe('string');
      ctx.observe(
        'PL-SHAPE-39',
        Object.keys(plugin)
          .filter((k) => !GET_FIELDS.includes(k))
          .sort()
          .join(', ') || 'no fields beyond the get table',
      );
    },
    GET,
  );

  check(
    'plugins.get.other-account-not-owner',
    ['PL-SHAPE-36', 'PL-SHAPE-22', 'PL-SHAPE-15'],
    "returns another account's public plugin to the caller with isOwner false",
    async (ctx) => {
      const other = ctx.as('other');
      const { title } = await ctx.make().plugin({ isPublic: true });
      const exchange = await getPlugin(other, title);
      expectStatus(exchange, 200);
      expectSchema(ctx.spec, exchange);
      const plugin = bodyOf(exchange).plugin;
      expect(isObject(plugin) ? plugin.isOwner : undefined, 'isOwner for account B').toBe(false);
    },
    GET,
  );

  check(
    'plugins.get.unknown-title',
    ['ERR-26'],
    'records what get answers for a title no plugin has',
    async (ctx) => {
      const exchange = await getPlugin(ctx.as('full'), `${ctx.prefix}_never_created_${uniqueSuffix()}`);
      ctx.observe('ERR-26', `get of an unknown plugin title: ${stableErrorSummary(exchange, ctx.prefix)}`);
    },
    GET,
  );
});
