import type { Exchange } from '../http/exchange.ts';
import { ConformanceFailure } from './failure.ts';
import { expectResponse, expectStatus } from './status.ts';

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether `text` names `field` as a word of its own (so `os` is not found inside `those`). */
export function namesField(text: string, field: string): boolean {
  return new RegExp(`(^|[^A-Za-z0-9_])${escape(field)}($|[^A-Za-z0-9_])`).test(text);
}

/**
 * An error of the documented status whose one message names every one of `fields` (the plugin
 * create's missing required fields). The document says the message names "all required fields";
 * whether that means every required field or every missing one is open, so only the missing ones
 * are demanded, which holds on both readings.
 */
export function expectFieldsNamed(exchange: Exchange, status: number, fields: readonly string[]): void {
  expectStatus(exchange, status);
  const json = expectResponse(exchange).json;
  const message =
    typeof json === 'object' && json !== null ? (json as Record<string, unknown>).message : undefined;
  if (typeof message !== 'string') {
    throw new ConformanceFailure(
      `Received: no message / Documented: one message naming the required fields`,
      exchange,
    );
  }
  const unnamed = fields.filter((field) => !namesField(message, field));
  if (unnamed.length > 0) {
    throw new ConformanceFailure(
      `Received: a message that does not name ${unnamed.join(', ')} / Documented: one message naming all required fields (missing: ${fields.join(', ')})`,
      exchange,
    );
  }
}
