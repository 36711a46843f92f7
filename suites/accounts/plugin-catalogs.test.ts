import { PLUGIN } from '../../src/resources/kinds/plugin.ts';
import { getPlugin } from '../../src/resources/plugins.ts';
import { describe, expect } from 'vitest';
import { ConformanceFailure } from '../../src/expect/failure.ts';
import {
  expectListedAsWritten,
  expectNone,
  scan,
  scanShowing,
  type Written,
} from '../../src/expect/plugin-views.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { uniqueWord } from '../../src/generate/identity.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { QueryValue } from '../../src/http/client.ts';
import { bodyOf, isObject } from '../../src/http/json.ts';
import { searchablePluginBody } from '../../src/resources/drafts.ts';

/**
 * Account A's plugins as account B (`other`) sees them through a history: A creates a private and
 * two published plugins, publishes the private one and unpublishes one, deletes the other. After
 * each step B's reads agree: the public catalog holds exactly A's published live plugins (fields as
 * last written); no list of B's (own catalog, all, any os or status filter) and no search (with or
 * without os) shows A's unpublished or deleted plugins; get gives a published one with isOwner
 * false. What B's get answers for an unpublished plugin is not stated, and is not read.
 */

type Query = Record<string, QueryValue>;

/** B's lists that may hold only A's published plugins, and must hold none of A's others. */
const LISTS: readonly Query[] = [
  { isPublic: 'public' },
  {},
  { isPublic: 'all', os: 'android' },
  { status: 'approved' },
  { status: 'pending' },
];

interface Catalog {
  word: string;
  live: Map<string, Written>;
  deleted: Set<string>;
}

async function judgeB(ctx: CheckContext, c: Catalog, step: string) {
  const b = ctx.as('other');
  const published = [...c.live.values()].filter((w) => w.isPublic);
  const unpublished = [...c.live.values()].filter((w) => !w.isPublic).map((w) => w.title);
  const hidden = [...unpublished, ...c.deleted];
  for (const query of LISTS) {
    const what = `account B's list under ${JSON.stringify(query)} after ${step}`;
    // The public catalog is the platform's: items of other clients come and go while it is read.
    const certain = query.isPublic === 'public' ? published.map((w) => w.title) : [];
    const result = await scanShowing(b, ctx.spec, 'listPlugins', query, certain);
    expectNone(
      result,
      hidden,
      what,
      "only published plugins are platform-wide; a deleted one is in neither catalog; private is the account's own",
    );
    for (const written of published) {
      const item = result.items.get(written.title);
      if (item) expectListedAsWritten(result.pages.get(written.title)!, item, written, `in ${what}`);
    }
    if (query.isPublic !== 'public') continue;
    const missing = published.find((w) => !result.items.has(w.title));
    if (missing)
      throw new ConformanceFailure(
        `Received: account A's published ${missing.title} not in ${what} / Documented: isPublic true is published platform-wide`,
        result.last,
      );
  }
  const own = await scan(b, ctx.spec, 'listPlugins', { isPublic: 'private' });
  expectNone(
    own,
    c.live.keys(),
    `account B's own catalog after ${step}`,
    "private is the account's own catalog",
  );
  for (const os of [undefined, 'android', 'web']) {
    const query: Query = { search: c.word, ...(os ? { os } : {}) };
    const result = await scan(b, ctx.spec, 'searchPlugins', query);
    expectNone(
      result,
      hidden,
      `account B's search ${JSON.stringify(query)} after ${step}`,
      "a search covers the caller's own or the public catalog; A's unpublished and deleted plugins are in neither",
    );
  }
  for (const written of published) {
    const exchange = await getPlugin(b, written.title);
    expectStatus(exchange, 200);
    expectSchema(ctx.spec, exchange);
    const plugin = bodyOf(exchange).plugin;
    expect(
      isObject(plugin) ? [plugin.name, plugin.human_description, plugin.isPublic, plugin.isOwner] : plugin,
      `account B's get of A's published ${written.title} after ${step}`,
    ).toEqual([written.name, written.human_description, true, false]);
  }
}

describe("plugin catalogs across accounts — A's history, B's views", () => {
  check(
    'accounts.plugin-catalogs.history',
    ['ACCT-01', 'PL-SHAPE-15', 'PL-LIST-03', 'STATE-10', 'PL-SHAPE-36'],
    "after A creates, publishes, unpublishes and deletes plugins, B's public catalog holds exactly A's published live ones, and none of B's lists or searches shows A's unpublished or deleted ones",
    async (ctx) => {
      ctx.as('other');
      const a = ctx.as('full');
      const word = uniqueWord(ctx.prefix);
      const c: Catalog = { word, live: new Map(), deleted: new Set() };
      const forget = new Map<string, () => void>();
      // Every plugin carries the word in its title and every text field, so B's search would find it.
      for (const [key, isPublic, os] of [
        ['private', false, ['nt', 'android', 'web']],
        ['kept', true, ['android']],
        ['withdrawn', true, ['nt', 'web']],
      ] as const) {
        const title = `${word}_${key}`;
        const body = searchablePluginBody(ctx.spec, ctx.prefix, word, { title, isPublic, os: [...os] });
        forget.set(title, (await ctx.make().create(PLUGIN, body)).forget);
        c.live.set(title, {
          title,
          name: word,
          human_description: word,
          isPublic,
          tags: [word],
          os: [...os],
          code: [String(body.func_run), String(body.func_schema)],
          searchable: true,
        });
      }
      await judgeB(ctx, c, 'the creates');

      for (const [key, isPublic] of [
        ['private', true],
        ['withdrawn', false],
      ] as const) {
        const title = `${word}_${key}`;
        const before = c.live.get(title)!;
        const exchange = await a.call('updatePlugin', {
          body: {
            title,
            isPublic,
            name: before.name,
            human_description: before.human_description,
            tags: before.tags,
            os: before.os,
          },
        });
        expectStatus(exchange, 200);
        c.live.set(title, { ...before, isPublic });
      }
      await judgeB(ctx, c, `A published ${word}_private and unpublished ${word}_withdrawn`);

      const kept = `${word}_kept`;
      expectStatus(await a.call('deletePlugin', { body: { title: kept } }), 200);
      forget.get(kept)?.();
      c.live.delete(kept);
      c.deleted.add(kept);
      await judgeB(ctx, c, `A deleted ${kept}`);
    },
    {
      operations: [
        'createPlugin',
        'updatePlugin',
        'deletePlugin',
        'getPlugin',
        'listPlugins',
        'searchPlugins',
      ],
      timeout: 240_000,
    },
  );
});
