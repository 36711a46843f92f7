import { beforeAll, describe, expect, it } from 'vitest';
import { answered } from '../testing/exchanges.ts';
import type { Exchange } from '../http/exchange.ts';
import { loadSpec, type Spec } from '../spec/openapi.ts';
import { ConformanceFailure } from './failure.ts';
import { expectIngestTextTier, expectIngestUrlAnswer, tierOfAnswer } from './ingest-tier.ts';

const KB = '6f1c1f43-2a4b-4c1e-9d55-0b7e3c1a2f10';
const DOC = '0a6d2f7e-5b1c-4e8a-b3d9-7c4f1e2a9b60';

function exchange(status: number, json: unknown, operationId = 'ingestText'): Exchange {
  const url = `http://127.0.0.1/api/v1/kb/${KB}/ingest-text`;
  return answered(status, json, { operationId, label: 'ingestText — test', url });
}

const vector = { status: 'ok', docId: DOC, chunksCreated: 2, title: 'Returns policy', kbId: KB };
const inline = {
  status: 'ok',
  docId: DOC,
  mode: 'inline',
  inlineChars: 120,
  digestMethod: 'verbatim',
  crawledChars: 120,
  title: 'Returns policy',
  kbId: KB,
};

let spec: Spec;
beforeAll(async () => {
  spec = await loadSpec();
});

describe('expectIngestTextTier', () => {
  it('reads the tier an answer describes', () => {
    expect(tierOfAnswer(vector)).toBe('vector');
    expect(tierOfAnswer({ ...vector, mode: 'vector' })).toBe('vector');
    expect(tierOfAnswer(inline)).toBe('inline');
    expect(tierOfAnswer({ ...vector, inlineChars: 3 })).toBe('inline');
    // A vector answer naming its mode stays vector whatever extra field it carries.
    expect(tierOfAnswer({ ...vector, mode: 'vector', crawledChars: 120 })).toBe('vector');
  });

  it('accepts a vector answer with an extra character count when mode vector was asked', () => {
    expect(
      expectIngestTextTier(spec, exchange(200, { ...vector, mode: 'vector', crawledChars: 120 }), 'vector'),
    ).toBe('vector');
  });

  it('accepts the documented answer of the tier asked for, and either tier under auto', () => {
    expect(expectIngestTextTier(spec, exchange(200, vector), 'vector')).toBe('vector');
    expect(expectIngestTextTier(spec, exchange(200, inline), 'inline')).toBe('inline');
    expect(expectIngestTextTier(spec, exchange(200, vector), 'auto')).toBe('vector');
    expect(expectIngestTextTier(spec, exchange(200, inline), undefined)).toBe('inline');
  });

  it('fails the other tier than the one asked for', () => {
    expect(() => expectIngestTextTier(spec, exchange(200, inline), 'vector')).toThrow(
      /Received: the inline-tier answer \/ Documented: the vector tier/,
    );
    expect(() => expectIngestTextTier(spec, exchange(200, vector), 'inline')).toThrow(ConformanceFailure);
  });

  it('fails an inline answer that still carries chunksCreated, or lacks an inline field', () => {
    expect(() =>
      expectIngestTextTier(spec, exchange(200, { ...inline, chunksCreated: 0 }), 'inline'),
    ).toThrow(/instead of chunksCreated/);
    const { digestMethod: _omitted, ...partial } = inline;
    expect(() => expectIngestTextTier(spec, exchange(200, partial), 'inline')).toThrow(
      /IngestTextInlineResponse/,
    );
  });

  it('fails a vector answer without chunksCreated, and a status other than 200', () => {
    const { chunksCreated: _omitted, ...partial } = vector;
    expect(() => expectIngestTextTier(spec, exchange(200, partial), 'vector')).toThrow(
      /IngestTextVectorResponse/,
    );
    expect(() => expectIngestTextTier(spec, exchange(201, vector), 'vector')).toThrow(/Received: 201/);
  });
});

describe('expectIngestUrlAnswer', () => {
  const url = {
    status: 'ok',
    docId: DOC,
    mode: 'vector',
    chunksCreated: 3,
    title: 'Lighthouse keeping',
    url: 'http://127.0.0.1:9/a.html',
    kbId: KB,
  };

  it('judges a vector-tier page against the full schema', () => {
    expect(expectIngestUrlAnswer(spec, exchange(200, url, 'ingestUrl'))).toBe('vector');
    const { chunksCreated: _omitted, ...partial } = url;
    expect(() => expectIngestUrlAnswer(spec, exchange(200, partial, 'ingestUrl'))).toThrow(
      /IngestUrlResponse/,
    );
    const { url: _url, ...noUrl } = url;
    expect(() => expectIngestUrlAnswer(spec, exchange(200, noUrl, 'ingestUrl'))).toThrow(ConformanceFailure);
  });

  it('does not require chunksCreated of an inline-tier page, and requires every other field', () => {
    const { chunksCreated: _omitted, ...inlinePage } = { ...url, mode: 'inline' };
    expect(expectIngestUrlAnswer(spec, exchange(200, inlinePage, 'ingestUrl'))).toBe('inline');
    const { title: _title, ...untitled } = inlinePage;
    expect(() => expectIngestUrlAnswer(spec, exchange(200, untitled, 'ingestUrl'))).toThrow(
      /without a string title/,
    );
  });
});
