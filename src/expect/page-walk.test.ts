import { describe, expect, it } from 'vitest';
import { answered } from '../testing/exchanges.ts';
import type { Exchange } from '../http/exchange.ts';
import { ConformanceFailure } from './failure.ts';
import { expectEachOnce, judgeWalks, WALK_TRIES, type PageWalk } from './page-walk.ts';

function exchange(page: number): Exchange {
  const url = `http://127.0.0.1/api/v1/x?page=${page}`;
  return answered(200, {}, { operationId: 'searchPersonas', label: `searchPersonas — page ${page}`, url });
}

/** A walk over the given pages of identities; every page reports `total` unless `totals` says otherwise. */
function walk(
  pages: string[][],
  options: { totalPages?: number; cap?: number; totals?: unknown[] } = {},
): PageWalk {
  const total = pages.flat().length;
  return {
    pages: pages.map((identities, i) => ({
      page: i + 1,
      exchange: exchange(i + 1),
      identities,
      total: options.totals?.[i] ?? total,
    })),
    totalPages: options.totalPages ?? pages.length,
    cap: options.cap ?? 25,
  };
}

const WANTED = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

describe('expectEachOnce', () => {
  it('passes a complete walk where every wanted item is on one page, among others', () => {
    const pages = [
      ['a', 'x', 'b'],
      ['c', 'd', 'y'],
      ['e', 'f', 'g'],
    ];
    expect(expectEachOnce(walk(pages), WANTED)).toEqual({ outcome: 'complete' });
  });

  it('passes whatever the order of the items', () => {
    const pages = [['g', 'e', 'c'], ['a', 'f', 'b'], ['d']];
    expect(expectEachOnce(walk(pages), WANTED)).toEqual({ outcome: 'complete' });
  });

  it('fails an item repeated from the previous page while sizes and totals stay right', () => {
    const pages = [['a', 'b', 'c'], ['c', 'e', 'f'], ['g']];
    expect(() => expectEachOnce(walk(pages, { totals: [7, 7, 7] }), WANTED)).toThrow(
      /Received: c 2 times, on pages 1, 2/,
    );
  });

  it('fails an item listed twice on one page', () => {
    const pages = [
      ['a', 'a', 'b'],
      ['c', 'd', 'e'],
      ['f', 'g'],
    ];
    expect(() => expectEachOnce(walk(pages), WANTED)).toThrow(ConformanceFailure);
  });

  it('fails an item on no page once every page was read', () => {
    const pages = [['a', 'b', 'c'], ['e', 'f', 'g'], []];
    expect(() => expectEachOnce(walk(pages, { totals: [7, 7, 7] }), WANTED)).toThrow(
      /1 of the 7 items on none of pages 1-3 \(d\)/,
    );
  });

  it('returns the items a capped walk did not reach instead of failing them', () => {
    const pages = [
      ['x', 'a', 'b'],
      ['c', 'y', 'z'],
    ];
    const verdict = expectEachOnce(walk(pages, { totalPages: 40, cap: 2, totals: [120, 120] }), WANTED);
    expect(verdict).toEqual({ outcome: 'capped', unreached: ['d', 'e', 'f', 'g'] });
  });

  it('still fails a duplicate within a capped walk', () => {
    const pages = [
      ['x', 'a', 'b'],
      ['b', 'y', 'z'],
    ];
    expect(() => expectEachOnce(walk(pages, { totalPages: 40, cap: 2, totals: [120, 120] }), WANTED)).toThrow(
      ConformanceFailure,
    );
  });

  it('judges nothing when the total moved between pages (someone else changed the collection)', () => {
    const pages = [
      ['a', 'b', 'c'],
      ['c', 'd', 'e'],
      ['f', 'g'],
    ];
    expect(expectEachOnce(walk(pages, { totals: [7, 8, 8] }), WANTED)).toEqual({
      outcome: 'changed',
      totals: ['7', '8'],
    });
  });

  it('reads a numeric-string total (plugin routes) as the same total', () => {
    const pages = [['a', 'b', 'c'], ['d', 'e', 'f'], ['g']];
    expect(expectEachOnce(walk(pages, { totals: ['7', '7', '7'] }), WANTED)).toEqual({
      outcome: 'complete',
    });
  });
});

describe('judgeWalks', () => {
  const moving = walk(
    [
      ['a', 'b', 'c'],
      ['c', 'd', 'e'],
      ['f', 'g'],
    ],
    { totals: [7, 8, 8] },
  );
  // A delete and a create between two page reads: the total holds, an item shows twice.
  const shifted = walk([
    ['a', 'b', 'c'],
    ['c', 'd', 'e'],
    ['f', 'g'],
  ]);
  const clean = walk([['a', 'b', 'c'], ['d', 'e', 'f'], ['g']]);
  const reader = (walks: PageWalk[]) => {
    let reads = 0;
    return {
      read: async () => walks[Math.min(reads++, walks.length - 1)]!,
      reads: () => reads,
    };
  };

  it('records, without failing, a walk another client kept changing on a shared collection', async () => {
    const seen: string[] = [];
    const r = reader([moving]);
    const result = await judgeWalks(r.read, WANTED, { isolated: false, cover: (v) => seen.push(v) });
    expect(result.judged).toBe(false);
    expect(r.reads()).toBe(WALK_TRIES);
    expect(seen).toEqual([expect.stringMatching(/changed while its pages were read/)]);
  });

  it('judges the first clean walk of a shared collection after one that shifted', async () => {
    const seen: string[] = [];
    const r = reader([shifted, clean]);
    const result = await judgeWalks(r.read, WANTED, { isolated: false, cover: (v) => seen.push(v) });
    expect(result).toEqual({ walk: clean, judged: true });
    expect(r.reads()).toBe(2);
    expect(seen).toEqual([]);
  });

  it('fails a shared collection only when every walk shows the defect', async () => {
    const r = reader([shifted]);
    await expect(judgeWalks(r.read, WANTED, { isolated: false, cover: () => {} })).rejects.toThrow(
      /c 2 times, on pages 1, 2 \(in each of 3 walks\) \/ Documented: a paginated collection/,
    );
    expect(r.reads()).toBe(WALK_TRIES);
  });

  it('judges a shift that is not settled by a later change as not judged', async () => {
    const seen: string[] = [];
    const result = await judgeWalks(reader([shifted, moving]).read, WANTED, {
      isolated: false,
      cover: (v) => seen.push(v),
    });
    expect(result.judged).toBe(false);
    expect(seen).toEqual([expect.stringMatching(/changed while its pages were read/)]);
  });

  it("fails at once where only the check's own items match: a moving total, an item twice", async () => {
    await expect(
      judgeWalks(reader([moving]).read, WANTED, { isolated: true, cover: () => {} }),
    ).rejects.toThrow(/a total of 7, then 8/);
    const r = reader([shifted, clean]);
    await expect(judgeWalks(r.read, WANTED, { isolated: true, cover: () => {} })).rejects.toThrow(
      /c 2 times/,
    );
    expect(r.reads()).toBe(1);
  });

  it('walks again when an item that may be absent shows twice, and fails it when it always does', async () => {
    const twice = walk([['a', 'b', 'c', 'x'], ['x', 'd', 'e', 'f'], ['g']]);
    const withX = walk([
      ['a', 'b', 'c', 'x'],
      ['d', 'e', 'f', 'g'],
    ]);
    const judgement = { isolated: false, cover: () => {}, atMostOnce: ['x', 'y'] };
    expect(await judgeWalks(reader([twice, withX]).read, WANTED, judgement)).toEqual({
      walk: withX,
      judged: true,
    });
    await expect(judgeWalks(reader([twice]).read, WANTED, judgement)).rejects.toThrow(/x 2 times/);
  });

  it('does not call a walk judged whole when the cap stopped it after every wanted item was found', async () => {
    const early = walk([['a', 'b', 'c', 'd', 'e', 'f', 'g']], { totalPages: 3, cap: 1, totals: [20] });
    expect(await judgeWalks(reader([early]).read, WANTED, { isolated: true, cover: () => {} })).toEqual({
      walk: early,
      judged: false,
    });
  });

  it('records a capped walk as coverage and nothing for a complete one', async () => {
    const seen: string[] = [];
    const capped = walk([['x', 'a', 'b']], { totalPages: 9, cap: 1, totals: [27] });
    await judgeWalks(reader([capped]).read, WANTED, { isolated: false, cover: (v) => seen.push(v) });
    await judgeWalks(reader([clean]).read, WANTED, { isolated: true, cover: (v) => seen.push(v) });
    expect(seen).toEqual([expect.stringMatching(/stopped at its cap of 1 pages/)]);
  });
});
