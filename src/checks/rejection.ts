import type { Exchange } from '../http/exchange.ts';
import { ConformanceFailure } from './failure.ts';
import { expectResponse } from './status.ts';

/**
 * The request did not succeed, where the document says it is refused but gives neither status nor
 * body: a status outside 2xx, or a 2xx whose body says `status: false`.
 */
export function expectRejected(exchange: Exchange): void {
  const response = expectResponse(exchange);
  if (response.status < 200 || response.status > 299) return;
  const json = response.json;
  const status =
    typeof json === 'object' && json !== null ? (json as Record<string, unknown>).status : undefined;
  if (status === false || status === 'false') return;
  throw new ConformanceFailure(
    `Received: ${response.status} with status ${JSON.stringify(status)} / Documented: a refusal`,
    exchange,
  );
}
