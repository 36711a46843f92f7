import type { FastifyPluginCallback } from 'fastify';
import type { RouteProbe } from '../../target/keyring-types.ts';
import { API_PREFIX } from '../http/operation-route.ts';
import { routeKey } from './scope-table.ts';

/** A route outside the interface that the reference exposes so the suite can probe the guard. */
interface ProbeRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify template relative to the API prefix. */
  url: string;
  /** A concrete path a client can call (the template with its parameters filled in). */
  probe: string;
}

/** Key management, team, profile write, account switch, payment, platform admin: no key may reach them. */
export const FORBIDDEN_ROUTES: readonly ProbeRoute[] = [
  { method: 'GET', url: '/keys', probe: '/keys' },
  { method: 'POST', url: '/keys', probe: '/keys' },
  { method: 'DELETE', url: '/keys/:keyId', probe: '/keys/key_probe' },
  { method: 'POST', url: '/team/members', probe: '/team/members' },
  { method: 'PUT', url: '/profile', probe: '/profile' },
  { method: 'POST', url: '/account/switch', probe: '/account/switch' },
  { method: 'POST', url: '/payments/charge', probe: '/payments/charge' },
  { method: 'GET', url: '/admin/users', probe: '/admin/users' },
];

/** Routes of modules outside this interface: they exist but have no scope rule. */
export const UNSCOPED_ROUTES: readonly ProbeRoute[] = [
  { method: 'GET', url: '/campaigns', probe: '/campaigns' },
  { method: 'GET', url: '/channels', probe: '/channels' },
];

export const FORBIDDEN_ROUTE_KEYS: ReadonlySet<string> = new Set(
  FORBIDDEN_ROUTES.map((r) => routeKey(r.method, API_PREFIX + r.url)),
);

export function asProbes(routes: readonly ProbeRoute[]): RouteProbe[] {
  return routes.map((r) => ({ method: r.method, path: r.probe }));
}

/**
 * Registers the probe routes under the API prefix. Each answers as a working route would, so that
 * the guard alone keeps keys out: it refuses every key on the forbidden ones, and lets only legacy
 * keys (whose old allowlist admits them) reach the unscoped ones.
 */
export const probeRoutes: FastifyPluginCallback = (api, _options, done) => {
  for (const route of [...FORBIDDEN_ROUTES, ...UNSCOPED_ROUTES]) {
    api.route({ method: route.method, url: route.url, handler: () => ({ status: true, data: [] }) });
  }
  done();
};
