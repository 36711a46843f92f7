import { describe, expect, it } from 'vitest';
import { answered } from '../testing/exchanges.ts';
import type { Exchange } from '../http/exchange.ts';
import { ConformanceFailure } from './failure.ts';
import {
  errorSummary,
  expectAuthRefusal,
  expectKeyStateRefusal,
  expectMessageCarriesDate,
  expectNotRefusedForScope,
  expectScopeGateRefusal,
  refusalCode,
} from './refusal.ts';

function exchange(status: number, json: unknown): Exchange {
  return answered(status, json, { operationId: 'deletePlugin', method: 'DELETE' });
}

const gate = { auth: false, success: false, code: 'route_forbidden', message: 'no' };

describe('scope-gate refusals', () => {
  it('need the code, auth and success booleans and a message string', () => {
    expect(() => expectScopeGateRefusal(exchange(403, gate), 'route_forbidden')).not.toThrow();
    expect(() =>
      expectScopeGateRefusal(exchange(403, { ...gate, auth: 'false' }), 'route_forbidden'),
    ).toThrow(/auth "false"/);
    expect(() =>
      expectScopeGateRefusal(exchange(403, { ...gate, success: undefined }), 'route_forbidden'),
    ).toThrow(/success absent/);
    expect(() =>
      expectScopeGateRefusal(exchange(403, { ...gate, message: undefined }), 'route_forbidden'),
    ).toThrow(ConformanceFailure);
    expect(() => expectScopeGateRefusal(exchange(401, gate), 'route_forbidden')).toThrow(/Received: 401/);
  });

  it('of the key itself need only the code and a message', () => {
    expect(() =>
      expectKeyStateRefusal(exchange(403, { code: 'key_revoked', message: 'revoked' }), 'key_revoked'),
    ).not.toThrow();
    expect(() => expectKeyStateRefusal(exchange(403, { code: 'key_revoked' }), 'key_revoked')).toThrow(
      /message absent/,
    );
  });

  it('find a date in the key_expired message loosely', () => {
    expect(() =>
      expectMessageCarriesDate(exchange(403, { message: 'API key expired on 2026-11-20T08:00:00.000Z' })),
    ).not.toThrow();
    expect(() =>
      expectMessageCarriesDate(exchange(403, { message: 'expired on 20 November 2026' })),
    ).not.toThrow();
    expect(() =>
      expectMessageCarriesDate(exchange(403, { message: 'key expired at 1763625600000' })),
    ).not.toThrow();
    expect(() => expectMessageCarriesDate(exchange(403, { message: 'key expired 12 days ago' }))).toThrow(
      /expiry date/,
    );
    expect(() => expectMessageCarriesDate(exchange(403, { message: 'API key expired' }))).toThrow(
      /expiry date/,
    );
  });
});

describe('allowed keys', () => {
  it('are not refused when the route answers 200, 400 or 404', () => {
    for (const status of [200, 400, 404])
      expect(() => expectNotRefusedForScope(exchange(status, {}))).not.toThrow();
  });

  it('fail on 401 and 403, naming the code', () => {
    expect(() => expectNotRefusedForScope(exchange(403, { code: 'scope_denied' }))).toThrow(
      /Received: 403 \(code "scope_denied"\)/,
    );
    expect(() => expectNotRefusedForScope(exchange(401, {}))).toThrow(/Received: 401/);
  });
});

describe('open refusals', () => {
  it('accept 401 or 403 only', () => {
    expect(() => expectAuthRefusal(exchange(401, {}))).not.toThrow();
    expect(() => expectAuthRefusal(exchange(403, {}))).not.toThrow();
    expect(() => expectAuthRefusal(exchange(200, {}))).toThrow(/refused \(401 or 403\)/);
  });

  it('are summarised for the report', () => {
    expect(refusalCode(exchange(403, { code: 'scope_denied' }))).toBe('403 scope_denied');
    expect(errorSummary(exchange(400, { status: false, message: 'persona not found' }))).toBe(
      '400, status false, message "persona not found"',
    );
  });
});
