import type { Exchange } from '../http/exchange.ts';
import type { Level, Module } from '../spec/openapi.ts';
import { ConformanceFailure } from './failure.ts';
import { expectResponse, expectStatus } from './status.ts';

function bodyField(exchange: Exchange, field: string): unknown {
  const json = expectResponse(exchange).json;
  return typeof json === 'object' && json !== null ? (json as Record<string, unknown>)[field] : undefined;
}

function show(value: unknown): string {
  return value === undefined ? 'absent' : JSON.stringify(value);
}

/** A 403 whose body carries the documented `code` (`key_revoked`, `route_forbidden`, ...). */
export function expectForbiddenCode(exchange: Exchange, code: string): void {
  expectStatus(exchange, 403);
  const received = bodyField(exchange, 'code');
  if (received !== code) {
    throw new ConformanceFailure(`Received: code ${show(received)} / Documented: code "${code}"`, exchange);
  }
}

/** The 403 `scope_denied` body names the operation's module, its required level and the key's level. */
export function expectScopeDenied(
  exchange: Exchange,
  expected: { module: Module; required: Level; held: string | undefined },
): void {
  expectForbiddenCode(exchange, 'scope_denied');
  for (const field of ['module', 'required'] as const) {
    const received = bodyField(exchange, field);
    if (received !== expected[field]) {
      throw new ConformanceFailure(
        `Received: ${field} ${show(received)} / Documented: ${field} "${expected[field]}"`,
        exchange,
      );
    }
  }
  const held = bodyField(exchange, 'held');
  if (typeof held !== 'string') {
    throw new ConformanceFailure(`Received: held ${show(held)} / Documented: held, a string`, exchange);
  }
  if (expected.held !== undefined && held !== expected.held) {
    throw new ConformanceFailure(
      `Received: held ${show(held)} / Documented: held "${expected.held}"`,
      exchange,
    );
  }
}

/** An error of `status` whose `message` is as the document says (`documented` names how). */
function expectMessageThat(
  exchange: Exchange,
  status: number,
  documented: string,
  matches: (message: string) => boolean,
): void {
  expectStatus(exchange, status);
  const received = bodyField(exchange, 'message');
  if (typeof received !== 'string' || !matches(received)) {
    throw new ConformanceFailure(`Received: message ${show(received)} / Documented: ${documented}`, exchange);
  }
}

/** An error whose `message` equals the documented text (`unauthorized user`, `Invalid Body`, ...). */
export function expectMessage(exchange: Exchange, status: number, message: string): void {
  expectMessageThat(exchange, status, `message "${message}"`, (received) => received === message);
}

/** An error whose `message` starts with the documented text (`persona already exists with`). */
export function expectMessagePrefix(exchange: Exchange, status: number, prefix: string): void {
  expectMessageThat(exchange, status, `a message starting "${prefix}"`, (received) =>
    received.startsWith(prefix),
  );
}

/** The 401 of the Errors table: `invalid bearer token` as the code or the message. */
export function expectInvalidBearer(exchange: Exchange): void {
  expectStatus(exchange, 401);
  const values = [bodyField(exchange, 'code'), bodyField(exchange, 'message'), bodyField(exchange, 'error')];
  if (!values.includes('invalid bearer token')) {
    throw new ConformanceFailure(
      `Received: no "invalid bearer token" in code, message or error / Documented: "invalid bearer token"`,
      exchange,
    );
  }
}
