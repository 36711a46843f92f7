/**
 * Account B's views (where the keyring has its key) against the model: none of A's private
 * assistants in B's lists, search or get (400, an id it cannot see), A's public ones in B's shared
 * catalog and gone from it once unpublished, none of A's in B's own list; A's published plugins in
 * B's public catalog, none of A's unpublished ones in any of B's plugin lists; nothing deleted
 * anywhere. An assistant handed to B is B's own: B's get shows it with the model's name (asked
 * again until it does, within the index deadline: how soon a transfer takes effect is not stated).
 * What B's plugin search and get show of A's unpublished plugins is not stated: recorded.
 */
import type { ViewCheck } from './read.ts';
import { expect } from 'vitest';
import { stableErrorSummary } from '../../expect/stable-summary.ts';
import type { ApiClient, QueryValue } from '../../http/client.ts';
import { bodyOf, isObject } from '../../http/json.ts';
import { pollUntil } from '../../context/poll.ts';
import { getAssistant } from '../../resources/assistants.ts';
import { getPlugin } from '../../resources/plugins.ts';
import type { AccountModel } from '../model.ts';
import {
  assistantList,
  assistantSearch,
  pluginList,
  pluginSearch,
  type AssistantListQuery,
  type PluginListQuery,
} from '../projection.ts';
import type { World } from '../world.ts';
import { assistantJudged, listQuery } from './assistants.ts';
import { pluginJudged } from './plugins.ts';
import { describeQuery, due, judgeView, readView } from './read.ts';

const ASSISTANT_LISTS: readonly AssistantListQuery[] = [
  { isPublic: 'public', isMainAgent: 'all', os: 'android' },
  { isPublic: 'private', isMainAgent: 'all', os: 'android' },
  { isPublic: 'all', os: 'android' },
];

const PLUGIN_LISTS: readonly PluginListQuery[] = [
  { isPublic: 'public', os: 'android' },
  { isPublic: 'private' },
  { isPublic: 'all', os: 'android' },
];

const DOCUMENTED =
  'another account sees an assistant or plugin only where it is published (the shared catalog), never in its own; nothing deleted';

async function assistantGets(model: AccountModel, world: World, b: ApiClient): Promise<void> {
  for (const a of model.live('assistants')) {
    if (model.assistant(a).isPublic) continue;
    const exchange = await getAssistant(b, world.assistantId(a));
    world.last = exchange;
    expect(exchange.response?.status, `account B's get of A's private assistant#${a} (400)`).toBe(400);
  }
  for (const [d, id] of world.deletedAssistants) {
    if (!model.deletedAssistants.has(d)) continue;
    const exchange = await getAssistant(b, id);
    world.last = exchange;
    expect(exchange.response?.status, `account B's get of the deleted assistant#${d} (400)`).toBe(400);
  }
  for (const n of model.transferred.keys()) await expectShownToB(model, world, b, n);
}

/**
 * Assistant `n`, handed to B, is B's: B's get shows it (its customPersonaId, and the model's name
 * unless A's update may have changed it meanwhile), asked again until it does within the index
 * deadline (how soon a transfer takes effect is not stated).
 */
export async function expectShownToB(
  model: AccountModel,
  world: World,
  b: ApiClient,
  n: number,
): Promise<void> {
  const transferred = model.transferred.get(n);
  const id = world.transferred.get(n)?.id;
  if (transferred === undefined || id === undefined) return;
  const shows = (exchange: Awaited<ReturnType<typeof getAssistant>>) => {
    const data = bodyOf(exchange).personaData;
    return (
      exchange.response?.status === 200 &&
      isObject(data) &&
      data.customPersonaId === id &&
      (world.nameUnsure.has(n) || data.name === transferred.name)
    );
  };
  const { answer, satisfied } = await pollUntil(() => getAssistant(b, id), shows, {
    timeoutMs: world.patience.timeoutMs,
  });
  if (!satisfied) world.patience.timeoutMs = 0;
  world.last = answer;
  const data = bodyOf(answer).personaData;
  expect(
    {
      status: answer.response?.status,
      customPersonaId: isObject(data) ? data.customPersonaId : undefined,
      ...(world.nameUnsure.has(n) ? {} : { name: isObject(data) ? data.name : undefined }),
    },
    `account B's get of assistant#${n}, B's since its transfer`,
  ).toEqual({
    status: 200,
    customPersonaId: id,
    ...(world.nameUnsure.has(n) ? {} : { name: transferred.name }),
  });
}

export async function checkOtherAccountViews(model: AccountModel, world: World): Promise<void> {
  const b = world.other;
  if (b === undefined) return;
  if (due(world, 0)) await assistantGets(model, world, b);
  const none = new Set<string>();
  for (const [i, query] of ASSISTANT_LISTS.entries()) {
    if (!due(world, 1 + i)) continue;
    const what = `account B's list under ${describeQuery(listQuery(query))}`;
    const read = await readView(b, 'listPersonas', listQuery(query), world, none);
    judgeView(
      read,
      assistantList(model, query, 'other'),
      assistantJudged(world, what, DOCUMENTED, 'AS-LIST-04'),
    );
  }
  let next = 1 + ASSISTANT_LISTS.length;
  if (due(world, next)) {
    const search = { search: world.searchTerm, os: 'android' };
    const what = `account B's search for the sequence's name word (os=android)`;
    judgeView(
      await readView(b, 'searchPersonas', search, world, none),
      assistantSearch(model, search, 'other'),
      assistantJudged(world, what, DOCUMENTED, 'AS-SEARCH-02'),
    );
  }
  next += 1;
  for (const [i, query] of PLUGIN_LISTS.entries()) {
    if (!due(world, next + i)) continue;
    const params = Object.fromEntries(Object.entries(query)) as Record<string, QueryValue>;
    const listed = `account B's plugin list under ${describeQuery(params)}`;
    judgeView(
      await readView(b, 'listPlugins', params, world, none),
      pluginList(model, query, 'other'),
      pluginJudged(world, listed, DOCUMENTED, 'PL-LIST-03'),
    );
  }
  if (due(world, next + PLUGIN_LISTS.length)) await pluginReads(model, world, b);
}

/** B's plugin search (nothing deleted in it) and what it and B's get show of A's unpublished plugins (recorded). */
async function pluginReads(model: AccountModel, world: World, b: ApiClient): Promise<void> {
  const searched = await readView(b, 'searchPlugins', { search: world.pluginTerm }, world, new Set());
  judgeView(
    searched,
    pluginSearch(model, { search: world.pluginTerm }, 'other'),
    pluginJudged(
      world,
      "account B's plugin search for the sequence's plugin word",
      DOCUMENTED,
      'PL-SEARCH-02',
    ),
  );
  for (const p of model.live('plugins')) {
    const plugin = model.plugin(p);
    if (plugin.isPublic || (plugin.unsure ?? []).includes('isPublic')) continue;
    const { title } = world.plugin(p);
    world.observe(
      'ACCT-01',
      "account B's plugin search for A's unpublished plugins",
      searched.seen.has(title) ? 'finds them' : 'does not find them',
    );
    const got = await getPlugin(b, title);
    const shown = got.response?.status === 200 && isObject(bodyOf(got).plugin);
    world.observe(
      'ACCT-01',
      "account B's get of A's unpublished plugin in the model",
      shown ? 'HTTP 200, the plugin shown' : stableErrorSummary(got, world.prefix),
    );
  }
}

// The signature every family of views shares (views/index.ts).
checkOtherAccountViews satisfies ViewCheck;
