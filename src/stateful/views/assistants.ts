/**
 * Account A's views of its assistants against the model: get of each live one (and 400 for each
 * deleted one), the list under each isPublic, isMainAgent and os value (single, comma-separated,
 * and the Origin rule), a page walk at the checkpoint's page size with ret=count against its total,
 * and search by the sequence's name word, title word, and each renamed assistant's current name.
 */
import { COUNT_MISMATCHES, judgeCount } from '../../expect/count-tries.ts';
import type { ViewCheck } from './read.ts';
import { expect } from 'vitest';
import { expectComponentSchema } from '../../expect/component-schema.ts';
import { ConformanceFailure } from '../../expect/failure.ts';
import { expectStatus } from '../../expect/status.ts';
import type { QueryValue } from '../../http/client.ts';
import { bodyOf, isObject, objectsIn } from '../../http/json.ts';
import { getAssistant } from '../../resources/assistants.ts';
import { attachmentsOf } from '../../resources/knowledge-steps.ts';
import type { AccountModel } from '../model.ts';
import {
  assistantList,
  assistantSearch,
  type AssistantListQuery,
  type AssistantSearchQuery,
  type Projection,
} from '../projection.ts';
import { expectAssistantRead, expectedAttachments, type World } from '../world.ts';
import { describeQuery, due, judgeView, members, readView, type Judged, type Sighting } from './read.ts';
import { readOrWalk, walkView } from './walk.ts';

/** The quiet view the page walk reads: private, agentic tools, android (few others share it). */
const WALKED: AssistantListQuery = { isPublic: 'private', isMainAgent: 'false', os: 'android' };

/** The other list views, each read whole. */
const LISTS: readonly AssistantListQuery[] = [
  { isPublic: 'public', isMainAgent: 'all', os: 'android' },
  { isPublic: 'all', isMainAgent: 'true', os: 'android,web' },
  { isPublic: 'private', isMainAgent: 'false', os: 'nt,web' },
  { isPublic: 'private', isMainAgent: 'false', os: 'web', origin: true },
  { isMainAgent: 'false', os: 'android' },
];

const ORIGIN = { origin: 'https://console.example.com' };

const LIST_DOCUMENTED =
  'isPublic private = owned or granted, public = the shared catalog, all (the default) = everything the account can see; isMainAgent=false narrows to agentic tools; os selects by platform (comma-separated, default nt) and a browser Origin header makes it web,nt,android; a deleted assistant is gone';

const SEARCH_DOCUMENTED =
  'a search finds the assistants whose name or title carries the term, under the isMainAgent and os filters (os default nt); a deleted assistant is gone';

export function listQuery(query: AssistantListQuery): Record<string, QueryValue> {
  const { origin: _origin, ...rest } = query;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
}

/** How a view of A's assistants names and identifies them. */
export function assistantJudged(world: World, what: string, documented: string, requirement: string): Judged {
  return {
    what,
    documented,
    ids: {
      live: (a) => world.assistantId(a),
      deleted: (d) => world.deletedAssistants.get(d),
      transferred: (n) => world.transferred.get(n)?.id,
    },
    label: (a) => `assistant#${a}`,
    cover: (value) => world.cover(requirement, value),
  };
}

/** The customPersonaIds of A's live assistants (the items held to the schema). */
function ownAssistants(world: World): Set<string> {
  return new Set([...world.assistants.values()].map(({ id }) => id));
}

/** A list item of a live assistant shows the model's list fields, attached_kbs included. */
function expectListed(
  model: AccountModel,
  world: World,
  a: number,
  { item, exchange }: Sighting,
  what: string,
) {
  const assistant = model.assistant(a);
  world.last = exchange;
  expect(
    {
      name: item.name,
      title: item.title,
      isPublic: item.isPublic,
      Is_main_agent: item.Is_main_agent,
      os: members(item.os),
      attached_kbs: attachmentsOf(objectsIn(item, 'attached_kbs')),
      attached_kbs_array: Array.isArray(item.attached_kbs),
    },
    `assistant#${a} in ${what}`,
  ).toEqual({
    name: assistant.name,
    title: assistant.title,
    isPublic: assistant.isPublic,
    Is_main_agent: assistant.mainAgent,
    os: [...assistant.os].sort(),
    attached_kbs: expectedAttachments(model, world, a),
    attached_kbs_array: true,
  });
}

async function readList(model: AccountModel, world: World, query: AssistantListQuery): Promise<void> {
  const what = `the list under ${describeQuery(listQuery(query), query.origin)}`;
  const read = await readView(
    world.client,
    'listPersonas',
    listQuery(query),
    world,
    ownAssistants(world),
    query.origin ? ORIGIN : undefined,
  );
  const found = judgeView(
    read,
    assistantList(model, query),
    assistantJudged(world, what, LIST_DOCUMENTED, 'AS-LIST-02'),
  );
  for (const [a, sighting] of found) expectListed(model, world, a, sighting, what);
}

/** A search read whole (or walked), each live assistant found with the model's name. */
async function search(
  model: AccountModel,
  world: World,
  query: AssistantSearchQuery,
  walked: boolean,
  label: string,
): Promise<Map<number, Sighting>> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<
    string,
    QueryValue
  >;
  const what = `the search for ${label} (${describeQuery({ ...params, search: undefined })})`;
  const projection: Projection = assistantSearch(model, query);
  const judged = assistantJudged(world, what, SEARCH_DOCUMENTED, 'AS-SEARCH-02');
  const found = await readOrWalk(
    walked,
    world.client,
    'searchPersonas',
    params,
    world,
    ownAssistants(world),
    projection,
    judged,
  );
  for (const [a, { item, exchange }] of found) {
    world.last = exchange;
    expect(item.name, `name of assistant#${a} in ${what}`).toBe(model.assistant(a).name);
  }
  return found;
}

/** The integers a ret=count answer carries: the number itself, or an object's integer fields. */
function countsIn(json: unknown): number[] {
  if (typeof json === 'number') return [json];
  if (!isObject(json)) return [];
  return Object.values(json).filter((value): value is number => Number.isInteger(value));
}

/**
 * The quiet list walked at the checkpoint's page size, then ret=count under the same filters: when
 * the total did not move (the walk's, and one read after the count), the count carries it.
 */
async function walkAndCount(model: AccountModel, world: World): Promise<void> {
  const query = listQuery(WALKED);
  const what = `the list under ${describeQuery(query)}`;
  const { walk, found, judged } = await walkView(
    world.client,
    'listPersonas',
    query,
    world,
    ownAssistants(world),
    assistantList(model, WALKED),
    assistantJudged(world, what, LIST_DOCUMENTED, 'AS-LIST-02'),
  );
  for (const [a, sighting] of found) expectListed(model, world, a, sighting, what);
  if (!judged) return;
  // Other clients (the suite's other checks, a real account's users) may write between the reads:
  // a try is judged only when the total did not move around the count, and the count fails only
  // after COUNT_MISMATCHES such tries missed it (count-tries.ts says why).
  let before: unknown = bodyOf(walk.pages[0]!.exchange).totalPersonas;
  const counted = await judgeCount(async () => {
    const count = await world.client.call('listPersonas', {
      path: { sessionId: 'conformance' },
      query: { ...query, ret: 'count' },
    });
    expectStatus(count, 200);
    // The total without the documents: a bare integer or an object without allPersonas (AS-LIST-12).
    expectComponentSchema(world.spec, count, 'PersonaCountResponse');
    const after = await world.client.call('listPersonas', {
      path: { sessionId: 'conformance' },
      query: { ...query, limit: 1 },
    });
    expectStatus(after, 200);
    const total = bodyOf(after).totalPersonas;
    const stable = typeof total === 'number' && total === before;
    before = total;
    return {
      stable,
      agrees: stable && countsIn(count.response?.json).includes(total),
      evidence: { count, total },
    };
  });
  if (counted.verdict === 'agrees') model.exercised('AS-LIST-12');
  else if (counted.verdict === 'differs')
    throw new ConformanceFailure(
      `Received: no total of ${String(counted.last.total)} in the ret=count answer under ${describeQuery(query)}, in ${COUNT_MISMATCHES} tries where the list did not move / Documented: with ret=count the total (of the same filters) is returned`,
      counted.last.count,
    );
  else
    world.cover(
      'AS-LIST-12',
      'ret=count not judged: the list moved around it, or it differed in too few tries where it held still (another client at work)',
    );
}

export async function checkAssistantViews(model: AccountModel, world: World): Promise<void> {
  if (due(world, 0)) await gets(model, world);
  if (due(world, 1)) await walkAndCount(model, world);
  for (const [i, query] of LISTS.entries()) if (due(world, 2 + i)) await readList(model, world, query);
  const next = 2 + LISTS.length;
  if (due(world, next))
    await search(model, world, { search: world.searchTerm, os: 'android' }, true, "the sequence's name word");
  if (due(world, next + 1))
    await search(
      model,
      world,
      { search: world.titleTerm, isMainAgent: 'false', os: 'android' },
      false,
      "the sequence's title word",
    );
  if (due(world, next + 2))
    await search(model, world, { search: world.searchTerm }, false, "the sequence's name word");
  if (due(world, next + 3)) await renamed(model, world);
}

/** Get of each live assistant (the model's name, attached_kbs, plugins); 400 for each deleted one. */
async function gets(model: AccountModel, world: World): Promise<void> {
  for (const a of model.live('assistants')) await expectAssistantRead(model, world, a);
  for (const [d, id] of world.deletedAssistants) {
    if (!model.deletedAssistants.has(d)) continue;
    const exchange = await getAssistant(world.client, id);
    world.last = exchange;
    expect(
      exchange.response?.status,
      `get of the deleted assistant#${d} (an id the account cannot see: 400)`,
    ).toBe(400);
  }
}

/**
 * Each renamed or retitled assistant found by a search for its current name or title; what a
 * search for its former name finds is recorded (how loosely search matches is not stated).
 */
async function renamed(model: AccountModel, world: World): Promise<void> {
  for (const a of model.live('assistants')) {
    const assistant = model.assistant(a);
    const searchFor = (field: 'name' | 'title') =>
      search(
        model,
        world,
        { search: assistant[field], os: 'android' },
        false,
        `the current ${field} of assistant#${a}`,
      );
    if (!assistant.title.includes(world.titleTerm)) await searchFor('title');
    const former = assistant.formerNames[assistant.formerNames.length - 1];
    if (former === undefined) continue;
    await searchFor('name');
    const { seen } = await readView(
      world.client,
      'searchPersonas',
      { search: former, os: 'android' },
      world,
      ownAssistants(world),
    );
    world.observe(
      'AS-SEARCH-02',
      "a search for an assistant's former name after a rename",
      seen.has(world.assistantId(a)) ? 'still finds it' : 'no longer finds it',
    );
  }
}

// The signature every family of views shares (views/index.ts).
checkAssistantViews satisfies ViewCheck;
