import { COUNT_MISMATCHES, judgeCount } from '../../src/expect/count-tries.ts';
import { expect } from 'vitest';
import { ConformanceFailure } from '../../src/expect/failure.ts';
import { expectPageArithmetic } from '../../src/expect/list-page.ts';
import { judgeWalks, type PageWalk } from '../../src/expect/page-walk.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { expectStatus } from '../../src/expect/status.ts';
import type { CheckContext } from '../../src/harness/check.ts';
import type { ApiClient, QueryValue } from '../../src/http/client.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { bodyOf, isObject, objectsIn, type JsonObject } from '../../src/http/json.ts';
import { getAssistant } from '../../src/resources/assistants.ts';
import { ALL_PLATFORMS } from '../../src/resources/drafts.ts';
import { walkPages } from '../../src/resources/pages.ts';

/**
 * What the document lets a reader of every view know about one assistant of a history: the fields
 * list, search and get return, and where it must (not) be shown.
 */
export interface Member {
  id: string;
  /** The account that owns it: `full` (A) or `other` (B). */
  owner: 'full' | 'other';
  name: string;
  title: string;
  isPublic: boolean;
  mainAgent: boolean;
  os: string[];
  voice: string;
  /** kbIds attached. */
  kbs: string[];
  deleted: boolean;
  /** Words of its current name and title; a search for one finds it. */
  words: string[];
  /** Words of names and titles it no longer bears; a search for one no longer finds it. */
  formerWords: string[];
}

type ListQuery = Record<string, QueryValue>;

type Ctx = Pick<CheckContext, 'as' | 'spec' | 'observe' | 'cover'>;

/** Pages read at most per walk: on a real account a list may hold thousands of assistants. */
const WALK_CAP = 6;

function osOf(query: ListQuery): string[] {
  return String(query.os ?? 'nt').split(',');
}

/**
 * Whether the list of `reader` with `query` must carry the member (true), must not (false), or
 * may (`open`): owned assistants under private and all, public ones under public (the shared
 * catalog), another account's private ones never, narrowed by isMainAgent=false to agentic tools
 * and by os (default nt). Whether `all` also carries other accounts' public assistants is left
 * open (the shared catalog is judged under public).
 */
function listedFor(member: Member, reader: 'full' | 'other', query: ListQuery): boolean | 'open' {
  if (member.deleted) return false;
  const visibility = String(query.isPublic ?? 'all');
  const own = member.owner === reader;
  if (visibility === 'private' && !own) return false;
  if (visibility === 'public' && !member.isPublic) return false;
  if (visibility === 'all' && !own && !member.isPublic) return false;
  if (query.isMainAgent === 'false' && member.mainAgent) return false;
  if (!member.os.some((o) => osOf(query).includes(o))) return false;
  return visibility === 'all' && !own ? 'open' : true;
}

const sortedStrings = (values: unknown): string[] => (Array.isArray(values) ? values : []).map(String).sort();

const kbIdsOf = (item: JsonObject): string[] =>
  objectsIn(item, 'attached_kbs')
    .map((kb) => String(kb.kbId))
    .sort();

/** A list item of the member agrees with what the history wrote. */
function expectListItem(item: JsonObject, member: Member, where: string): void {
  expect(item.name, `${where}: name of ${member.id}`).toBe(member.name);
  expect(item.title, `${where}: title of ${member.id}`).toBe(member.title);
  expect(item.isPublic, `${where}: isPublic of ${member.id}`).toBe(member.isPublic);
  expect(item.voice, `${where}: voice of ${member.id}`).toBe(member.voice);
  expect(item.Is_main_agent, `${where}: Is_main_agent of ${member.id}`).toBe(member.mainAgent);
  // As a set: whether a platform is repeated is not stated.
  expect([...new Set(sortedStrings(item.os))], `${where}: os of ${member.id}`).toEqual(
    [...new Set(member.os)].sort(),
  );
  expect(kbIdsOf(item), `${where}: attached_kbs of ${member.id}`).toEqual([...member.kbs].sort());
}

interface Walked {
  walk: PageWalk;
  items: Map<string, JsonObject>;
  /** The walk was judged: every page read, the total steady, each expected member on one page. */
  whole: boolean;
  total: number | undefined;
}

function readWalk(
  ctx: Ctx,
  client: ApiClient,
  operation: 'listPersonas' | 'searchPersonas',
  query: ListQuery,
  limit: number,
): Promise<PageWalk> {
  return walkPages(client, operation, {
    query,
    key: 'customPersonaId',
    limit,
    cap: WALK_CAP,
    onPage: (exchange: Exchange, page: number) => {
      expectSchema(ctx.spec, exchange);
      expectPageArithmetic(exchange, { items: 'allPersonas', total: 'totalPersonas', limit, page });
    },
  });
}

/**
 * A walk of one query, judged (judgeWalks: a query others also write to is walked again before a
 * defect counts): each member the query must show is on exactly one page, no member it must not
 * show is on any, and when the walk was judged whole, the total is the number of assistants walked.
 */
async function judgeQuery(
  ctx: Ctx,
  reader: 'full' | 'other',
  operation: 'listPersonas' | 'searchPersonas',
  query: ListQuery,
  limit: number,
  expected: readonly Member[],
  forbidden: readonly Member[],
  options: { isolated: boolean; requirement: string },
): Promise<Walked> {
  const client = ctx.as(reader);
  const where = `${reader === 'full' ? 'account A' : 'account B'} ${operation} ${JSON.stringify(query)} at limit ${limit}`;
  const { walk, judged } = await judgeWalks(
    () => readWalk(ctx, client, operation, query, limit),
    expected.map((m) => m.id),
    { isolated: options.isolated, cover: (value) => ctx.cover(options.requirement, value) },
  );
  const items = new Map<string, JsonObject>();
  for (const page of walk.pages)
    for (const item of objectsIn(bodyOf(page.exchange), 'allPersonas'))
      if (typeof item.customPersonaId === 'string') items.set(item.customPersonaId, item);
  for (const member of forbidden) {
    const page = walk.pages.find((p) => p.identities.includes(member.id));
    if (page)
      throw new ConformanceFailure(
        `Received: ${member.id} (${member.deleted ? 'deleted' : member.isPublic ? 'public' : 'private'}, os ${member.os.join(',')}, ${member.mainAgent ? 'main agent' : 'agentic tool'}) on page ${page.page} of ${where} / Documented: the query does not select it`,
        page.exchange,
      );
  }
  const total = Number(walk.pages[0]?.total);
  if (judged) {
    const count = walk.pages.reduce((n, p) => n + p.identities.length, 0);
    if (count !== total)
      throw new ConformanceFailure(
        `Received: totalPersonas ${String(walk.pages[0]!.total)} while pages 1-${walk.pages.length} held ${count} assistants (${where}) / Documented: the total of the paginated collection`,
        walk.pages[0]!.exchange,
      );
  }
  return { walk, items, whole: judged, total: Number.isInteger(total) ? total : undefined };
}

/** The total a ret=count answer carries: a number, its totalPersonas, or its one integer. */
function countIn(exchange: Exchange): number | undefined {
  const json = exchange.response?.json;
  if (typeof json === 'number') return json;
  if (!isObject(json)) return undefined;
  if (Number.isInteger(json.totalPersonas)) return json.totalPersonas as number;
  const integers = Object.values(json).filter((v): v is number => Number.isInteger(v));
  return integers.length === 1 ? integers[0] : undefined;
}

async function countOf(client: ApiClient, query: ListQuery): Promise<{ exchange: Exchange; count?: number }> {
  const exchange = await client.call('listPersonas', {
    path: { sessionId: 'conformance' },
    query: { ...query, ret: 'count' },
  });
  expectStatus(exchange, 200);
  const count = countIn(exchange);
  return count === undefined ? { exchange } : { exchange, count };
}

/** The list queries read after every step: each filter alone and together, at small page sizes. */
const LIST_QUERIES: ReadonlyArray<{ query: ListQuery; limit: number }> = [
  { query: { isPublic: 'private', os: 'web,android' }, limit: 2 },
  { query: { isPublic: 'public', os: ALL_PLATFORMS }, limit: 2 },
  { query: { isPublic: 'all', isMainAgent: 'false', os: ALL_PLATFORMS }, limit: 1 },
  { query: { os: 'web' }, limit: 3 },
  { query: { os: 'android' }, limit: 1 },
  { query: { isPublic: 'private', isMainAgent: 'false', os: 'web' }, limit: 3 },
];

/** totalPersonas of the list's first page under `query` (undefined where the answer has none). */
async function listTotal(client: ApiClient, query: ListQuery): Promise<number | undefined> {
  const exchange = await client.call('listPersonas', {
    path: { sessionId: 'conformance' },
    query: { ...query, page: 1, limit: 1 },
  });
  expectStatus(exchange, 200);
  const total = bodyOf(exchange).totalPersonas;
  return typeof total === 'number' ? total : undefined;
}

/**
 * ret=count equals the list's total for the same filters (AS-LIST-12), judged only in tries where
 * the list did not move meanwhile, and failed only after COUNT_MISMATCHES of them (count-tries.ts).
 */
async function expectCountAgrees(client: ApiClient, query: ListQuery): Promise<void> {
  const judged = await judgeCount(async () => {
    const before = await listTotal(client, query);
    const { exchange, count } = await countOf(client, query);
    const after = await listTotal(client, query);
    if (count === undefined || before === undefined) return undefined;
    return {
      stable: before === after,
      agrees: count === before,
      evidence: { count, total: before, exchange },
    };
  });
  if (judged.verdict === 'differs')
    throw new ConformanceFailure(
      `Received: ret=count ${judged.last.count} while the list of the same filters ${JSON.stringify(query)} totals ${judged.last.total} (read just before and after the count; it differed in ${COUNT_MISMATCHES} tries where the list did not move) / Documented: with ret=count the total is returned`,
      judged.last.exchange,
    );
}

/**
 * Every list view of `reader`: each query walked at its small page size (and, where that walk was
 * cut short by its cap, at 50), the members of the history where the document puts them with the
 * fields it last wrote, totals equal to what the pages hold, and ret=count equal to the list's total
 * for the same filters.
 */
async function judgeLists(ctx: Ctx, reader: 'full' | 'other', members: readonly Member[]): Promise<void> {
  const client = ctx.as(reader);
  const queries = reader === 'full' ? LIST_QUERIES : LIST_QUERIES.slice(0, 2);
  for (const { query, limit } of queries) {
    const expected = members.filter((m) => listedFor(m, reader, query) === true);
    const forbidden = members.filter((m) => listedFor(m, reader, query) === false);
    const options = { isolated: false, requirement: 'AS-LIST-02' };
    let walked = await judgeQuery(ctx, reader, 'listPersonas', query, limit, expected, forbidden, options);
    if (!walked.whole)
      walked = await judgeQuery(ctx, reader, 'listPersonas', query, 50, expected, forbidden, options);
    for (const member of expected) {
      const item = walked.items.get(member.id);
      if (item) expectListItem(item, member, `${reader} list ${JSON.stringify(query)}`);
    }
    await expectCountAgrees(client, query);
  }
}

/**
 * Whether a search of `reader` for `term` with the filters must find the member (true), must not
 * (false) or may (`open`: another account's public assistant), as the list of the same filters.
 */
function searchedFor(
  member: Member,
  reader: 'full' | 'other',
  term: string,
  query: ListQuery,
): boolean | 'open' {
  if (!member.words.includes(term)) return false;
  return listedFor(member, reader, { ...query, isPublic: 'all' });
}

/**
 * Every search view: the history's word walked at limits 1, 3 and 30 under each filter, then
 * each member's current words (found, with its current name) and former words (not found).
 * Another account sees none of A's private or deleted assistants; whether it finds A's public ones
 * by search is left open here (the shared catalog is judged on the list).
 */
async function judgeSearches(
  ctx: Ctx,
  reader: 'full' | 'other',
  members: readonly Member[],
  word: string,
): Promise<void> {
  const own = (m: Member) => m.owner === reader;
  const queries: Array<{ query: ListQuery; limit: number }> = [
    { query: { os: ALL_PLATFORMS }, limit: 1 },
    { query: { os: ALL_PLATFORMS }, limit: 3 },
    { query: { isMainAgent: 'false', os: ALL_PLATFORMS }, limit: 30 },
    { query: {}, limit: 30 },
    { query: { os: 'web' }, limit: 30 },
    { query: { os: 'android' }, limit: 2 },
  ];
  for (const { query, limit } of reader === 'full' ? queries : queries.slice(0, 1)) {
    const expected = members.filter((m) => own(m) && searchedFor(m, reader, word, query) === true);
    const forbidden = members.filter((m) => searchedFor(m, reader, word, query) === false);
    const walked = await judgeQuery(
      ctx,
      reader,
      'searchPersonas',
      { search: word, ...query },
      limit,
      expected,
      forbidden,
      { isolated: true, requirement: 'AS-SEARCH-02' },
    );
    for (const member of expected) {
      const item = walked.items.get(member.id);
      if (item) expect(item.name, `search item of ${member.id}: its current name`).toBe(member.name);
    }
  }
  if (reader === 'other') return;
  const searchable = members.filter((m) => !m.deleted);
  for (const member of searchable) {
    for (const term of [...member.words.filter((w) => w !== word), ...member.formerWords]) {
      const expected = members.filter(
        (m) => own(m) && searchedFor(m, reader, term, { os: ALL_PLATFORMS }) === true,
      );
      const forbidden = members.filter((m) => searchedFor(m, reader, term, { os: ALL_PLATFORMS }) === false);
      await judgeQuery(
        ctx,
        reader,
        'searchPersonas',
        { search: term, os: ALL_PLATFORMS },
        30,
        expected,
        forbidden,
        {
          isolated: true,
          requirement: 'AS-SEARCH-02',
        },
      );
    }
  }
}

/**
 * Get of every member: the owner reads the fields last written; a deleted member, and for another
 * account a private one, is a 400. What another account's get answers for a public assistant is
 * recorded (the document says only what an id the account cannot see yields).
 */
async function judgeGets(ctx: Ctx, reader: 'full' | 'other', members: readonly Member[]): Promise<void> {
  const client = ctx.as(reader);
  for (const member of members) {
    const exchange = await getAssistant(client, member.id);
    const own = member.owner === reader;
    if (member.deleted || (!own && !member.isPublic)) {
      expectStatus(exchange, 400);
      continue;
    }
    if (!own) {
      ctx.observe(
        'AS-GET-04',
        `another account's get of a public assistant: HTTP ${exchange.response?.status ?? '-'}`,
      );
      continue;
    }
    expectStatus(exchange, 200);
    const data = bodyOf(exchange).personaData;
    const personaData = isObject(data) ? data : {};
    expect(personaData.name, `get ${member.id}: name`).toBe(member.name);
    expect(personaData.voice, `get ${member.id}: voice`).toBe(member.voice);
    expect(kbIdsOf(personaData), `get ${member.id}: attached_kbs`).toEqual([...member.kbs].sort());
  }
}

/** Which views a history check reads after a step. */
export interface Views {
  gets?: boolean;
  lists?: boolean;
  searches?: boolean;
  /** Account B's views too, where the keyring holds it (default true). */
  other?: boolean;
}

/** The views chosen of both accounts (B where the keyring holds it), judged against the history. */
export async function judgeViews(
  ctx: Ctx & Pick<CheckContext, 'target'>,
  members: readonly Member[],
  word: string,
  views: Views,
): Promise<void> {
  const withOther = views.other !== false && ctx.target.keyring.keys.other !== undefined;
  for (const reader of withOther ? (['full', 'other'] as const) : (['full'] as const)) {
    if (views.gets) await judgeGets(ctx, reader, members);
    if (views.lists) await judgeLists(ctx, reader, members);
    if (views.searches) await judgeSearches(ctx, reader, members, word);
  }
}
