import { paginate, type Page } from '../http/pagination.ts';
import type { Paging } from '../http/query.ts';
import type { PluginDoc } from './store.ts';

/** One condition of a list or search (visibility, status, platform, term). */
export interface CatalogFilter {
  keep: (doc: PluginDoc) => boolean;
  /** Planted faults: the condition applied to the page after it was cut. */
  late?: boolean;
  /** Planted faults: the condition the count uses instead of `keep`. */
  countAs?: (doc: PluginDoc) => boolean;
}

/** Planted faults of how a page is cut and counted (history-faults.ts decides them). */
export interface PagingFaults {
  /** Where page n starts; correctly (n - 1) × limit. */
  start?: (page: number, limit: number) => number;
  /** Plugins counted beside the matches. */
  alsoCounted?: readonly PluginDoc[];
  totalPages?: (total: number, limit: number) => number;
  currentPage?: (page: number) => number;
}

export interface CatalogAnswer {
  matched: PluginDoc[];
  page: Page<PluginDoc>;
}

/** Every candidate that passes every filter, and the page asked for of them. */
export function queryCatalog(
  candidates: readonly PluginDoc[],
  filters: readonly CatalogFilter[],
  paging: Paging,
  faults: PagingFaults = {},
): CatalogAnswer {
  const passes = (doc: PluginDoc) => filters.every((f) => f.keep(doc));
  const matched = candidates.filter(passes);
  const page = paginate(matched, paging.page, paging.limit);
  if (filters.some((f) => f.late)) {
    const pool = candidates.filter((doc) => filters.every((f) => f.late === true || f.keep(doc)));
    page.items = paginate(pool, paging.page, paging.limit).items.filter(passes);
  }
  if (faults.start) {
    const start = Math.max(0, faults.start(paging.page, paging.limit));
    page.items = matched.slice(start, start + paging.limit);
  }
  const counted = filters.some((f) => f.countAs)
    ? candidates.filter((doc) => filters.every((f) => (f.countAs ?? f.keep)(doc)))
    : matched;
  const total = counted.length + (faults.alsoCounted?.length ?? 0);
  if (total !== page.total) page.totalPages = Math.ceil(total / paging.limit);
  page.total = total;
  if (faults.totalPages) page.totalPages = faults.totalPages(total, paging.limit);
  if (faults.currentPage) page.page = faults.currentPage(paging.page);
  return { matched, page };
}
