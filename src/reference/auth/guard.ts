import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LEVELS, type Level, type Scope } from '../../spec/openapi.ts';
import { NO_FAULTS, type FaultSwitch } from '../fault-switch.ts';
import {
  invalidBearerToken,
  keyExpired,
  keyRevoked,
  routeForbidden,
  routeHidden,
  routeNotInScopeTable,
  scopeDenied,
  clientIdRequired,
  withoutFlags,
  type AuthFailure,
} from './auth-errors.ts';
import { authFault, type AuthFault } from './faults.ts';
import { fullAccess } from './keyring.ts';
import type { ApiKey, KeyStore } from './keys.ts';
import { isKnowledgeBaseRoute, legacyAllows } from './legacy-allowlist.ts';
import { levelSatisfies, type ScopeMap } from './levels.ts';
import { FORBIDDEN_ROUTE_KEYS } from './probe-routes.ts';
import { judgedOnAnyModule, routeKey } from './scope-table.ts';

/** The scheme is case-insensitive (RFC 9110); exactly one token must follow it. */
const BEARER = /^Bearer +(\S+) *$/i;
/** What the `auth.token-scheme-accepted` fault reads instead. */
const BEARER_OR_TOKEN = /^(?:Bearer|Token) +(\S+) *$/i;

/** The account owning a share token's assistant; consulted only under `auth.share-token-accepted`. */
export type ShareTokenAccount = (token: string) => string | undefined;

/** The key a share token turns into under the `auth.share-token-accepted` fault. */
function shareTokenAsKey(token: string, shareTokenAccount: ShareTokenAccount): ApiKey | undefined {
  const accountId = shareTokenAccount(token);
  return accountId === undefined
    ? undefined
    : { id: 'share-token', secret: token, accountId, scopes: fullAccess() };
}

/** The key named by an `Authorization` header, or the 401 every other header gets. */
export function authenticate(
  header: string | undefined,
  keys: KeyStore,
  faults: FaultSwitch = NO_FAULTS,
  shareTokenAccount: ShareTokenAccount = () => undefined,
): ApiKey | AuthFailure {
  const fault = (id: AuthFault) => authFault(faults, id);
  const scheme = fault('auth.token-scheme-accepted') ? BEARER_OR_TOKEN : BEARER;
  const secret = header === undefined ? undefined : scheme.exec(header)?.[1];
  if (secret === undefined) return invalidBearerToken();
  const key =
    keys.find(secret) ??
    (fault('auth.share-token-accepted') ? shareTokenAsKey(secret, shareTokenAccount) : undefined);
  if (key) return key;
  return fault('auth.unknown-key-as-revoked') ? keyRevoked() : invalidBearerToken();
}

export interface RouteContext {
  method: string;
  /** The matched Fastify route template with the API prefix, e.g. `/api/v1/kb/:kbId/query`. */
  url: string;
}

/** The highest level a key holds in any module, which `auth.module-ignored` and the any-module rows compare. */
function highestLevel(scopes: ScopeMap | undefined): Level | undefined {
  const held = Object.values(scopes ?? {});
  return LEVELS.filter((level) => held.includes(level)).at(-1);
}

/** Whether `held` passes the scope; `levelSatisfies` is the documented rule, the rest planted faults. */
function levelPasses(held: Level | undefined, scope: Scope, fault: (id: AuthFault) => boolean): boolean {
  if (held !== undefined) {
    const have = LEVELS.indexOf(held);
    const need = LEVELS.indexOf(scope.level);
    if (fault('auth.exact-level-only')) return have === need;
    if (fault('auth.level-off-by-one')) return have >= need - 1;
    if (fault('auth.edit-may-delete') && scope.destructive) return have >= LEVELS.indexOf('edit');
  }
  return levelSatisfies(held, scope.level);
}

/** Manage on every module: the `full` key, whom `auth.forbidden-routes-open-to-full` lets through. */
function holdsEverything(key: ApiKey): boolean {
  return Object.entries(fullAccess()).every(
    ([module, level]) => key.scopes?.[module as keyof ScopeMap] === level,
  );
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
  faults: FaultSwitch = NO_FAULTS,
): AuthFailure | undefined {
  const fault = (id: AuthFault) => authFault(faults, id);
  if (key.revoked) return fault('auth.revoked-as-invalid-bearer') ? invalidBearerToken() : keyRevoked();
  if (
    key.expiresAt !== undefined &&
    Date.parse(key.expiresAt) <= now.getTime() &&
    !fault('auth.expiry-ignored')
  ) {
    return keyExpired(fault('auth.expiry-message-without-date') ? undefined : key.expiresAt);
  }
  // An unmatched path gets the 404 handler once the key is known to be good.
  if (route === undefined) return undefined;
  const id = routeKey(route.method, route.url);
  if (FORBIDDEN_ROUTE_KEYS.has(id) && !fault('auth.forbidden-routes-unlisted')) {
    if (fault('auth.forbidden-routes-open-to-full') && holdsEverything(key)) return undefined;
    if (fault('auth.forbidden-routes-hidden')) return routeHidden();
    if (fault('auth.forbidden-routes-generic-code')) return routeNotInScopeTable('forbidden');
    return routeForbidden('route is not available to API keys');
  }
  if (key.legacy) {
    if (isKnowledgeBaseRoute(route.url)) {
      if (fault('auth.legacy-reaches-kb')) return undefined;
      if (fault('auth.legacy-kb-not-in-scope-table')) return routeNotInScopeTable();
      return routeForbidden(
        'legacy unrestricted keys cannot reach /kb routes; reissue the key with a scope map',
      );
    }
    return legacyAllows(route.url) ? undefined : routeForbidden('route is not on the legacy key allowlist');
  }
  const scope = scopeTable.get(id);
  if (scope === undefined) {
    if (fault('auth.unscoped-routes-open')) return undefined;
    if (fault('auth.unscoped-routes-forbidden')) return routeForbidden('route is not available to API keys');
    if (fault('auth.unscoped-routes-hidden')) return routeHidden();
    return routeNotInScopeTable(fault('auth.unscoped-code-truncated') ? 'route_not_in_scope' : undefined);
  }
  // A planted fault: the voice catalog, picked from in the assistant editor, also takes an assistants key.
  if (fault('auth.voices-accept-assistants') && scope.module === 'voices' && key.scopes?.assistants) {
    return undefined;
  }
  const held =
    fault('auth.module-ignored') || judgedOnAnyModule(id, faults)
      ? highestLevel(key.scopes)
      : key.scopes?.[scope.module];
  return levelPasses(held, scope, fault) ? undefined : scopeDenied(scope.module, scope.level, held, faults);
}

/** A scoped key holding a higher level in the route's module than the route needs (not `full`). */
function aboveNeededLevel(key: ApiKey, route: RouteContext, scopeTable: ReadonlyMap<string, Scope>): boolean {
  const scope = scopeTable.get(routeKey(route.method, route.url));
  const held = scope === undefined ? undefined : key.scopes?.[scope.module];
  if (scope === undefined || held === undefined || holdsEverything(key)) return false;
  return LEVELS.indexOf(held) > LEVELS.indexOf(scope.level);
}

/** A route of the voices module (the catalog): only the `auth.voice-catalog-public` fault asks. */
function isVoiceRoute(route: RouteContext, scopeTable: ReadonlyMap<string, Scope>): boolean {
  return scopeTable.get(routeKey(route.method, route.url))?.module === 'voices';
}

function isFailure(result: ApiKey | AuthFailure): result is AuthFailure {
  return 'status' in result && 'body' in result;
}

function refuse(reply: FastifyReply, failure: AuthFailure, faults: FaultSwitch): FastifyReply {
  if (failure.status === 401) void reply.header('www-authenticate', 'Bearer');
  const body =
    failure.status === 403 && authFault(faults, 'auth.gate-without-flags')
      ? withoutFlags(failure.body)
      : failure.body;
  return reply.code(failure.status).send(body);
}

export interface GuardOptions {
  keys: KeyStore;
  scopeTable: ReadonlyMap<string, Scope>;
  now?: () => Date;
  /** Planted faults for the self-test; none by default. */
  faults?: FaultSwitch;
  shareTokenAccount?: ShareTokenAccount;
}

/** Root `onRequest` hook: every request, matched or not, is authenticated before anything else. */
export function installGuard(app: FastifyInstance, options: GuardOptions): void {
  const now = options.now ?? (() => new Date());
  const faults = options.faults ?? NO_FAULTS;
  /** Keys that made a request, for the `auth.first-request-opens-session` fault. */
  const openedSessions = new Set<string>();
  app.decorateRequest('caller', null, []);
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    const authenticated = authenticate(
      request.headers.authorization,
      options.keys,
      faults,
      options.shareTokenAccount,
    );
    const url = request.routeOptions.url;
    const route = url === undefined ? undefined : { method: request.method, url };
    if (isFailure(authenticated)) {
      // A planted fault: the voice catalog is served without judging the Authorization header.
      if (
        authFault(faults, 'auth.voice-catalog-public') &&
        route &&
        isVoiceRoute(route, options.scopeTable)
      ) {
        request.caller = { accountId: '', keyId: '' };
        done();
        return;
      }
      refuse(reply, authenticated, faults);
      return;
    }
    if (authFault(faults, 'auth.client-id-handshake') && request.headers['x-client-id'] === undefined) {
      refuse(reply, clientIdRequired(), faults);
      return;
    }
    // A planted fault: a key's first request only opens a session, and is refused.
    if (authFault(faults, 'auth.first-request-opens-session') && !openedSessions.has(authenticated.id)) {
      openedSessions.add(authenticated.id);
      refuse(reply, clientIdRequired(), faults);
      return;
    }
    const refused = authorize(authenticated, route, options.scopeTable, now(), faults);
    if (refused) {
      refuse(reply, refused, faults);
      return;
    }
    if (
      route &&
      authFault(faults, 'auth.higher-level-not-found') &&
      aboveNeededLevel(authenticated, route, options.scopeTable)
    ) {
      void reply.code(404).send({ message: 'Not Found' });
      return;
    }
    request.caller = { accountId: authenticated.accountId, keyId: authenticated.id };
    done();
  });
}
