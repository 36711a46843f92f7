import { describe, expect, it } from 'vitest';
import { answered } from '../testing/exchanges.ts';
import type { Exchange } from '../http/exchange.ts';
import type { PageWalk } from './page-walk.ts';
import { ConformanceFailure } from './failure.ts';
import { expectCodeSealed, expectWalkCounted, type Written } from './plugin-views.ts';

const exchange: Exchange = answered(200, {}, { operationId: 'listPlugins', label: 'listPlugins' });

function walk(pages: string[][], total: number, totalPages = pages.length): PageWalk {
  return {
    pages: pages.map((identities, i) => ({ page: i + 1, exchange, identities, total })),
    totalPages,
    cap: 25,
  };
}

const RUN = 'def _run(self, city):\n    return {"city": city}\n';
const written: Written = {
  title: 't',
  name: 'n',
  human_description: 'd',
  isPublic: true,
  tags: [],
  os: ['nt'],
  code: [RUN],
  searchable: false,
};

describe('expectWalkCounted', () => {
  it('passes a complete walk holding as many items as its total', () => {
    expect(() => expectWalkCounted(walk([['a', 'b'], ['c']], 3), 'the list')).not.toThrow();
  });
  it('fails a complete walk holding fewer items than its total (a count ignoring a filter)', () => {
    expect(() => expectWalkCounted(walk([['a', 'b'], ['c']], 4), 'the list')).toThrow(ConformanceFailure);
  });
  it('judges nothing when the walk stopped before totalPages or the total moved', () => {
    expect(() => expectWalkCounted(walk([['a', 'b']], 9, 5), 'the list')).not.toThrow();
    const moved = walk([['a'], ['b']], 2);
    const pages = [moved.pages[0]!, { ...moved.pages[1]!, total: 3 }];
    expect(() => expectWalkCounted({ ...moved, pages }, 'the list')).not.toThrow();
  });
});

describe('expectCodeSealed', () => {
  it('passes ciphertext and an item without the code', () => {
    expect(() => expectCodeSealed(exchange, { func_run: 'a1b2:c3d4:e5f6' }, written)).not.toThrow();
    expect(() => expectCodeSealed(exchange, {}, written)).not.toThrow();
  });
  it('fails code in clear or merely base64-encoded', () => {
    expect(() => expectCodeSealed(exchange, { func_run: RUN }, written)).toThrow(ConformanceFailure);
    const encoded = Buffer.from(RUN).toString('base64');
    expect(() => expectCodeSealed(exchange, { func_run: encoded }, written)).toThrow(ConformanceFailure);
  });
});
