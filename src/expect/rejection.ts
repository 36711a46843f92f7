import type { Exchange } from '../http/exchange.ts';
import { ConformanceFailure, ConformanceWarning } from './failure.ts';
import { expectResponse } from './status.ts';

/**
 * The request was refused, where the document says it is refused but gives neither status nor
 * body: a 4xx, or a 2xx whose body says `status: false` (the document's own success flag, read as
 * a refusal). A 5xx is never a documented refusal: it is warned, with the status seen. Anything
 * else (a plain success, a redirect) fails.
 */
export function expectRejected(exchange: Exchange): void {
  const response = expectResponse(exchange);
  if (response.status >= 400 && response.status <= 499) return;
  if (response.status >= 500) {
    throw new ConformanceWarning(
      `Received: ${response.status} / Documented: a refusal (status not stated); a server error is not one`,
      exchange,
    );
  }
  const json = response.json;
  const status =
    typeof json === 'object' && json !== null ? (json as Record<string, unknown>).status : undefined;
  if (response.status >= 200 && response.status <= 299 && (status === false || status === 'false')) return;
  throw new ConformanceFailure(
    `Received: ${response.status} with status ${JSON.stringify(status)} / Documented: a refusal`,
    exchange,
  );
}
