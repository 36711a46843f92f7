import type { Exchange } from '../http/exchange.ts';
import type { Spec } from '../spec/openapi.ts';
import { expectComponentSchema } from './component-schema.ts';
import { ConformanceFailure } from './failure.ts';
import { answeredBody, expectStatus } from './status.ts';

export type Tier = 'vector' | 'inline';

/** The `mode` of an ingest-text request: a tier, `auto`, or none (the default, `auto`). */
export type IngestMode = Tier | 'auto' | undefined;

const INLINE_FIELDS = ['inlineChars', 'digestMethod', 'crawledChars'] as const;

/**
 * The tier an ingest answer describes: the `mode` it names, when it names one; otherwise inline
 * when it carries an inline-only field. (A vector answer carrying an extra field is not thereby
 * inline: the document lists the fields each tier has, not the ones it lacks beyond chunksCreated.)
 */
export function tierOfAnswer(body: Record<string, unknown>): Tier {
  if (body.mode === 'inline' || body.mode === 'vector') return body.mode;
  return INLINE_FIELDS.some((field) => field in body) ? 'inline' : 'vector';
}

/**
 * The ingest-text answer is a 200 carrying the documented answer of one tier: vector
 * `{status, docId, chunksCreated, title, kbId}`, or inline with `mode`, `inlineChars`,
 * `digestMethod` and `crawledChars` instead of `chunksCreated`. When `mode` names a tier, the
 * answer is that tier's; with `auto` either tier's answer is documented, and which one is returned.
 */
export function expectIngestTextTier(spec: Spec, exchange: Exchange, mode: IngestMode): Tier {
  expectStatus(exchange, 200);
  const body = answeredBody(exchange);
  const tier = tierOfAnswer(body);
  if ((mode === 'vector' || mode === 'inline') && tier !== mode) {
    throw new ConformanceFailure(
      `Received: the ${tier}-tier answer / Documented: the ${mode} tier, as mode "${mode}" chooses`,
      exchange,
    );
  }
  expectComponentSchema(
    spec,
    exchange,
    tier === 'vector' ? 'IngestTextVectorResponse' : 'IngestTextInlineResponse',
  );
  if (tier === 'inline' && 'chunksCreated' in body) {
    throw new ConformanceFailure(
      'Received: an inline-tier answer carrying chunksCreated / Documented: inlineChars, digestMethod and crawledChars instead of chunksCreated',
      exchange,
    );
  }
  return tier;
}

const URL_ANSWER_FIELDS = {
  status: 'string',
  docId: 'string',
  mode: 'string',
  title: 'string',
  url: 'string',
  kbId: 'string',
} as const;

/**
 * The ingest-url answer `{status, docId, mode, chunksCreated, title, url, kbId}` is a 200, judged
 * against the spec's schema in full when the page went to the vector tier. Whether an inline-tier
 * page's answer carries `chunksCreated` is unclear (for pasted text, inline replaces it), so for
 * such a page every other field is required and `chunksCreated` is not. Returns the tier.
 */
export function expectIngestUrlAnswer(spec: Spec, exchange: Exchange): Tier {
  expectStatus(exchange, 200);
  const body = answeredBody(exchange);
  if (body.mode !== 'inline') {
    expectComponentSchema(spec, exchange, 'IngestUrlResponse');
    return 'vector';
  }
  const wrong = Object.entries(URL_ANSWER_FIELDS).filter(([field, type]) => typeof body[field] !== type);
  if (wrong.length > 0 || body.status !== 'ok') {
    const fields = wrong.map(([field]) => field).join(', ');
    throw new ConformanceFailure(
      `Received: an inline-tier ingest-url answer ${fields ? `without a string ${fields}` : `with status ${JSON.stringify(body.status)}`} / Documented: {status: "ok", docId, mode, chunksCreated, title, url, kbId}`,
      exchange,
    );
  }
  return 'inline';
}
