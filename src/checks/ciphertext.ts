import type { Exchange } from '../http/exchange.ts';
import { ConformanceFailure } from './failure.ts';

/**
 * A field the document says is returned AES-encrypted (`func_run`, `func_schema` on list routes)
 * is not what was sent. Where the item does not carry the field there is nothing to judge: list
 * items are not documented to carry it.
 */
export function expectNotPlaintext(
  exchange: Exchange,
  item: Record<string, unknown>,
  field: string,
  plaintext: string,
): void {
  if (!(field in item)) return;
  const value = item[field];
  if (typeof value !== 'string') {
    throw new ConformanceFailure(
      `Received: ${field} of type ${value === null ? 'null' : typeof value} / Documented: an AES-encrypted string`,
      exchange,
    );
  }
  if (value === plaintext || (plaintext.trim().length >= 16 && value.includes(plaintext.trim()))) {
    throw new ConformanceFailure(
      `Received: ${field} in clear text / Documented: returned AES-encrypted`,
      exchange,
    );
  }
}
