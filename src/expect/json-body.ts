import type { Exchange } from '../http/exchange.ts';
import { ConformanceFailure } from './failure.ts';
import { expectResponse } from './status.ts';

/** A response body that is JSON: declared `application/json` (parameters aside) and parsing as JSON. */
export function expectJsonBody(exchange: Exchange): void {
  const response = expectResponse(exchange);
  const declared = response.headers['content-type'];
  const mediaType = declared?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw new ConformanceFailure(
      `Received: Content-Type ${declared ?? 'absent'} / Documented: application/json`,
      exchange,
    );
  }
  if (response.json === undefined) {
    throw new ConformanceFailure(
      'Received: a body that does not parse as JSON / Documented: a JSON body',
      exchange,
    );
  }
}
