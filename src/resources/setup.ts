import { SetupError } from '../expect/failure.ts';
import type { Exchange } from '../http/exchange.ts';
import { expectStatus } from '../expect/status.ts';
import { bodyOf, isObject, succeeded, type JsonObject } from '../http/json.ts';

/**
 * The answer a setup step needs: `documented` when given (a create's 200 or 201), else any 2xx.
 * Anything else is a SetupError naming the step, with the exchange (curl line and answer).
 */
export function requireSuccess(what: string, exchange: Exchange, documented?: number): Exchange {
  const status = exchange.response?.status;
  if (documented === undefined ? succeeded(exchange) : status === documented) return exchange;
  throw new SetupError(
    `setup: ${what}: Received: ${status ?? `no answer (${exchange.error ?? 'unknown error'})`} / Needed: ${documented ?? 'a success (2xx)'}`,
    exchange,
  );
}

/** A string field the step needs from an answer that came (a kbId, a docId); its absence is a SetupError. */
export function requireField(what: string, exchange: Exchange, field: string): string {
  const value = bodyOf(exchange)[field];
  if (typeof value === 'string' && value !== '') return value;
  throw new SetupError(`setup: ${what}: the answer has no ${field}`, exchange);
}

/**
 * A cleanup's delete answered 2xx; otherwise an Error the tracker reports after the resource's name
 * (`assistant cf…: deletePersona answered 400`). Not a SetupError: no check is waiting on it.
 */
export function requireRemoved(exchange: Exchange): void {
  if (succeeded(exchange)) return;
  const answer = exchange.response?.status ?? exchange.error ?? 'nothing';
  throw new Error(`${exchange.operationId ?? exchange.label} answered ${answer}`);
}

/** A read a check relies on: a 200 (judged: it is documented), and `field` of its body as an object. */
export function readObject(exchange: Exchange, field: string): JsonObject {
  expectStatus(exchange, 200);
  const value = bodyOf(exchange)[field];
  return isObject(value) ? value : {};
}

/** The object `_id` of what a read returned; its absence is a SetupError naming the read. */
export function requireObjectId(what: string, read: JsonObject): string {
  const id = read._id;
  if (typeof id === 'string' && id !== '') return id;
  throw new SetupError(`setup: ${what}: the answer has no _id`, undefined);
}

/**
 * A create of a resource named in advance (an assistant's customPersonaId, a plugin's title): its
 * removal is registered before the answer is judged, so a create that half-worked is still
 * removed, and dropped again when the create did not succeed. Anything but `documented` is a
 * SetupError.
 */
export async function createNamed(
  what: string,
  exchange: Promise<Exchange>,
  register: () => () => void,
  documented: number,
): Promise<{ exchange: Exchange; forget: () => void }> {
  const answer = await exchange;
  const forget = register();
  if (!succeeded(answer)) forget();
  requireSuccess(what, answer, documented);
  return { exchange: answer, forget };
}
