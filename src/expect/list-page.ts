import type { Exchange } from '../http/exchange.ts';
import { ConformanceFailure } from './failure.ts';
import { expectResponse } from './status.ts';

export interface PageExpectation {
  /** The collection key (`allPersonas`, `plugin`). */
  items: string;
  /** The total key (`totalPersonas`, `totalPlugins`). */
  total: string;
  /** The page size in force: the one asked for, or the documented default. */
  limit: number;
  /** The page in force: the one asked for, or the documented default 1. */
  page: number;
}

function count(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/**
 * A page is consistent with the page size and page in force: `currentPage` is the page,
 * `totalPages` is the total divided by the page size rounded up (0 or 1 when nothing matches, which
 * the document does not settle), and the page holds as many items as remain, up to the page size.
 * Totals of the plugin routes have no stated type, so numeric strings are read as numbers.
 */
export function expectPageArithmetic(exchange: Exchange, expected: PageExpectation): void {
  const json = expectResponse(exchange).json as Record<string, unknown> | undefined;
  const body = json ?? {};
  const items = body[expected.items];
  const total = count(body[expected.total]);
  const totalPages = count(body.totalPages);
  const currentPage = count(body.currentPage);
  const fail = (what: string): never => {
    throw new ConformanceFailure(
      `Received: ${what} / Documented: page ${expected.page} of size ${expected.limit}`,
      exchange,
    );
  };
  if (!Array.isArray(items)) return fail(`no ${expected.items} array`);
  if (total === undefined) return fail(`${expected.total} ${JSON.stringify(body[expected.total])}`);
  if (totalPages === undefined) return fail(`totalPages ${JSON.stringify(body.totalPages)}`);
  if (currentPage !== expected.page) return fail(`currentPage ${JSON.stringify(body.currentPage)}`);
  const pages = Math.ceil(total / expected.limit);
  if (total === 0 ? totalPages > 1 : totalPages !== pages) {
    return fail(`totalPages ${totalPages} for ${total} items (expected ${pages})`);
  }
  const remaining = Math.max(0, Math.min(expected.limit, total - (expected.page - 1) * expected.limit));
  if (items.length !== remaining)
    return fail(`${items.length} items on the page of ${total} (expected ${remaining})`);
}
