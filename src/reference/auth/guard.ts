import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Scope } from '../../spec/openapi.ts';
import {
  invalidBearerToken,
  keyExpired,
  keyRevoked,
  routeForbidden,
  routeNotInScopeTable,
  scopeDenied,
  type AuthFailure,
} from './auth-errors.ts';
import type { ApiKey, KeyStore } from './keys.ts';
import { isKnowledgeBaseRoute, legacyAllows } from './legacy-allowlist.ts';
import { levelSatisfies } from './levels.ts';
import { FORBIDDEN_ROUTE_KEYS } from './probe-routes.ts';
import { routeKey } from './scope-table.ts';

/** The scheme is case-insensitive (RFC 9110); exactly one token must follow it. */
const BEARER = /^Bearer +(\S+) *$/i;

/** The key named by an `Authorization` header, or the 401 every other header gets. */
export function authenticate(header: string | undefined, keys: KeyStore): ApiKey | AuthFailure {
  const match = header === undefined ? null : BEARER.exec(header);
  const key = match?.[1] === undefined ? undefined : keys.find(match[1]);
  return key ?? invalidBearerToken();
}

export interface RouteContext {
  method: string;
  /** The matched Fastify route template with the API prefix, e.g. `/api/v1/kb/:kbId/query`. */
  url: string;
}

/**
 * The documented order after authentication: revoked, expired, route refused to keys, legacy key
 * outside its allowlist (every `/kb` route), no scope rule, level too low.
 */
export function authorize(
  key: ApiKey,
  route: RouteContext | undefined,
  scopeTable: ReadonlyMap<string, Scope>,
  now: Date,
): AuthFailure | undefined {
  if (key.revoked) return keyRevoked();
  if (key.expiresAt !== undefined && Date.parse(key.expiresAt) <= now.getTime()) return keyExpired(key.expiresAt);
  // An unmatched path gets the 404 handler once the key is known to be good.
  if (route === undefined) return undefined;
  const id = routeKey(route.method, route.url);
  if (FORBIDDEN_ROUTE_KEYS.has(id)) return routeForbidden('route is not available to API keys');
  if (key.legacy) {
    if (isKnowledgeBaseRoute(route.url)) {
      return routeForbidden('legacy unrestricted keys cannot reach /kb routes; reissue the key with a scope map');
    }
    return legacyAllows(route.url) ? undefined : routeForbidden('route is not on the legacy key allowlist');
  }
  const scope = scopeTable.get(id);
  if (scope === undefined) return routeNotInScopeTable();
  const held = key.scopes?.[scope.module];
  return levelSatisfies(held, scope.level) ? undefined : scopeDenied(scope.module, scope.level, held);
}

function isFailure(result: ApiKey | AuthFailure): result is AuthFailure {
  return 'status' in result && 'body' in result;
}

function refuse(reply: FastifyReply, failure: AuthFailure): FastifyReply {
  if (failure.status === 401) void reply.header('www-authenticate', 'Bearer');
  return reply.code(failure.status).send(failure.body);
}

export interface GuardOptions {
  keys: KeyStore;
  scopeTable: ReadonlyMap<string, Scope>;
  now?: () => Date;
}

/** Root `onRequest` hook: every request, matched or not, is authenticated before anything else. */
export function installGuard(app: FastifyInstance, options: GuardOptions): void {
  const now = options.now ?? (() => new Date());
  app.decorateRequest('caller', null, []);
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    const authenticated = authenticate(request.headers.authorization, options.keys);
    if (isFailure(authenticated)) {
      refuse(reply, authenticated);
      return;
    }
    const url = request.routeOptions.url;
    const route = url === undefined ? undefined : { method: request.method, url };
    const refused = authorize(authenticated, route, options.scopeTable, now());
    if (refused) {
      refuse(reply, refused);
      return;
    }
    request.caller = { accountId: authenticated.accountId, keyId: authenticated.id };
    done();
  });
}
