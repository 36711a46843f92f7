import { describe, expect, it } from 'vitest';
import { LEVELS, loadOperationIndexSync, type Operation } from '../../spec/openapi.ts';
import { KEYRING_ROLES, type Role } from '../../target/keyring-types.ts';
import { harnessForFile, startHarness } from '../testing/harness.ts';
import { PERSONA, personaBody } from '../testing/fixtures.ts';

const AUTH_CODES = [
  'invalid_bearer_token',
  'key_revoked',
  'key_expired',
  'route_forbidden',
  'route_not_in_scope_table',
  'scope_denied',
];
const operations = [...loadOperationIndexSync().values()];

/** The exact 403 body of the auth gate: the two flags, the code, and a message. */
const gateRefusal = (code: string) => ({
  auth: false,
  success: false,
  code,
  message: expect.any(String) as unknown,
});

/** The operation's path with every template parameter filled. */
const concretePath = (op: Operation): string => op.path.replace(/\{[^}]+\}/g, 'probe-id');

/** What each scoped role holds, read from the role name itself (TARGET.md). */
function expectedAllowed(role: Role, op: Operation): boolean {
  if (role === 'full' || role === 'other') return true;
  if (role === 'preset:assistants-knowledge') {
    return op.scope.module === 'voices'
      ? op.scope.level === 'view'
      : ['assistants', 'knowledgeBase'].includes(op.scope.module);
  }
  const [module, level] = role.split(':');
  return module === op.scope.module && LEVELS.indexOf(level as never) >= LEVELS.indexOf(op.scope.level);
}

const SCOPED_ROLES = KEYRING_ROLES.filter((r) => !['legacy', 'revoked', 'expired'].includes(r));

const h = harnessForFile();

describe('keyring of the reference', () => {
  it('names a distinct svc_ai_ key for every role of TARGET.md', () => {
    const keys = KEYRING_ROLES.map((role) => h.keyring.keys[role]);
    for (const key of keys) expect(key).toMatch(/^svc_ai_[A-Za-z0-9_-]{16,}$/);
    expect(new Set(keys).size).toBe(KEYRING_ROLES.length);
  });

  it('names account B owner email and the probe routes', () => {
    expect(h.keyring.accounts?.other?.email).toBe('second-account@example.com');
    expect(h.keyring.forbiddenRoutes?.length).toBeGreaterThanOrEqual(6);
    expect(h.keyring.unscopedRoutes?.length).toBeGreaterThanOrEqual(1);
  });
});

describe('authentication — 401 invalid bearer token', () => {
  it.each([
    ['no Authorization header', null],
    ['a Basic header', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['Bearer without a key', { authorization: 'Bearer' }],
    ['an unknown key', { authorization: 'Bearer svc_ai_doesnotexist' }],
  ] as const)('%s', async (_name, as) => {
    const reply = await h.call(as, 'POST', PERSONA.list());
    expect(reply.status).toBe(401);
    expect(reply.json).toMatchObject({
      auth: false,
      success: false,
      code: 'invalid_bearer_token',
      message: 'invalid bearer token',
    });
  });

  it('a share token is not an API key', async () => {
    const body = personaBody();
    await h.call('full', 'POST', PERSONA.create, { body });
    const token = (await h.call('full', 'POST', PERSONA.share(body.customPersonaId as string))).json
      .data as string;
    expect(token).toMatch(/^con_sh_/);
    const reply = await h.call(
      { authorization: `Bearer ${token}` },
      'POST',
      PERSONA.get(body.customPersonaId as string),
    );
    expect(reply.status).toBe(401);
    expect(reply.json.code).toBe('invalid_bearer_token');
  });

  it('an unauthenticated request to an unknown path is 401, not 404', async () => {
    expect((await h.call(null, 'GET', '/no/such/route')).status).toBe(401);
    expect((await h.call('full', 'GET', '/no/such/route')).status).toBe(404);
  });
});

describe('key state — revoked and expired', () => {
  it('the revoked key gets 403 key_revoked', async () => {
    const reply = await h.call('revoked', 'GET', '/users/get_voice_clone');
    expect(reply.status).toBe(403);
    expect(reply.json).toEqual(gateRefusal('key_revoked'));
  });

  it('the expired key gets 403 key_expired, the date in the message', async () => {
    const reply = await h.call('expired', 'GET', '/users/get_voice_clone');
    expect(reply.status).toBe(403);
    expect(reply.json.code).toBe('key_expired');
    expect(reply.json.message).toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('revocation takes effect on the next request', async () => {
    const other = await startHarness();
    try {
      expect((await other.call('plugins:view', 'POST', '/users/enterprise/getallplugin/u')).status).toBe(200);
      other.keys.revoke(other.keyring.keys['plugins:view'] ?? '');
      expect((await other.call('plugins:view', 'POST', '/users/enterprise/getallplugin/u')).json.code).toBe(
        'key_revoked',
      );
    } finally {
      await other.close();
    }
  });
});

describe('route_forbidden — routes no key may reach', () => {
  const probes = () => h.keyring.forbiddenRoutes ?? [];
  it.each(['full', 'legacy', 'other', 'preset:assistants-knowledge'] as const)(
    'every forbidden probe refuses %s',
    async (role) => {
      for (const probe of probes()) {
        const reply = await h.call(
          role,
          probe.method,
          probe.path,
          probe.method === 'GET' ? {} : { body: {} },
        );
        expect(reply.status, `${probe.method} ${probe.path}`).toBe(403);
        expect(reply.json).toEqual(gateRefusal('route_forbidden'));
      }
    },
  );

  it('covers keys, team, profile, account switch, payment and admin', () => {
    const paths = probes()
      .map((p) => p.path)
      .join(' ');
    for (const part of ['/keys', '/team', '/profile', '/account', '/payments', '/admin'])
      expect(paths).toContain(part);
  });
});

describe('route_not_in_scope_table — routes without a scope rule', () => {
  it('refuses scoped keys', async () => {
    for (const probe of h.keyring.unscopedRoutes ?? []) {
      const reply = await h.call('full', probe.method, probe.path);
      expect(reply.status).toBe(403);
      expect(reply.json).toEqual(gateRefusal('route_not_in_scope_table'));
    }
  });

  it('lets a legacy key through (they are on its old allowlist)', async () => {
    for (const probe of h.keyring.unscopedRoutes ?? [])
      expect((await h.call('legacy', probe.method, probe.path)).status).toBe(200);
  });
});

describe('legacy key — older allowlist without /kb', () => {
  it.each(operations.map((op) => [op.operationId, op] as const))('%s', async (_id, op) => {
    const reply = await h.call(
      'legacy',
      op.method,
      concretePath(op),
      op.method === 'GET' ? {} : { body: {} },
    );
    if (op.path.startsWith('/kb')) {
      expect(reply.status).toBe(403);
      expect(reply.json.code).toBe('route_forbidden');
    } else {
      expect(AUTH_CODES).not.toContain(reply.json.code);
      expect(reply.status).not.toBe(401);
      expect(reply.status).not.toBe(403);
    }
  });
});

describe('scope matrix — every operation × every scoped role', () => {
  const cases = operations.flatMap((op) => SCOPED_ROLES.map((role) => [op.operationId, role, op] as const));
  it.each(cases)('%s as %s', async (_id, role, op) => {
    const reply = await h.call(role, op.method, concretePath(op), op.method === 'GET' ? {} : { body: {} });
    if (expectedAllowed(role, op)) {
      expect(AUTH_CODES, JSON.stringify(reply.json)).not.toContain(reply.json.code);
      expect(reply.status).not.toBe(403);
      return;
    }
    const [heldModule, heldLevel] = role.split(':');
    expect(reply.status).toBe(403);
    expect(reply.json).toEqual({
      ...gateRefusal('scope_denied'),
      module: op.scope.module,
      required: op.scope.level,
      held:
        heldModule === op.scope.module
          ? heldLevel
          : role.startsWith('preset') && op.scope.module === 'voices'
            ? 'view'
            : 'none',
    });
  });
});
