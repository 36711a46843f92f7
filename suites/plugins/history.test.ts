import { describe, expect } from 'vitest';
import { ConformanceFailure } from '../../src/expect/failure.ts';
import { judgeWalks } from '../../src/expect/page-walk.ts';
import {
  expectCodeSealed,
  expectCounted,
  expectListedAsWritten,
  expectNone,
  expectWalkCounted,
  pageArithmetic,
  scan,
  scanShowing,
  type Catalog,
  type Written,
} from '../../src/expect/plugin-views.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectStatus } from '../../src/expect/status.ts';
import { uniqueWord } from '../../src/generate/identity.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { QueryValue } from '../../src/http/client.ts';
import { bodyOf, isObject } from '../../src/http/json.ts';
import type { BodyOverrides } from '../../src/generate/overrides.ts';
import { pluginBody } from '../../src/resources/drafts.ts';
import { walkPages } from '../../src/resources/pages.ts';
import { modelPlugin } from '../../src/stateful/commands/create-plugin.ts';
import { foundOwnPlugin, getPlugin, trackPlugin } from '../../src/resources/plugins.ts';

/**
 * One history of the caller's plugins — create, update (publish, unpublish, new platforms, new
 * code), delete, re-create under a deleted title — and after each step every view read and held to
 * what was last written: get; the list under isPublic, status and os; a search for the run's word
 * with and without os; page walks at limits 1, 2 and 3 whose totals equal the items walked and
 * whose totalPages and currentPage agree with total and limit (exact multiples included); the code
 * encrypted on list and search after create and after update. Only the run's plugins are judged:
 * on a real account the catalogs hold other people's.
 */

type Query = Record<string, QueryValue>;

interface History {
  word: string;
  live: Map<string, Written>;
  deleted: Set<string>;
  ids: Map<string, string>;
  /** Drops a plugin from the tracker once the history deleted it. */
  forget: Map<string, () => void>;
}

/** The list queries read after each step; what each must show of the run's live plugins. */
const LIST_QUERIES: ReadonlyArray<{ query: Query; shows: (w: Written) => boolean }> = [
  { query: {}, shows: () => true },
  { query: { isPublic: 'all' }, shows: () => true },
  { query: { isPublic: 'private' }, shows: () => true },
  { query: { isPublic: 'public' }, shows: (w) => w.isPublic },
  ...['android', 'web', 'nt'].map((os) => ({
    query: { isPublic: 'private', os },
    shows: (w: Written) => w.os.includes(os),
  })),
  { query: { isPublic: 'private', os: 'all' }, shows: () => true },
  { query: { os: 'android' }, shows: (w) => w.os.includes('android') },
];

/** The list walks: the own catalog by platform and by status, and the public catalog. */
const LIST_WALKS: readonly Query[] = [
  { isPublic: 'private', os: 'android' },
  { isPublic: 'public' },
  { isPublic: 'private', status: 'pending' },
  { isPublic: 'private', status: 'approved' },
];

const SEARCH_OS: ReadonlyArray<string | undefined> = [undefined, 'all', 'android', 'web', 'nt'];
const WALK_LIMITS = [1, 2, 3];
/** Pages read at most per walk: the public catalog of a real account may be large. */
const WALK_CAP = 8;

const describeQuery = (operationId: Catalog, query: Query): string =>
  `${operationId === 'listPlugins' ? 'the list' : 'the search'} under ${JSON.stringify(query)}`;

/**
 * The overrides of a history plugin's drawn body; a searchable one carries the word in its title
 * and every text field, a plain one keeps the drawn name and description.
 */
function historyOverrides(
  prefix: string,
  word: string,
  key: string,
  searchable: boolean,
  fields: Partial<Written>,
): BodyOverrides {
  const text = (field: 'name' | 'human_description') => {
    const value = fields[field] ?? (searchable ? word : undefined);
    return value === undefined ? {} : { [field]: value };
  };
  return {
    title: searchable ? `${word}_${key}` : `${prefix}_${key}_${word.slice(-6)}_plain`,
    ...text('name'),
    ...text('human_description'),
    ...(searchable ? { ai_description: word } : {}),
    isPublic: fields.isPublic ?? true,
    tags: fields.tags ?? (searchable ? [word] : ['history']),
    os: fields.os ?? ['nt'],
  };
}

/** What a create body wrote, as the views must show it (the account model reads a body alike). */
function writtenBy(body: Record<string, unknown>, searchable: boolean): Written {
  const { plaintexts = [], ...shown } = modelPlugin(body);
  return { title: String(body.title), ...shown, code: plaintexts, searchable };
}

async function create(ctx: CheckContext, h: History, overrides: BodyOverrides, searchable: boolean) {
  const { body, forget } = await ctx.make().plugin(overrides);
  const written = writtenBy(body, searchable);
  h.forget.set(written.title, forget);
  h.live.set(written.title, written);
  h.deleted.delete(written.title);
  return written;
}

/**
 * Updates a plugin sending every field the views show (so nothing rests on what an update keeps)
 * and new code, which the views must then show encrypted as well.
 */
async function update(ctx: CheckContext, h: History, title: string, change: Partial<Written>) {
  const before = h.live.get(title)!;
  const run = `def _run(self, city):\n    return {"history": "${ctx.prefix}", "updated": city}\n`;
  const schema = JSON.stringify({ name: title, description: `updated by ${ctx.prefix}`, parameters: {} });
  const after: Written = { ...before, ...change, code: [...before.code, run, schema] };
  const exchange = await ctx.as('full').call('updatePlugin', {
    body: {
      title,
      name: after.name,
      human_description: after.human_description,
      isPublic: after.isPublic,
      tags: after.tags,
      os: after.os,
      func_run: run,
      func_schema: schema,
    },
  });
  expectStatus(exchange, 200);
  expectSchema(ctx.spec, exchange);
  h.live.set(title, after);
}

async function remove(ctx: CheckContext, h: History, title: string) {
  const exchange = await ctx.as('full').call('deletePlugin', { body: { title } });
  expectStatus(exchange, 200);
  h.forget.get(title)?.();
  h.live.delete(title);
  h.deleted.add(title);
}

/** Get: each live plugin as last written under the same _id; no deleted one. */
async function judgeGets(ctx: CheckContext, h: History, step: string) {
  const client = ctx.as('full');
  for (const [title, written] of h.live) {
    const exchange = await getPlugin(client, title);
    expectStatus(exchange, 200);
    const plugin = bodyOf(exchange).plugin;
    if (!isObject(plugin))
      throw new ConformanceFailure(
        `Received: no plugin for ${title} after ${step} / Documented: get`,
        exchange,
      );
    const id = h.ids.get(title) ?? String(plugin._id);
    h.ids.set(title, id);
    expect(
      [plugin._id, plugin.title, plugin.name, plugin.human_description, plugin.isPublic, plugin.isOwner],
      `get ${title} after ${step}: _id, title, name, human_description, isPublic, isOwner`,
    ).toEqual([id, title, written.name, written.human_description, written.isPublic, true]);
  }
  for (const title of h.deleted) {
    const exchange = await getPlugin(client, title);
    if (foundOwnPlugin(exchange, title))
      throw new ConformanceFailure(
        `Received: get still answers ${title} after ${step} / Documented: deleting a plugin removes it`,
        exchange,
      );
  }
}

/** The list under each query: the run's live plugins it must show (fields as written), no deleted one. */
async function judgeLists(ctx: CheckContext, h: History, step: string): Promise<Map<string, Set<string>>> {
  const client = ctx.as('full');
  for (const { query, shows } of LIST_QUERIES) {
    const what = `${describeQuery('listPlugins', query)} after ${step}`;
    const shown = [...h.live.values()].filter(shows).map((w) => w.title);
    const result = await scanShowing(client, ctx.spec, 'listPlugins', query, shown);
    expectNone(result, h.deleted, what, 'deleting a plugin removes it from both catalogs');
    for (const written of h.live.values()) {
      const item = result.items.get(written.title);
      if (shows(written) && !item)
        throw new ConformanceFailure(
          `Received: ${written.title} (isPublic ${written.isPublic}, os ${written.os.join(',')}) not in ${what} / Documented: isPublic private is the own catalog, public the published plugins, all both; os filters by platform`,
          result.last,
        );
      if (!shows(written) && item)
        throw new ConformanceFailure(
          `Received: ${written.title} (isPublic ${written.isPublic}, os ${written.os.join(',')}) in ${what} / Documented: the filters isPublic and os`,
          result.pages.get(written.title),
        );
      if (item) expectListedAsWritten(result.pages.get(written.title)!, item, written, `in ${what}`);
    }
  }
  // Each plugin is in one approval state (which one is not stated): under exactly one filter.
  const byStatus = new Map<string, Set<string>>();
  for (const status of ['approved', 'pending']) {
    const query = { isPublic: 'private', status };
    const result = await scan(client, ctx.spec, 'listPlugins', query);
    expectNone(
      result,
      h.deleted,
      `${describeQuery('listPlugins', query)} after ${step}`,
      'deleting a plugin removes it',
    );
    byStatus.set(status, new Set([...h.live.keys()].filter((title) => result.items.has(title))));
  }
  for (const title of h.live.keys()) {
    const under = ['approved', 'pending'].filter((status) => byStatus.get(status)!.has(title));
    expect(
      under.length,
      `the status filters listing ${title} after ${step} (one state at a time)`,
    ).toBeLessThanOrEqual(1);
  }
  return byStatus;
}

/** Page walks of the list at limits 1-3: each wanted plugin once, totals equal to the items walked. */
async function judgeListWalks(
  ctx: CheckContext,
  h: History,
  step: string,
  byStatus: Map<string, Set<string>>,
) {
  for (const query of LIST_WALKS) {
    const wanted = [...h.live.values()]
      .filter((w) => (query.isPublic === 'public' ? w.isPublic : true))
      .filter((w) => (typeof query.os === 'string' ? w.os.includes(query.os) : true))
      .filter((w) => (typeof query.status === 'string' ? byStatus.get(query.status)!.has(w.title) : true))
      .map((w) => w.title);
    for (const limit of WALK_LIMITS) {
      const what = `${describeQuery('listPlugins', query)} at limit ${limit} after ${step}`;
      const { walk } = await judgeWalks(
        () =>
          walkPages(ctx.as('full'), 'listPlugins', {
            query,
            key: 'title',
            limit,
            cap: WALK_CAP,
            onPage: pageArithmetic(ctx.spec, limit),
          }),
        wanted,
        { isolated: false, cover: (value) => ctx.cover('PL-LIST-06', value) },
      );
      expectWalkCounted(walk, what);
      const seen = new Set(walk.pages.flatMap((page) => page.identities.map(String)));
      const deleted = [...h.deleted].find((title) => seen.has(title));
      if (deleted)
        throw new ConformanceFailure(
          `Received: ${deleted} on a page of ${what} / Documented: deleting a plugin removes it from both catalogs`,
          walk.pages[0]!.exchange,
        );
    }
  }
}

/**
 * A search for the run's word, with and without os: every published searchable plugin on the
 * platform asked for is found, nothing deleted and nothing on another platform is, the count is
 * the items, and walks at limits 1-3 hold each once.
 */
async function judgeSearches(ctx: CheckContext, h: History, step: string) {
  const client = ctx.as('full');
  for (const os of SEARCH_OS) {
    const query: Query = { search: h.word, ...(os ? { os } : {}) };
    const what = `${describeQuery('searchPlugins', query)} after ${step}`;
    const onPlatform = (w: Written) => os === undefined || os === 'all' || w.os.includes(os);
    const result = await scan(client, ctx.spec, 'searchPlugins', query);
    expectNone(result, h.deleted, what, 'deleting a plugin removes it from both catalogs');
    expectNone(
      result,
      [...h.live.values()].filter((w) => !onPlatform(w)).map((w) => w.title),
      what,
      'os filters by platform (default all)',
    );
    const certain = [...h.live.values()].filter((w) => w.searchable && w.isPublic && onPlatform(w));
    for (const written of certain)
      if (!result.items.has(written.title))
        throw new ConformanceFailure(
          `Received: ${written.title} (os ${written.os.join(',')}) not found by ${what} / Documented: a search finds the published plugin whose title starts with the term and whose name, descriptions and a tag are the term`,
          result.last,
        );
    for (const written of h.live.values()) {
      const item = result.items.get(written.title);
      if (item) expectCodeSealed(result.pages.get(written.title)!, item, written);
    }
    expectCounted(result, what);
    if (os !== undefined && os !== 'android') continue;
    for (const limit of WALK_LIMITS) {
      const { walk } = await judgeWalks(
        () =>
          walkPages(client, 'searchPlugins', {
            query,
            key: 'title',
            limit,
            cap: WALK_CAP,
            onPage: pageArithmetic(ctx.spec, limit),
          }),
        certain.map((w) => w.title),
        { isolated: true, cover: (value) => ctx.cover('PL-SEARCH-04', value) },
      );
      expectWalkCounted(walk, `${what} at limit ${limit}`);
    }
  }
}

async function judgeEveryView(ctx: CheckContext, h: History, step: string) {
  await judgeGets(ctx, h, step);
  const byStatus = await judgeLists(ctx, h, step);
  await judgeListWalks(ctx, h, step, byStatus);
  await judgeSearches(ctx, h, step);
}

describe('plugin histories — create, update, delete, re-create, then every view', () => {
  check(
    'plugins.history.every-view-agrees',
    [
      'PL-UPDATE-03',
      'PL-SHAPE-15',
      'PL-LIST-02',
      'PL-LIST-03',
      'PL-LIST-04',
      'PL-LIST-05',
      'PL-LIST-06',
      'PL-LIST-07',
      'PL-LIST-08',
      'PL-LIST-12',
      'PL-SHAPE-10',
      'PL-SHAPE-14',
      'PL-SEARCH-02',
      'PL-SEARCH-03',
      'PL-SEARCH-04',
      'PL-SEARCH-05',
      'PL-SEARCH-06',
      'STATE-07',
      'STATE-10',
      'IDS-12',
      'IDS-14',
    ],
    'after each of create, update (publish, unpublish, platforms, code), delete and re-create under a deleted title, get, the list under isPublic, status and os, the search with and without os and page walks at limits 1-3 all show what was last written',
    async (ctx) => {
      const word = uniqueWord(ctx.prefix);
      const h: History = { word, live: new Map(), deleted: new Set(), ids: new Map(), forget: new Map() };
      // Searchable and plain plugins interleaved, so that a filter applied after the page is cut
      // shows on some page. s1b's title starts with s1's: a write to s1 must leave it alone.
      const plan: Array<[string, boolean, Partial<Written>]> = [
        ['s1', true, { os: ['android'] }],
        ['n1', false, { isPublic: false, os: ['web'] }],
        ['s1b', true, { os: ['android'] }],
        ['n2', false, { isPublic: true, os: ['android'] }],
        ['s2', true, { os: ['nt', 'web'] }],
        ['n3', false, { isPublic: false, os: ['nt', 'android'] }],
        ['s3', true, { os: ['nt'] }],
        ['s4', true, { os: ['web', 'android'] }],
        ['s5', true, { os: ['nt', 'android', 'web'] }],
      ];
      const titles = new Map<string, string>();
      for (const [key, searchable, fields] of plan) {
        const written = await create(
          ctx,
          h,
          historyOverrides(ctx.prefix, word, key, searchable, fields),
          searchable,
        );
        titles.set(key, written.title);
      }
      const t = (key: string) => titles.get(key)!;
      await judgeEveryView(ctx, h, 'the creates');

      await update(ctx, h, t('s1'), { os: ['web'], tags: [word, 'moved'] });
      await update(ctx, h, t('n1'), {
        name: `${ctx.prefix} renamed`,
        human_description: `${ctx.prefix} described anew`,
        isPublic: true,
        tags: ['published'],
        os: ['android'],
      });
      await update(ctx, h, t('n2'), {
        name: `${ctx.prefix} withdrawn`,
        isPublic: false,
        tags: ['withdrawn', 'history'],
        os: ['web'],
      });
      await judgeEveryView(ctx, h, 'the updates (s1 moved to web, n1 published, n2 unpublished)');

      const s2 = h.live.get(t('s2'))!;
      await remove(ctx, h, t('s1'));
      await remove(ctx, h, t('s2'));
      await judgeEveryView(ctx, h, 'the deletes of s1 and s2');

      // The title of a deleted plugin is free again: a create reusing it succeeds.
      const again = pluginBody(
        ctx.spec,
        ctx.prefix,
        historyOverrides(ctx.prefix, word, 's2', true, { os: ['android'] }),
      );
      const exchange = await ctx.as('full').call('createPlugin', { body: again });
      if (exchange.response?.status === 200)
        h.forget.set(s2.title, trackPlugin(ctx.tracker, ctx.as('full'), s2.title));
      else
        throw new ConformanceFailure(
          `Received: HTTP ${exchange.response?.status ?? 'none'} to a create reusing the title of the deleted ${s2.title} / Documented: deleting a plugin removes it; only a title that exists is refused`,
          exchange,
        );
      h.live.set(s2.title, writtenBy(again, true));
      h.deleted.delete(s2.title);
      h.ids.delete(s2.title);
      await judgeEveryView(ctx, h, 'the re-create of s2 under its old title');
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
