/**
 * Reading one view (a list or search route under one query) and judging it against the model's
 * projection: what is certain to be there is there exactly once, what is certain not to be is on
 * no page, and the run's items found carry the model's fields. Other people's items (a real
 * account's) are never judged; a view that could not be read whole (a cap, or a collection that
 * moved while its pages were read) does not judge what it did not find.
 */
import { ConformanceFailure } from '../../expect/failure.ts';
import { expectSchema } from '../../expect/schema.ts';
import { expectStatus } from '../../expect/status.ts';
import type { ApiClient, QueryValue } from '../../http/client.ts';
import type { Exchange } from '../../http/exchange.ts';
import { bodyOf, isObject, objectsIn, type JsonObject } from '../../http/json.ts';
import type { AccountModel } from '../model.ts';
import type { Expected, Projection } from '../projection.ts';
import type { World } from '../world.ts';

/** One family of views: reads its routes and compares them with the model; throws a verdict. */
export type ViewCheck = (model: AccountModel, world: World) => Promise<void>;

/** The collection routes a view reads: where the items are, what identifies one. */
export const ROUTES = {
  listPersonas: {
    items: 'allPersonas',
    total: 'totalPersonas',
    key: 'customPersonaId',
    path: { sessionId: 'conformance' },
  },
  searchPersonas: { items: 'allPersonas', total: 'totalPersonas', key: 'customPersonaId', path: {} },
  listPlugins: { items: 'plugin', total: 'totalPlugins', key: 'title', path: { userId: 'conformance' } },
  searchPlugins: { items: 'plugin', total: 'totalPlugins', key: 'title', path: {} },
} as const;

export type ViewRoute = keyof typeof ROUTES;

/** A checkpoint reads one view in VIEW_STRIDE (four) of each family (which ones turns with the draw). */
export const VIEW_STRIDE = 4;

/** Whether view `i` of a family is due at the current checkpoint (world.viewTurn, viewStride). */
export function due(world: World, i: number): boolean {
  return (i + world.viewTurn) % world.viewStride === 0;
}

/** Page size of a view read whole (the run's items are few; a real account's may be many). */
const READ_LIMIT = 200;
/** Pages of one view read at most. */
const READ_CAP = 5;

export interface Sighting {
  item: JsonObject;
  exchange: Exchange;
}

export interface ViewRead {
  route: ViewRoute;
  /** Every sighting of each identity, in page order. */
  seen: Map<string, Sighting[]>;
  /** Every page up to totalPages was read and the total did not move between pages. */
  whole: boolean;
  /** The last page read (what a missing item is reported with). */
  last: Exchange;
}

/** The exchange as if its page held only the items whose identity is among `ids` (for the schema). */
export function withOwnItems(exchange: Exchange, route: ViewRoute, ids: ReadonlySet<string>): Exchange {
  const { items, key } = ROUTES[route];
  const { response } = exchange;
  const json = response?.json;
  if (response === undefined || !isObject(json) || !Array.isArray(json[items])) return exchange;
  const own = (json[items] as unknown[]).filter(
    (item) => isObject(item) && typeof item[key] === 'string' && ids.has(item[key]),
  );
  return { ...exchange, response: { ...response, json: { ...json, [items]: own } } };
}

/**
 * Reads every page of a view (at most READ_CAP of READ_LIMIT items), each a 200 held to the schema
 * with the run's own items only (`ours`).
 */
export async function readView(
  client: ApiClient,
  route: ViewRoute,
  query: Record<string, QueryValue>,
  world: World,
  ours: ReadonlySet<string>,
  headers?: Record<string, string>,
): Promise<ViewRead> {
  const { items, total, key, path } = ROUTES[route];
  const seen = new Map<string, Sighting[]>();
  const totals = new Set<string>();
  let totalPages = 1;
  let last: Exchange | undefined;
  let page = 1;
  for (; page <= Math.min(totalPages, READ_CAP); page += 1) {
    const exchange = await client.call(route, {
      path,
      query: { ...query, page, limit: READ_LIMIT },
      ...(headers ? { headers } : {}),
    });
    expectStatus(exchange, 200);
    expectSchema(world.spec, withOwnItems(exchange, route, ours));
    last = exchange;
    const body = bodyOf(exchange);
    totals.add(JSON.stringify(body[total] ?? 0));
    if (page === 1) totalPages = Number.isFinite(Number(body.totalPages)) ? Number(body.totalPages) : 1;
    for (const item of objectsIn(body, items)) {
      const id = item[key];
      if (typeof id !== 'string') continue;
      seen.set(id, [...(seen.get(id) ?? []), { item, exchange }]);
    }
  }
  if (last === undefined) throw new Error('readView: no page read');
  return { route, seen, whole: page > totalPages && totals.size === 1, last };
}

export interface Judged {
  /** What the view is, for messages ("the list under isPublic=public, os=android"). */
  what: string;
  /** What the document says the view holds, for a missing or unexpected item. */
  documented: string;
  /** The identity of each of the run's resources by model number: live, deleted, transferred. */
  ids: {
    live: (n: number) => string;
    deleted: (n: number) => string | undefined;
    transferred: (n: number) => string | undefined;
  };
  /** Names each resource in a message (`assistant#2`). */
  label: (n: number) => string;
  /** Records, as coverage, what could not be judged (a view not read whole). */
  cover: (value: string) => void;
}

/**
 * Judges a view read against a projection: an `absent` resource sighted fails; a `present` one
 * not sighted fails when the view was read whole (else it is recorded); any of the run's resources
 * sighted twice fails when the view was read whole. Returns the sightings of the live resources
 * found (present or open), for the caller to compare their fields.
 */
export function judgeView(read: ViewRead, projection: Projection, judged: Judged): Map<number, Sighting> {
  const found = new Map<number, Sighting>();
  const judge = (n: number, id: string | undefined, expected: Expected, live: boolean) => {
    if (id === undefined) return;
    const sightings = read.seen.get(id) ?? [];
    if (expected === 'absent' && sightings.length > 0)
      throw new ConformanceFailure(
        `Received: ${judged.label(n)} in ${judged.what} / Documented: ${judged.documented}`,
        sightings[0]!.exchange,
      );
    if (sightings.length > 1 && read.whole)
      throw new ConformanceFailure(
        `Received: ${judged.label(n)} ${sightings.length} times in ${judged.what} / Documented: each item once`,
        sightings[1]!.exchange,
      );
    if (expected === 'present' && sightings.length === 0) {
      if (!read.whole) {
        judged.cover(
          `${judged.what}: not read whole (a cap, or another client at work); what was not found is not judged`,
        );
        return;
      }
      throw new ConformanceFailure(
        `Received: ${judged.label(n)} not in ${judged.what} / Documented: ${judged.documented}`,
        read.last,
      );
    }
    if (live && sightings.length > 0) found.set(n, sightings[0]!);
  };
  for (const [n, expected] of projection.live) judge(n, judged.ids.live(n), expected, true);
  for (const [n, expected] of projection.deleted) judge(n, judged.ids.deleted(n), expected, false);
  for (const [n, expected] of projection.transferred) judge(n, judged.ids.transferred(n), expected, false);
  return found;
}

/** The values as a sorted list of strings, or undefined when not an array (for a same-members check). */
export function members(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.map(String).sort() : undefined;
}

/** A query as a message reads it. */
export function describeQuery(query: Record<string, QueryValue | undefined>, origin = false): string {
  const parts = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${String(value)}`);
  if (origin) parts.push('with a browser Origin header');
  return parts.length > 0 ? parts.join(', ') : 'no filter';
}
