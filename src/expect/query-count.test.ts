import { describe, expect, it } from 'vitest';
import { answered } from '../testing/exchanges.ts';
import type { Exchange } from '../http/exchange.ts';
import { ConformanceFailure, ConformanceWarning } from './failure.ts';
import { expectDocumentReturned, expectResultCount, judgeAboveMaximum } from './query-count.ts';

const KB = '6f1c1f43-2a4b-4c1e-9d55-0b7e3c1a2f10';

function exchange(status: number, json: unknown): Exchange {
  const url = `http://127.0.0.1/api/v1/kb/${KB}/query`;
  return answered(status, json, { operationId: 'queryKnowledgeBase', url });
}

function answer(count: number): Exchange {
  const results = Array.from({ length: count }, (_, n) => ({
    text: `chunk ${n}`,
    score: 1,
    docTitle: 'Survey',
    docId: KB,
    chunkIndex: 0,
  }));
  return exchange(200, { status: 'ok', kbId: KB, results });
}

describe('expectResultCount', () => {
  it('accepts exactly topK results where at least topK chunks hold the query verbatim', () => {
    expect(() => expectResultCount(answer(5), 5, { topK: undefined, verbatimChunks: 22 })).not.toThrow();
    expect(() => expectResultCount(answer(20), 20, { topK: 20, verbatimChunks: 22 })).not.toThrow();
    expect(() => expectResultCount(answer(1), 1, { topK: 1, verbatimChunks: 22 })).not.toThrow();
  });

  it('fails fewer than topK results where more chunks hold the query verbatim (a cut-off cannot explain it)', () => {
    expect(() => expectResultCount(answer(19), 19, { topK: 20, verbatimChunks: 22 })).toThrow(
      /Received: 19 results for topK 20, with 22 chunks holding the query verbatim/,
    );
    expect(() => expectResultCount(answer(4), 4, { topK: undefined, verbatimChunks: 22 })).toThrow(
      ConformanceFailure,
    );
  });

  it('fails more than topK results, whatever the base holds', () => {
    expect(() => expectResultCount(answer(6), 6, { topK: undefined, verbatimChunks: 22 })).toThrow(
      /Received: 6 results for no topK \(default 5\)/,
    );
    expect(() => expectResultCount(answer(3), 3, { topK: 2, verbatimChunks: 1 })).toThrow(ConformanceFailure);
  });

  it('asks no more than the chunks holding the query verbatim: more results may come from weaker matches', () => {
    expect(() => expectResultCount(answer(1), 1, { topK: 5, verbatimChunks: 1 })).not.toThrow();
    expect(() => expectResultCount(answer(4), 4, { topK: 5, verbatimChunks: 1 })).not.toThrow();
    expect(() => expectResultCount(answer(0), 0, { topK: 5, verbatimChunks: 1 })).toThrow(ConformanceFailure);
  });
});

describe('expectDocumentReturned', () => {
  it('passes when the document holding the query is among the results, in any place', () => {
    expect(() =>
      expectDocumentReturned(answer(2), ['other', 'mine'], 'mine', { topK: 20, baseChunks: 2 }),
    ).not.toThrow();
  });

  it('fails when it is missing although topK leaves room for every chunk of the base', () => {
    expect(() => expectDocumentReturned(answer(0), [], 'mine', { topK: 20, baseChunks: 2 })).toThrow(
      /Received: results from no document/,
    );
    expect(() =>
      expectDocumentReturned(answer(1), ['other'], 'mine', { topK: undefined, baseChunks: 2 }),
    ).toThrow(ConformanceFailure);
  });

  it('refuses to judge a base with more chunks than topK (the document could rank out)', () => {
    expect(() => expectDocumentReturned(answer(0), [], 'mine', { topK: 5, baseChunks: 6 })).toThrow(
      /check setup/,
    );
  });
});

describe('judgeAboveMaximum', () => {
  it('accepts a refusal (4xx) and a clamp to 20, recording which', () => {
    expect(judgeAboveMaximum(exchange(400, { status: 'error' }), 50, 22)).toBe('topK 50: refused with 400');
    expect(judgeAboveMaximum(answer(20), 50, 22)).toBe(
      'topK 50: 200 with 20 results (clamped to the maximum)',
    );
    expect(judgeAboveMaximum(answer(5), 21, 22)).toBe('topK 21: 200 with 5 results');
  });

  it('fails more than 20 results: a maximum is a maximum', () => {
    expect(() => judgeAboveMaximum(answer(21), 21, 22)).toThrow(/Received: 21 results for topK 21/);
    expect(() => judgeAboveMaximum(answer(50), 1000, 60)).toThrow(ConformanceFailure);
  });

  it('fails an accepted query with no result where chunks match, and a redirect', () => {
    expect(() => judgeAboveMaximum(answer(0), 50, 22)).toThrow(/Received: no result for topK 50/);
    expect(() => judgeAboveMaximum(exchange(302, {}), 50, 22)).toThrow(ConformanceFailure);
  });

  it('warns a server error: it is not a documented refusal', () => {
    expect(() => judgeAboveMaximum(exchange(500, {}), 50, 22)).toThrow(ConformanceWarning);
  });
});
