import type { Exchange } from '../http/exchange.ts';
import { bodyOf } from '../http/json.ts';
import { ConformanceFailure } from './failure.ts';

/** API.md: a share answer's `data` "is a token beginning `con_sh_`". */
export const SHARE_PREFIX = 'con_sh_';

/**
 * What a `data` that is not a share token is, never its content: the token is a secret, an object
 * or array may hold it under another name, and a token without the documented prefix is known to
 * no redaction rule.
 */
export function shapeOf(data: unknown): string {
  if (typeof data === 'string')
    return data.startsWith(SHARE_PREFIX) ? `a token beginning ${SHARE_PREFIX}` : 'a string';
  if (data === null) return 'null';
  if (Array.isArray(data)) return `an array of ${data.length}`;
  return typeof data === 'object' ? `an object {${Object.keys(data).join(', ')}}` : `a ${typeof data}`;
}

/** The share answer's token: `data`, a string beginning con_sh_; quoted by its shape only. */
export function expectShareToken(exchange: Exchange): string {
  const data = bodyOf(exchange).data;
  if (typeof data !== 'string' || !data.startsWith(SHARE_PREFIX))
    throw new ConformanceFailure(
      `Received: data ${shapeOf(data)} / Documented: a token beginning ${SHARE_PREFIX}`,
      exchange,
    );
  return data;
}
