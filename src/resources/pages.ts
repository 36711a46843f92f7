import { ConformanceFailure } from '../expect/failure.ts';
import { WALK_TRIES, type PageWalk, type WalkedPage } from '../expect/page-walk.ts';
import { expectStatus } from '../expect/status.ts';
import type { ApiClient, QueryValue } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { bodyOf, objectsIn, type JsonObject } from '../http/json.ts';
import type { Listing } from './kinds/kind.ts';
import { COLLECTIONS, type CollectionOperation } from './kinds/registry.ts';

export interface CollectOptions {
  query?: Record<string, QueryValue>;
  /** Path parameters (the vestigial `sessionId` / `userId`); a fixed value by default. */
  path?: Record<string, string>;
  headers?: Record<string, string>;
  /** Called with every page's exchange after its 200 was checked (e.g. to validate its schema). */
  onPage?: (exchange: Exchange) => void;
  /** Page size asked for (default 200); the server may give fewer. */
  limit?: number;
  /** Stop early once this returns true for the items gathered so far. */
  until?: (items: readonly JsonObject[]) => boolean;
  /** A guard against a server whose `totalPages` never ends. */
  maxPages?: number;
}

interface Collected {
  items: JsonObject[];
  pages: number;
}

function pageCount(body: JsonObject): number {
  const total = Number(body.totalPages);
  return Number.isFinite(total) ? total : 1;
}

async function collect(
  client: ApiClient,
  operationId: string,
  collection: Listing,
  options: CollectOptions,
): Promise<Collected> {
  const limit = options.limit ?? 200;
  const maxPages = options.maxPages ?? 200;
  const items: JsonObject[] = [];
  for (let page = 1; page <= maxPages; page += 1) {
    const exchange = await client.call(operationId, {
      path: { ...collection.path, ...options.path },
      query: { ...options.query, page, limit },
      ...(options.headers ? { headers: options.headers } : {}),
    });
    expectStatus(exchange, 200);
    options.onPage?.(exchange);
    const body = bodyOf(exchange);
    const found = objectsIn(body, collection.items);
    items.push(...found);
    if (options.until?.(items) || found.length === 0 || page >= pageCount(body))
      return { items, pages: page };
  }
  throw new ConformanceFailure(
    `Received: more than ${maxPages} pages of ${operationId} / Documented: a finite, paginated list`,
    undefined,
  );
}

/**
 * Every item of a paginated collection, page by page until `totalPages` (the plugin routes'
 * empty-result shape, without a `plugin` key, reads as no items). A page that is not a 200 is a
 * failure of the implementation, reported with its exchange.
 */
export async function collectPages(
  client: ApiClient,
  operationId: CollectionOperation,
  options: CollectOptions = {},
): Promise<JsonObject[]> {
  return (await collect(client, operationId, COLLECTIONS[operationId], options)).items;
}

/** {@link collectPages} for a listing a resource kind describes (cleanup's scan of any kind). */
export async function collectListed(
  client: ApiClient,
  operationId: string,
  listing: Listing,
  options: CollectOptions = {},
): Promise<JsonObject[]> {
  return (await collect(client, operationId, listing, options)).items;
}

export interface FindResult {
  /** The wanted identities that were found. */
  found: Set<string>;
  /** Each found item by identity. */
  items: Map<string, JsonObject>;
}

/**
 * Looks for particular assistants (by `customPersonaId`) or plugins (by `title`) in a collection.
 * Other clients may delete their own items while the pages are read, which shifts later items one
 * page up; a wanted item missed that way is looked for again, up to WALK_TRIES passes in all,
 * before it counts as absent.
 */
export async function findInCollection(
  client: ApiClient,
  operationId: CollectionOperation,
  key: 'customPersonaId' | 'title',
  wanted: readonly string[],
  options: Omit<CollectOptions, 'until'> = {},
): Promise<FindResult> {
  const items = new Map<string, JsonObject>();
  const want = new Set(wanted);
  const allFound = (gathered: readonly JsonObject[]) =>
    [...want].every((id) => items.has(id) || gathered.some((item) => item[key] === id));
  for (let pass = 0; pass < WALK_TRIES; pass += 1) {
    const { items: seen, pages } = await collect(client, operationId, COLLECTIONS[operationId], {
      ...options,
      until: allFound,
    });
    for (const item of seen) {
      const id = item[key];
      if (typeof id === 'string' && want.has(id)) items.set(id, item);
    }
    if (items.size === want.size || pages <= 1) break;
  }
  return { found: new Set(items.keys()), items };
}

export interface WalkOptions {
  query?: Record<string, QueryValue>;
  /** The identity each item is known by (`customPersonaId`, `title`). */
  key: 'customPersonaId' | 'title';
  /** The page size asked for; undefined sends none (the route's documented default is in force). */
  limit: number | undefined;
  /** The most pages read: page 1's `totalPages` may be large on a real account. */
  cap: number;
  /** Called with every page's exchange after its 200 was checked (schema, page arithmetic). */
  onPage?: (exchange: Exchange, page: number) => void;
  headers?: Record<string, string>;
}

/**
 * Reads pages 1 … `totalPages` (as page 1 reports it, at most `cap`) of a collection with a fixed
 * page size, recording the identities on each page, for `expectEachOnce`. Unlike `collectPages` it
 * never stops early on an empty page: an empty page before the last is part of what is judged.
 */
export async function walkPages(
  client: ApiClient,
  operationId: CollectionOperation,
  options: WalkOptions,
): Promise<PageWalk> {
  const collection = COLLECTIONS[operationId];
  const pages: WalkedPage[] = [];
  let totalPages = 1;
  for (let page = 1; page <= Math.min(totalPages, options.cap); page += 1) {
    const exchange = await client.call(operationId, {
      path: collection.path,
      query: { ...options.query, page, ...(options.limit !== undefined ? { limit: options.limit } : {}) },
      ...(options.headers ? { headers: options.headers } : {}),
    });
    expectStatus(exchange, 200);
    options.onPage?.(exchange, page);
    const body = bodyOf(exchange);
    if (page === 1) totalPages = pageCount(body);
    pages.push({
      page,
      exchange,
      identities: objectsIn(body, collection.items).map((item) => item[options.key]),
      total: body[collection.total],
    });
  }
  return { pages, totalPages, cap: options.cap };
}
