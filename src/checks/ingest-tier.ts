import type { Exchange } from '../http/exchange.ts';
import type { Spec } from '../spec/openapi.ts';
import { expectComponentSchema } from './component-schema.ts';
import { ConformanceFailure } from './failure.ts';
import { expectResponse, expectStatus } from './status.ts';

export type Tier = 'vector' | 'inline';

/** The `mode` of an ingest-text request: a tier, `auto`, or none (the default, `auto`). */
export type IngestMode = Tier | 'auto' | undefined;

const INLINE_FIELDS = ['inlineChars', 'digestMethod', 'crawledChars'] as const;

function bodyOf(exchange: Exchange): Record<string, unknown> {
  const json = expectResponse(exchange).json;
  return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
}

/** The tier an ingest answer describes: inline when it says `mode: "inline"` or carries an inline-only field. */
export function tierOfAnswer(body: Record<string, unknown>): Tier {
  return body.mode === 'inline' || INLINE_FIELDS.some((field) => field in body) ? 'inline' : 'vector';
}

/**
 * The ingest-text answer is a 200 carrying the documented answer of one tier: vector
 * `{status, docId, chunksCreated, title, kbId}`, or inline with `mode`, `inlineChars`,
 * `digestMethod` and `crawledChars` instead of `chunksCreated`. When `mode` names a tier, the
 * answer is that tier's; with `auto` either tier's answer is documented, and which one is returned.
 */
export function expectIngestTextTier(spec: Spec, exchange: Exchange, mode: IngestMode): Tier {
  expectStatus(exchange, 200);
  const body = bodyOf(exchange);
  const tier = tierOfAnswer(body);
  if ((mode === 'vector' || mode === 'inline') && tier !== mode) {
    throw new ConformanceFailure(`Received: the ${tier}-tier answer / Documented: the ${mode} tier, as mode "${mode}" chooses`, exchange);
  }
  expectComponentSchema(spec, exchange, tier === 'vector' ? 'IngestTextVectorResponse' : 'IngestTextInlineResponse');
  if (tier === 'inline' && 'chunksCreated' in body) {
    throw new ConformanceFailure(
      'Received: an inline-tier answer carrying chunksCreated / Documented: inlineChars, digestMethod and crawledChars instead of chunksCreated',
      exchange,
    );
  }
  return tier;
}
