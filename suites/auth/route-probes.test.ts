import { describe } from 'vitest';
import { expectScopeGateRefusal } from '../../src/expect/refusal.ts';
import { ConformanceFailure } from '../../src/expect/failure.ts';
import { check, type CheckContext } from '../../src/harness/check.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { KEYRING_ROLES, type Role, type RouteProbe } from '../../src/target/keyring-types.ts';

/**
 * Routes outside the document, which the keyring may list: `forbiddenRoutes` (key management, team,
 * profile, account switch, payment, admin: no key may reach them) and `unscopedRoutes` (routes
 * with no scope rule). Without a list the checks are skipped, naming the field.
 */

/** Every role that holds a working key: no scope, however wide, opens a forbidden route. */
const WORKING_ROLES = KEYRING_ROLES.filter((role) => role !== 'revoked' && role !== 'expired');
/** Roles judged by a scope map (the legacy key is judged by its older allowlist instead). */
const SCOPED_ROLES = WORKING_ROLES.filter((role) => role !== 'legacy');

async function probe(context: CheckContext, role: Role, route: RouteProbe): Promise<Exchange> {
  const client = context.as(role);
  const writes = route.method !== 'GET' && route.method !== 'DELETE';
  return client.raw(route.method, route.path, writes ? { body: {} } : {});
}

/** Runs every probe; the first one answered otherwise fails the check, naming how many did. */
async function expectEveryProbe(
  context: CheckContext,
  role: Role,
  field: 'forbiddenRoutes' | 'unscopedRoutes',
  code: string,
): Promise<void> {
  const routes = context.target.keyring[field] ?? [];
  if (routes.length === 0) return context.skip(`the keyring lists no ${field}`);
  context.as(role);
  const failures: ConformanceFailure[] = [];
  for (const route of routes) {
    const exchange = await probe(context, role, route);
    try {
      expectScopeGateRefusal(exchange, code);
    } catch (error) {
      if (!(error instanceof ConformanceFailure)) throw error;
      failures.push(error);
    }
  }
  const [first] = failures;
  if (first) {
    throw new ConformanceFailure(
      `${failures.length} of ${routes.length} ${field} not refused with ${code}. ${first.summary}`,
      first.exchange,
    );
  }
}

describe('routes no key may reach (keyring forbiddenRoutes)', () => {
  for (const role of WORKING_ROLES) {
    check(
      `auth.forbidden-routes.${role}`,
      ['AUTH-14', 'AUTH-15', 'ERR-08', 'ERR-01'],
      `every forbidden route refuses the ${role} key with 403 route_forbidden`,
      (context) => expectEveryProbe(context, role, 'forbiddenRoutes', 'route_forbidden'),
    );
  }
});

describe('routes without a scope rule (keyring unscopedRoutes)', () => {
  for (const role of SCOPED_ROLES) {
    check(
      `auth.unscoped-routes.${role}`,
      ['AUTH-22', 'ERR-11', 'ERR-01', 'VER-03'],
      `every route without a scope rule refuses the scoped ${role} key with 403 route_not_in_scope_table`,
      (context) => expectEveryProbe(context, role, 'unscopedRoutes', 'route_not_in_scope_table'),
    );
  }
});
