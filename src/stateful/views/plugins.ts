/**
 * Account A's views of its plugins against the model: get of each live one (and none of a deleted
 * one), the list under isPublic, status and os, a page walk at the checkpoint's page size, and
 * search with and without os (default all), by the sequence's word and by each plugin's title. The
 * code (func_run, func_schema) an item of a list or search carries is none of the plaintexts ever
 * sent for that plugin, neither in clear nor merely encoded. Fields an update left unsent are not
 * judged (whether a plugin update keeps them is not stated).
 */
import type { ViewCheck } from './read.ts';
import { expect } from 'vitest';
import { expectEncrypted } from '../../expect/ciphertext.ts';
import { ConformanceFailure } from '../../expect/failure.ts';
import type { QueryValue } from '../../http/client.ts';
import { foundOwnPlugin, getPlugin, readPlugin } from '../../resources/plugins.ts';
import type { AccountModel, PluginField } from '../model.ts';
import {
  pluginList,
  pluginSearch,
  type PluginListQuery,
  type PluginSearchQuery,
  type Projection,
} from '../projection.ts';
import type { World } from '../world.ts';
import {
  describeQuery,
  due,
  judgeView,
  members,
  readView,
  type Judged,
  type Sighting,
  type ViewRoute,
} from './read.ts';
import { readOrWalk, walkView } from './walk.ts';

const WALKED: PluginListQuery = { isPublic: 'private', os: 'android' };

const LISTS: readonly PluginListQuery[] = [
  { isPublic: 'public', os: 'android' },
  { isPublic: 'all', status: 'all', os: 'web' },
  { isPublic: 'private' },
  // Every default (isPublic all, status all, os all): on a real account a large view, read up to a
  // cap; what it did not reach is then not judged.
  {},
];

const LIST_DOCUMENTED =
  "isPublic private = the account's own catalog, public = published platform-wide, all (the default) = both; status all (the default) = every approval state; os one platform or all (the default); a deleted plugin is in neither catalog";

const SEARCH_DOCUMENTED =
  'a search finds the plugins that carry the term in every text field, under the os filter (default all); a deleted plugin is in neither catalog';

const params = (query: object): Record<string, QueryValue> =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));

export function pluginJudged(world: World, what: string, documented: string, requirement: string): Judged {
  return {
    what,
    documented,
    ids: {
      live: (p) => world.plugin(p).title,
      deleted: (p) => world.deletedPlugins.get(p)?.title,
      transferred: () => undefined,
    },
    label: (p) => `plugin#${p}`,
    cover: (value) => world.cover(requirement, value),
  };
}

function ownPlugins(world: World): Set<string> {
  return new Set([...world.plugins.values()].map(({ id }) => id.title));
}

/** The fields of a live plugin the model is sure of, as the view should show them. */
function sureFields(model: AccountModel, p: number, fields: readonly PluginField[]): Record<string, unknown> {
  const plugin = model.plugin(p);
  const sure = fields.filter((field) => !(plugin.unsure ?? []).includes(field));
  return Object.fromEntries(
    sure.map((field) => [
      field,
      field === 'tags' || field === 'os' ? [...plugin[field]].sort() : plugin[field],
    ]),
  );
}

/** An item of a list or search: its code encrypted; a list item also with the model's list fields. */
function expectItem(
  model: AccountModel,
  world: World,
  p: number,
  { item, exchange }: Sighting,
  route: ViewRoute,
  what: string,
) {
  world.last = exchange;
  const plaintexts = model.plugin(p).plaintexts ?? [];
  expectEncrypted(exchange, item, 'func_run', plaintexts);
  expectEncrypted(exchange, item, 'func_schema', plaintexts);
  if (route !== 'listPlugins') return;
  const expected = sureFields(model, p, ['name', 'isPublic', 'tags', 'os']);
  const shown = Object.fromEntries(
    Object.keys(expected).map((field) => [
      field,
      field === 'tags' || field === 'os' ? members(item[field]) : item[field],
    ]),
  );
  expect(shown, `plugin#${p} in ${what}`).toEqual(expected);
}

async function readList(
  model: AccountModel,
  world: World,
  query: PluginListQuery,
  projection = pluginList(model, query),
) {
  const what = `the plugin list under ${describeQuery(params(query))}`;
  const read = await readView(world.client, 'listPlugins', params(query), world, ownPlugins(world));
  const found = judgeView(read, projection, pluginJudged(world, what, LIST_DOCUMENTED, 'PL-LIST-02'));
  for (const [p, sighting] of found) expectItem(model, world, p, sighting, 'listPlugins', what);
  return found;
}

async function search(
  model: AccountModel,
  world: World,
  query: PluginSearchQuery,
  walked: boolean,
  label: string,
) {
  const what = `the plugin search for ${label} (${describeQuery({ ...params(query), search: undefined })})`;
  const projection: Projection = pluginSearch(model, query);
  const judged = pluginJudged(world, what, SEARCH_DOCUMENTED, 'PL-SEARCH-02');
  const found = await readOrWalk(
    walked,
    world.client,
    'searchPlugins',
    params(query),
    world,
    ownPlugins(world),
    projection,
    judged,
  );
  for (const [p, sighting] of found) expectItem(model, world, p, sighting, 'searchPlugins', what);
}

export async function checkPluginViews(model: AccountModel, world: World): Promise<void> {
  if (due(world, 0)) await gets(model, world);
  if (due(world, 1)) {
    const what = `the plugin list under ${describeQuery(params(WALKED))}`;
    const walked = await walkView(
      world.client,
      'listPlugins',
      params(WALKED),
      world,
      ownPlugins(world),
      pluginList(model, WALKED),
      pluginJudged(world, what, LIST_DOCUMENTED, 'PL-LIST-02'),
    );
    for (const [p, sighting] of walked.found) expectItem(model, world, p, sighting, 'listPlugins', what);
  }
  for (const [i, query] of LISTS.entries()) if (due(world, 2 + i)) await readList(model, world, query);
  const next = 2 + LISTS.length;
  if (due(world, next)) await approvalStates(model, world);
  if (due(world, next + 1))
    await search(model, world, { search: world.pluginTerm }, true, "the sequence's plugin word");
  if (due(world, next + 2))
    await search(model, world, { search: world.pluginTerm, os: 'web' }, false, "the sequence's plugin word");
  if (due(world, next + 3))
    for (const p of model.live('plugins'))
      await search(model, world, { search: world.plugin(p).title }, false, `the title of plugin#${p}`);
}

/** Get of each live plugin (_id, title and the fields the model is sure of); none of a deleted one. */
async function gets(model: AccountModel, world: World): Promise<void> {
  for (const p of model.live('plugins')) {
    const { title, objectId } = world.plugin(p);
    const plugin = await readPlugin(world.client, title);
    const expected = {
      _id: objectId,
      title,
      ...sureFields(model, p, ['name', 'human_description', 'isPublic']),
    };
    const shown = Object.fromEntries(Object.keys(expected).map((field) => [field, plugin[field]]));
    expect(shown, `get of plugin#${p}`).toEqual(expected);
  }
  for (const [p, { title }] of world.deletedPlugins) {
    if (!model.deletedPlugins.has(p)) continue;
    expect(
      foundOwnPlugin(await getPlugin(world.client, title), title),
      `get of the deleted plugin#${p}`,
    ).toBe(false);
  }
}

/** Which approval state a plugin is in is not stated, but it is in one at a time (STATE-07). */
async function approvalStates(model: AccountModel, world: World): Promise<void> {
  const approved = await readList(model, world, { isPublic: 'private', status: 'approved', os: 'android' });
  const pending = await readList(model, world, { isPublic: 'private', status: 'pending', os: 'android' });
  for (const [p, sighting] of approved)
    if (pending.has(p))
      throw new ConformanceFailure(
        `Received: plugin#${p} listed under both status=approved and status=pending / Documented: approval status is approved or pending`,
        sighting.exchange,
      );
}

// The signature every family of views shares (views/index.ts).
checkPluginViews satisfies ViewCheck;
