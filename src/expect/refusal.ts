import type { Exchange } from '../http/exchange.ts';
import { expectForbiddenCode } from './error-body.ts';
import { ConformanceFailure } from './failure.ts';
import { answeredBody, expectResponse } from './status.ts';
import { bodyOf } from '../http/json.ts';

function show(value: unknown): string {
  return value === undefined ? 'absent' : JSON.stringify(value);
}

function expectFieldType(exchange: Exchange, field: string, type: 'boolean' | 'string'): void {
  const value = answeredBody(exchange)[field];
  if (typeof value !== type) {
    throw new ConformanceFailure(
      `Received: ${field} ${show(value)} / Documented: ${field}, a ${type}`,
      exchange,
    );
  }
}

/**
 * A 403 of the scope gate (`scope_denied`, `route_forbidden`, `route_not_in_scope_table`): the
 * documented `code`, with `auth` and `success` booleans and a `message` string.
 */
export function expectScopeGateRefusal(exchange: Exchange, code: string): void {
  expectForbiddenCode(exchange, code);
  expectFieldType(exchange, 'auth', 'boolean');
  expectFieldType(exchange, 'success', 'boolean');
  expectFieldType(exchange, 'message', 'string');
}

/** A 403 for the key itself (`key_revoked`, `key_expired`): the documented `code` and a `message` string. */
export function expectKeyStateRefusal(exchange: Exchange, code: string): void {
  expectForbiddenCode(exchange, code);
  expectFieldType(exchange, 'message', 'string');
}

/**
 * The `key_expired` message carries a date; its format is not stated, so a four-digit year (ISO
 * 8601 or any written date) or a Unix time in seconds or milliseconds is enough.
 */
export function expectMessageCarriesDate(exchange: Exchange): void {
  const message = answeredBody(exchange).message;
  if (typeof message !== 'string' || !/(?<!\d)(\d{4}|\d{10}|\d{13})(?!\d)/.test(message)) {
    throw new ConformanceFailure(
      `Received: message ${show(message)} / Documented: a message carrying the expiry date`,
      exchange,
    );
  }
}

/**
 * A key holding the operation's module at the required level or above is not refused: neither
 * 401 nor 403. Any other answer (a 400 or 404 of the route itself) is not a refusal for scope.
 */
export function expectNotRefusedForScope(exchange: Exchange): void {
  const { status } = expectResponse(exchange);
  if (status === 401 || status === 403) {
    const code = answeredBody(exchange).code;
    throw new ConformanceFailure(
      `Received: ${status}${code === undefined ? '' : ` (code ${show(code)})`} / Documented: not refused, the key holds the scope the operation needs`,
      exchange,
    );
  }
}

/** The request was refused (401 or 403) where the document says it is refused without giving the status. */
export function expectAuthRefusal(exchange: Exchange): void {
  const { status } = expectResponse(exchange);
  if (status !== 401 && status !== 403) {
    throw new ConformanceFailure(`Received: ${status} / Documented: refused (401 or 403)`, exchange);
  }
}

/**
 * The `code` of a refusal, for recording where the document leaves it open. No answer is nothing
 * to record: it is an error of the run (expectResponse), not an observation.
 */
export function refusalCode(exchange: Exchange): string {
  const response = expectResponse(exchange);
  const code = answeredBody(exchange).code;
  return `${response.status}${typeof code === 'string' ? ` ${code}` : ''}`;
}

/** Status, code and message of an answer, for recording errors whose body the document leaves open. */
export function errorSummary(exchange: Exchange): string {
  const response = expectResponse(exchange);
  const body = bodyOf(exchange);
  const parts = [String(response.status)];
  if (body.code !== undefined) parts.push(`code ${show(body.code)}`);
  if (body.status !== undefined) parts.push(`status ${show(body.status)}`);
  parts.push(
    body.message !== undefined
      ? `message ${show(body.message)}`
      : `body ${show(response.text.slice(0, 200))}`,
  );
  return parts.join(', ');
}
