import { randomBytes } from 'node:crypto';
import { httpFault } from './faults.ts';

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** A fresh 24-character hexadecimal object id, the shape of every `_id` on the wire. */
export function newObjectId(): string {
  return randomBytes(12).toString(httpFault('http.object-id-base64') ? 'base64' : 'hex');
}

export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID.test(value);
}

/** A URL-safe random token with the given prefix (API keys, share tokens). */
export function newToken(prefix: string, bytes = 24): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}
