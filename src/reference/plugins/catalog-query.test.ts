import { describe, expect, it } from 'vitest';
import { queryCatalog } from './catalog-query.ts';
import type { PluginDoc } from './store.ts';

const docs = ['a', 'B', 'c', 'D', 'e'].map((title) => ({ title }) as PluginDoc);
const upper = { keep: (doc: PluginDoc) => doc.title === doc.title.toUpperCase() };
const titles = (items: PluginDoc[]) => items.map((doc) => doc.title);

describe('queryCatalog', () => {
  it('filters, then cuts the page and counts the matches', () => {
    const { matched, page } = queryCatalog(docs, [upper], { page: 2, limit: 1 });
    expect([titles(matched), titles(page.items), page.total, page.totalPages, page.page]).toEqual([
      ['B', 'D'],
      ['D'],
      2,
      2,
      2,
    ]);
  });
  it('a late filter (planted fault) cuts the page first: items go missing, the count stays', () => {
    const { page } = queryCatalog(docs, [{ ...upper, late: true }], { page: 1, limit: 1 });
    expect([titles(page.items), page.total]).toEqual([[], 2]);
  });
  it('a countAs condition (planted fault) changes the total and totalPages, not the items', () => {
    const { page } = queryCatalog(docs, [{ ...upper, countAs: () => true }], { page: 1, limit: 2 });
    expect([titles(page.items), page.total, page.totalPages]).toEqual([['B', 'D'], 5, 3]);
  });
});
