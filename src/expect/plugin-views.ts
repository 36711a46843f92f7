import { expect } from 'vitest';
import { expectNotEncoded, expectNotPlaintext } from './ciphertext.ts';
import { ConformanceFailure } from './failure.ts';
import { expectPageArithmetic } from './list-page.ts';
import { WALK_TRIES, type PageWalk } from './page-walk.ts';
import { expectSchema } from './schema.ts';
import { expectStatus } from './status.ts';
import type { Spec } from '../spec/openapi.ts';
import type { ApiClient, QueryValue } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { bodyOf, objectsIn, type JsonObject } from '../http/json.ts';

/*
 * Reading every view of a plugin history (suites/plugins/history.test.ts and
 * suites/accounts/plugin-catalogs.test.ts): what was last written, and how each list, search and
 * page must show it. Only what the document states is judged.
 */

/** What the run last wrote to one plugin, as the views must show it. */
export interface Written {
  title: string;
  name: string;
  human_description: string;
  isPublic: boolean;
  tags: string[];
  os: string[];
  /** Every func_run and func_schema ever sent for this title: none may come back in clear or encoded. */
  code: string[];
  /** Title starts with the run's word and name, descriptions and one tag are the word: any search for it finds the plugin once published. */
  searchable: boolean;
}

export type Catalog = 'listPlugins' | 'searchPlugins';

/**
 * Each catalog read at its documented default page size (LIM-11, LIM-12): the document states no
 * maximum, so a server may cap larger sizes, but never below its own default.
 */
const PAGE_SIZE: Record<Catalog, number> = { listPlugins: 50, searchPlugins: 20 };
/** The vestigial userId segment of the list: any non-empty value. */
const USER_ID = 'conformance';
const MAX_PAGES = 100;

export interface Scan {
  /** Items by title, as first met. */
  items: Map<string, JsonObject>;
  /** The exchange each title was met on. */
  pages: Map<string, Exchange>;
  last: Exchange;
  /** Every page read, up to totalPages, with one total throughout: the items count can be judged. */
  settled: boolean;
  total: number;
  count: number;
}

/** The plugin routes' normal result (the empty-result shape carries no plugin key). */
const isNormal = (exchange: Exchange): boolean => 'plugin' in bodyOf(exchange);

/**
 * Every page of a list or search (at the route's default size), each a 200 of the documented schema whose page
 * arithmetic holds (currentPage as asked, totalPages = ⌈total / limit⌉, as many items as remain).
 */
export async function scan(
  client: ApiClient,
  spec: Spec,
  operationId: Catalog,
  query: Record<string, QueryValue>,
): Promise<Scan> {
  const items = new Map<string, JsonObject>();
  const pages = new Map<string, Exchange>();
  const totals = new Set<string>();
  let count = 0;
  let last: Exchange | undefined;
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const exchange = await client.call(operationId, {
      ...(operationId === 'listPlugins' ? { path: { userId: USER_ID } } : {}),
      query: { ...query, page, limit: PAGE_SIZE[operationId] },
    });
    expectStatus(exchange, 200);
    expectSchema(spec, exchange);
    last = exchange;
    const body = bodyOf(exchange);
    if (!isNormal(exchange)) {
      totals.add('0');
      break;
    }
    expectPageArithmetic(exchange, {
      items: 'plugin',
      total: 'totalPlugins',
      limit: PAGE_SIZE[operationId],
      page,
    });
    totals.add(String(Number(body.totalPlugins)));
    const found = objectsIn(body, 'plugin');
    count += found.length;
    for (const item of found) {
      const title = String(item.title);
      if (!items.has(title)) {
        items.set(title, item);
        pages.set(title, exchange);
      }
    }
    if (found.length === 0 || page >= Number(body.totalPages)) break;
  }
  const total = Number([...totals][0] ?? 0);
  return { items, pages, last: last!, settled: totals.size === 1, total, count };
}

/**
 * `scan`, read again (up to WALK_TRIES scans) while one of `wanted` is missing. A catalog the run's
 * other check files also write to (and on a real deployment, the whole platform's public plugins)
 * can lose an item between two page reads: a delete on an earlier page shifts it up past the page
 * boundary unseen. A plugin missing from every scan is the implementation's doing.
 */
export async function scanShowing(
  client: ApiClient,
  spec: Spec,
  operationId: Catalog,
  query: Record<string, QueryValue>,
  wanted: readonly string[],
): Promise<Scan> {
  let result = await scan(client, spec, operationId, query);
  for (
    let attempt = 1;
    attempt < WALK_TRIES && wanted.some((title) => !result.items.has(title));
    attempt += 1
  )
    result = await scan(client, spec, operationId, query);
  return result;
}

const sorted = (values: unknown): string[] => (Array.isArray(values) ? values.map(String).sort() : []);

/** A list item shows the documented list fields as last written, and the code only encrypted. */
export function expectListedAsWritten(
  exchange: Exchange,
  item: JsonObject,
  written: Written,
  where: string,
): void {
  expect(
    { name: item.name, isPublic: item.isPublic, tags: sorted(item.tags), os: sorted(item.os) },
    `${written.title} ${where}: name, isPublic, tags and os as last written`,
  ).toEqual({
    name: written.name,
    isPublic: written.isPublic,
    tags: [...written.tags].sort(),
    os: [...written.os].sort(),
  });
  expectCodeSealed(exchange, item, written);
}

/** func_run and func_schema, where an item carries them, are none of the texts ever sent, nor one encoded. */
export function expectCodeSealed(exchange: Exchange, item: JsonObject, written: Written): void {
  for (const field of ['func_run', 'func_schema'])
    for (const plaintext of written.code) {
      expectNotPlaintext(exchange, item, field, plaintext);
      expectNotEncoded(exchange, item, field, plaintext);
    }
}

/** None of `titles` is in the view: `documented` says why. */
export function expectNone(scan: Scan, titles: Iterable<string>, what: string, documented: string): void {
  for (const title of titles)
    if (scan.items.has(title))
      throw new ConformanceFailure(
        `Received: ${title} in ${what} / Documented: ${documented}`,
        scan.pages.get(title),
      );
}

/** A settled scan of a query only the run's plugins match holds as many items as it counts. */
export function expectCounted(scan: Scan, what: string): void {
  if (scan.settled && scan.count !== scan.total)
    throw new ConformanceFailure(
      `Received: ${scan.count} items on the pages of ${what}, whose totalPlugins is ${scan.total} / Documented: totalPlugins counts the matches`,
      scan.last,
    );
}

/** Every page of a walk holds what its page and size leave (the empty-result shape excepted). */
export function pageArithmetic(spec: Spec, limit: number) {
  return (exchange: Exchange, page: number) => {
    expectSchema(spec, exchange);
    if (isNormal(exchange))
      expectPageArithmetic(exchange, { items: 'plugin', total: 'totalPlugins', limit, page });
  };
}

/** A walk of every page, its total the same on each, holds as many items as that total. */
export function expectWalkCounted(walk: PageWalk, what: string): void {
  const totals = new Set(walk.pages.map((page) => String(Number(page.total ?? 0))));
  if (totals.size !== 1 || walk.pages.length < walk.totalPages) return;
  const walked = walk.pages.reduce((sum, page) => sum + page.identities.length, 0);
  const total = Number(walk.pages[0]!.total ?? 0);
  if (walked !== total)
    throw new ConformanceFailure(
      `Received: ${walked} items on pages 1-${walk.pages.length} of ${what}, whose totalPlugins is ${total} / Documented: totalPlugins counts the matches, every one on a page`,
      walk.pages[walk.pages.length - 1]!.exchange,
    );
}
