import { describe, expect, it } from 'vitest';
import { answered } from '../testing/exchanges.ts';
import type { Exchange } from '../http/exchange.ts';
import { ConformanceFailure } from './failure.ts';
import { expectTitleFilter, titleMatch } from './voice-title.ts';

function answer(...titles: string[]): Exchange {
  const json = { status: true, message: 'ok', data: titles.map((title, i) => ({ _id: String(i), title })) };
  const url = 'http://127.0.0.1/api/v1/users/get_voice_clone';
  return answered(200, json, { operationId: 'listVoices', method: 'GET', url });
}

describe('titleMatch', () => {
  it('tells an equal title from one equal but for case, and from anything else', () => {
    expect(titleMatch('Ava', 'Ava')).toBe('exact');
    expect(titleMatch('Ava', 'aVA')).toBe('case');
    expect(titleMatch('Lucía', 'LUCÍA')).toBe('case');
    expect(titleMatch('Ava', 'Av')).toBeUndefined();
    expect(titleMatch('Ava', 'va')).toBeUndefined();
    expect(titleMatch(undefined, 'Ava')).toBeUndefined();
  });
});

describe('expectTitleFilter', () => {
  it('passes the case-sensitive reading and records no case folding', () => {
    expect(expectTitleFilter(answer('Ava'), 'Ava')).toEqual({ caseFolded: false });
    expect(expectTitleFilter(answer(), 'aVA')).toEqual({ caseFolded: false });
  });

  it('passes the case-insensitive reading and records it', () => {
    expect(expectTitleFilter(answer('Ava'), 'aVA')).toEqual({ caseFolded: true });
  });

  it('fails a prefix or substring match', () => {
    expect(() => expectTitleFilter(answer('Ava'), 'Av')).toThrow(ConformanceFailure);
    expect(() => expectTitleFilter(answer('Ava'), 'va')).toThrow(/titled "Ava" for title "va"/);
  });

  it('fails a filter that is ignored (the whole catalog for one title)', () => {
    expect(() => expectTitleFilter(answer('Ava', 'Noah', 'Claire'), 'Ava')).toThrow(ConformanceFailure);
  });
});
