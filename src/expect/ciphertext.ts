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

/**
 * The plaintext read back from a value that only encodes it (base64, base64url or hex): an AES
 * ciphertext, whatever its encoding, never decodes to the plaintext itself.
 */
function decodesTo(value: string, plaintext: string): boolean {
  const decodings: string[] = [];
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) decodings.push(Buffer.from(value, 'base64').toString('utf8'));
  if (/^(?:[0-9a-fA-F]{2})+$/.test(value)) decodings.push(Buffer.from(value, 'hex').toString('utf8'));
  return decodings.some(
    (text) => text === plaintext || (plaintext.trim().length >= 16 && text.includes(plaintext.trim())),
  );
}

/** Where the item carries the field, it is not merely the plaintext encoded (returned AES-encrypted). */
export function expectNotEncoded(
  exchange: Exchange,
  item: Record<string, unknown>,
  field: string,
  plaintext: string,
): void {
  const value = item[field];
  if (typeof value === 'string' && decodesTo(value, plaintext))
    throw new ConformanceFailure(
      `Received: ${field} that decodes (base64 or hex) to the plaintext sent / Documented: returned AES-encrypted`,
      exchange,
    );
}

/**
 * Where the item carries the field, it is none of the plaintexts ever sent for it, neither in clear
 * nor merely encoded (base64, hex): returned AES-encrypted, as the document states for list routes.
 */
export function expectEncrypted(
  exchange: Exchange,
  item: Record<string, unknown>,
  field: string,
  plaintexts: readonly string[],
): void {
  for (const plaintext of plaintexts) {
    expectNotPlaintext(exchange, item, field, plaintext);
    expectNotEncoded(exchange, item, field, plaintext);
  }
}
