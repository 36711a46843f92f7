import type { Exchange } from '../http/exchange.ts';
import { bodyOf } from '../http/json.ts';
import { ConformanceFailure, ConformanceWarning, HarnessError } from './failure.ts';

/** The exchange got a response at all; a missing one is a harness error, not a verdict. */
export function expectResponse(exchange: Exchange): NonNullable<Exchange['response']> {
  if (!exchange.response) {
    throw new HarnessError(`${exchange.label}: no response (${exchange.error ?? 'unknown error'})`);
  }
  return exchange.response;
}

/** The answer's body as an object (`{}` when it is not one); a missing answer is a harness error. */
export function answeredBody(exchange: Exchange): Record<string, unknown> {
  expectResponse(exchange);
  return bodyOf(exchange);
}

/** The HTTP status is the documented one (or one of several the document allows). */
export function expectStatus(exchange: Exchange, documented: number | readonly number[]): void {
  const response = expectResponse(exchange);
  const allowed = typeof documented === 'number' ? [documented] : documented;
  if (!allowed.includes(response.status)) {
    throw new ConformanceFailure(
      `Received: ${response.status} / Documented: ${allowed.join(' or ')}`,
      exchange,
    );
  }
}

/**
 * The request was refused (any 4xx) where the document does not state which status. A 5xx is not a
 * documented refusal but not a stated violation either: it is warned, with the status seen.
 */
export function expectClientError(exchange: Exchange): void {
  const response = expectResponse(exchange);
  if (response.status >= 500) {
    throw new ConformanceWarning(
      `Received: ${response.status} / Documented: a refusal (4xx, status not stated); a server error is not one`,
      exchange,
    );
  }
  if (response.status < 400 || response.status > 499) {
    throw new ConformanceFailure(`Received: ${response.status} / Documented: a refusal (4xx)`, exchange);
  }
}
