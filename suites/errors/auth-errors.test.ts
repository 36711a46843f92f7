import { describe } from 'vitest';
import { expectInvalidBearer, expectScopeDenied } from '../../src/expect/error-body.ts';
import {
  expectKeyStateRefusal,
  expectMessageCarriesDate,
  expectScopeGateRefusal,
} from '../../src/expect/refusal.ts';
import { expectSchema } from '../../src/expect/schema.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { RouteProbe } from '../../src/target/keyring-types.ts';

/**
 * The 401 and 403 rows of the Errors table, one check per row, each on a representative
 * operation (suites/auth tries them on every operation and role).
 */

const LIST = { path: { sessionId: 'conformance' } };

/** A route the keyring lists, called with the full key (a body only where the method takes one). */
function probe(as: CheckContext['as'], route: RouteProbe) {
  return as('full').raw(
    route.method,
    route.path,
    route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} },
  );
}

describe('listPersonas — POST /persona/enterprise/getAllPersonas/{sessionId}', () => {
  check(
    'errors.401.unknown-key',
    ['ERR-03'],
    '401 invalid bearer token: the key does not exist',
    async ({ withAuthorization, prefix }) => {
      expectInvalidBearer(
        await withAuthorization(`Bearer svc_ai_${prefix}0no0such0key`).call('listPersonas', LIST),
      );
    },
    { operations: ['listPersonas'] },
  );

  check(
    'errors.401.not-bearer-form',
    ['ERR-04'],
    '401 invalid bearer token: the header is not in Bearer <key> form (a known key under another scheme)',
    async ({ as, target, withAuthorization }) => {
      as('full');
      expectInvalidBearer(
        await withAuthorization(`Token ${target.keyring.keys.full ?? ''}`).call('listPersonas', LIST),
      );
    },
    { operations: ['listPersonas'] },
  );

  check(
    'errors.403.key-revoked',
    ['ERR-05'],
    '403 key_revoked: the key was revoked',
    async ({ as }) => {
      expectKeyStateRefusal(await as('revoked').call('listPersonas', LIST), 'key_revoked');
    },
    { operations: ['listPersonas'] },
  );

  check(
    'errors.403.key-expired',
    ['ERR-06', 'ERR-07'],
    '403 key_expired: the key passed its expiry, and the message carries the date',
    async ({ as }) => {
      const exchange = await as('expired').call('listPersonas', LIST);
      expectKeyStateRefusal(exchange, 'key_expired');
      expectMessageCarriesDate(exchange);
    },
    { operations: ['listPersonas'] },
  );
});

describe('routes refused to keys entirely (keyring forbiddenRoutes)', () => {
  check(
    'errors.403.route-forbidden.refused-route',
    ['ERR-08', 'ERR-01'],
    '403 route_forbidden: the route is refused to keys entirely (the first probe of the keyring, with the full key)',
    async ({ as, target, skip }) => {
      const [route] = target.keyring.forbiddenRoutes ?? [];
      if (!route) return skip('the keyring lists no forbiddenRoutes');
      expectScopeGateRefusal(await probe(as, route), 'route_forbidden');
    },
  );
});

describe('listKnowledgeBases — GET /kb', () => {
  check(
    'errors.403.route-forbidden.legacy-kb',
    ['ERR-09', 'ERR-01'],
    '403 route_forbidden: a legacy unrestricted key called a /kb route',
    async ({ as }) => {
      expectScopeGateRefusal(await as('legacy').call('listKnowledgeBases'), 'route_forbidden');
    },
    { operations: ['listKnowledgeBases'] },
  );
});

describe('deleteKnowledgeBase — DELETE /kb/{kbId}', () => {
  check(
    'errors.403.scope-denied',
    ['ERR-10', 'ERR-01', 'ERR-02'],
    '403 scope_denied: a knowledgeBase:view key deleting a base, the body naming module, required and held',
    async (context) => {
      const viewer = context.as('knowledgeBase:view');
      const base = await context.kb().createBase();
      const exchange = await viewer.call('deleteKnowledgeBase', { path: { kbId: base.kbId } });
      if (exchange.response?.status === 200) base.forget();
      expectScopeGateRefusal(exchange, 'scope_denied');
      expectSchema(context.spec, exchange);
      expectScopeDenied(exchange, { module: 'knowledgeBase', required: 'manage', held: 'view' });
    },
    { operations: ['deleteKnowledgeBase'] },
  );
});

describe('routes without a scope rule (keyring unscopedRoutes)', () => {
  check(
    'errors.403.route-not-in-scope-table',
    ['ERR-11', 'ERR-01'],
    '403 route_not_in_scope_table: a scoped key hit a route with no scope rule (the first probe of the keyring, with the full key)',
    async ({ as, target, skip }) => {
      const [route] = target.keyring.unscopedRoutes ?? [];
      if (!route) return skip('the keyring lists no unscopedRoutes');
      expectScopeGateRefusal(await probe(as, route), 'route_not_in_scope_table');
    },
  );
});
