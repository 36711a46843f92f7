import { describe, expect, it } from 'vitest';
import type { Scope } from '../../spec/openapi.ts';
import { authenticate, authorize } from './guard.ts';
import { KeyStore, type ApiKey } from './keys.ts';

const now = new Date('2026-06-01T00:00:00.000Z');
const table = new Map<string, Scope>([
  [
    'POST /api/v1/plugin/enterprise/createGlobalPlugin',
    { module: 'plugins', level: 'edit', destructive: false },
  ],
  ['POST /api/v1/kb/:kbId/query', { module: 'knowledgeBase', level: 'view', destructive: false }],
]);
const plugins = { method: 'POST', url: '/api/v1/plugin/enterprise/createGlobalPlugin' };
const kbQuery = { method: 'POST', url: '/api/v1/kb/:kbId/query' };
const campaigns = { method: 'GET', url: '/api/v1/campaigns' };
const keysRoute = { method: 'GET', url: '/api/v1/keys' };

const key = (extra: Partial<ApiKey>): ApiKey => ({ id: 'k', secret: 'svc_ai_x', accountId: 'a', ...extra });
const codeOf = (k: ApiKey, route: { method: string; url: string } | undefined): string | undefined =>
  authorize(k, route, table, now)?.body.code;

describe('authenticate — Authorization header', () => {
  const keys = new KeyStore();
  keys.add(key({ secret: 'svc_ai_good' }));

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['another scheme', 'Basic svc_ai_good'],
    ['scheme without a token', 'Bearer'],
    ['two tokens', 'Bearer svc_ai_good extra'],
    ['unknown key', 'Bearer svc_ai_unknown'],
    ['a share token', 'Bearer con_sh_abc'],
  ])('%s → 401 invalid bearer token', (_name, header) => {
    const result = authenticate(header, keys);
    expect(result).toMatchObject({
      status: 401,
      body: { auth: false, success: false, message: 'invalid bearer token' },
    });
  });

  it('accepts `Bearer <key>` with any case of the scheme', () => {
    expect(authenticate('Bearer svc_ai_good', keys)).toMatchObject({ secret: 'svc_ai_good' });
    expect(authenticate('bearer svc_ai_good', keys)).toMatchObject({ secret: 'svc_ai_good' });
  });
});

describe('authorize — the documented order', () => {
  it('revoked comes before expired, and both before the route checks', () => {
    const both = key({ revoked: true, expiresAt: '2020-01-01T00:00:00.000Z', scopes: {} });
    expect(codeOf(both, keysRoute)).toBe('key_revoked');
    expect(codeOf(key({ expiresAt: '2020-01-01T00:00:00.000Z' }), keysRoute)).toBe('key_expired');
  });

  it('an expired key is refused with the expiry date in the message', () => {
    const failure = authorize(
      key({ scopes: { plugins: 'manage' }, expiresAt: '2026-05-31T00:00:00.000Z' }),
      plugins,
      table,
      now,
    );
    expect(failure?.status).toBe(403);
    expect(failure?.body.message).toContain('2026-05-31T00:00:00.000Z');
  });

  it('a key whose expiry is still ahead works', () => {
    expect(
      codeOf(key({ scopes: { plugins: 'edit' }, expiresAt: '2027-01-01T00:00:00.000Z' }), plugins),
    ).toBeUndefined();
  });

  it('a forbidden route is refused to every key, legacy and full alike', () => {
    expect(codeOf(key({ legacy: true }), keysRoute)).toBe('route_forbidden');
    expect(codeOf(key({ scopes: { assistants: 'manage', plugins: 'manage' } }), keysRoute)).toBe(
      'route_forbidden',
    );
  });

  it('a legacy key is refused every /kb route, but reaches the routes of its old allowlist', () => {
    expect(codeOf(key({ legacy: true }), kbQuery)).toBe('route_forbidden');
    expect(codeOf(key({ legacy: true }), { method: 'GET', url: '/api/v1/kb' })).toBe('route_forbidden');
    expect(codeOf(key({ legacy: true }), plugins)).toBeUndefined();
    expect(codeOf(key({ legacy: true }), campaigns)).toBeUndefined();
  });

  it('a scoped key on a route without a scope rule gets route_not_in_scope_table', () => {
    expect(codeOf(key({ scopes: { plugins: 'manage' } }), campaigns)).toBe('route_not_in_scope_table');
  });

  it('a lower level is scope_denied with module, required and held', () => {
    const failure = authorize(key({ scopes: { plugins: 'view' } }), plugins, table, now);
    expect(failure).toMatchObject({
      status: 403,
      body: {
        auth: false,
        success: false,
        code: 'scope_denied',
        module: 'plugins',
        required: 'edit',
        held: 'view',
      },
    });
  });

  it('a module the key does not hold is scope_denied with held "none"', () => {
    expect(authorize(key({ scopes: { assistants: 'manage' } }), plugins, table, now)?.body).toMatchObject({
      code: 'scope_denied',
      held: 'none',
    });
  });

  it('a higher level includes the lower ones', () => {
    expect(codeOf(key({ scopes: { plugins: 'manage' } }), plugins)).toBeUndefined();
    expect(codeOf(key({ scopes: { knowledgeBase: 'edit' } }), kbQuery)).toBeUndefined();
  });

  it('an unmatched path passes to the 404 handler once the key itself is good', () => {
    expect(codeOf(key({ scopes: {} }), undefined)).toBeUndefined();
    expect(codeOf(key({ revoked: true }), undefined)).toBe('key_revoked');
  });
});
