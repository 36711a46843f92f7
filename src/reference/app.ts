import Fastify, { type FastifyInstance } from 'fastify';
import type { Keyring } from '../target/keyring-types.ts';
import { KEYRING_ROLES } from '../target/keyring-types.ts';
import { assistantRoutes } from './assistants/index.ts';
import { installGuard } from './auth/guard.ts';
import { seedKeys } from './auth/keyring.ts';
import { KeyStore } from './auth/keys.ts';
import { probeRoutes } from './auth/probe-routes.ts';
import { buildScopeTable } from './auth/scope-table.ts';
import { Faults } from './faults.ts';
import { frameworkErrorHandler, installErrorHandling } from './http/errors.ts';
import { installFaultContext } from './http/faults.ts';
import { installJsonParser } from './http/json-body.ts';
import { API_PREFIX } from './http/operation-route.ts';
import { registerKnowledgeRoutes } from './knowledge-wiring.ts';
import { DEFAULT_OPEN_POINTS, installOpenPointsContext, type OpenPoints } from './open-points.ts';
import { pluginRoutes } from './plugins/index.ts';
import { createState, type ReferenceState } from './state.ts';
import { voiceRoutes } from './voices/routes.ts';

/** Largest JSON body accepted; a larger one is a 413 JSON error. */
export const BODY_LIMIT_BYTES = 16 * 1024 * 1024;

export interface ReferenceAppOptions {
  /** Planted faults for the self-test, by id of the fault catalog; an unknown id throws UnknownFaultError. */
  faults?: Iterable<string>;
  /** Replaces the clock (tests). */
  now?: () => Date;
  /** Fastify's logger; off by default. */
  logger?: boolean;
  /** How the points the document leaves open are decided (open-points.ts); the default personality by default. */
  openPoints?: OpenPoints;
}

export interface ReferenceApp {
  app: FastifyInstance;
  keyring: Keyring;
  keys: KeyStore;
  state: ReferenceState;
}

/** The whole reference as a Fastify instance, not yet listening. */
export function buildReferenceApp(options: ReferenceAppOptions = {}): ReferenceApp {
  const state = createState({ faults: new Faults(options.faults), now: options.now });
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    exposeHeadRoutes: false,
    // Long enough for any customPersonaId (128) or title the routes accept, with room to refuse nicely.
    routerOptions: { maxParamLength: 512 },
    frameworkErrors: frameworkErrorHandler,
    // close() must not wait out a keep-alive client's idle connection.
    forceCloseConnections: true,
  });

  const keys = new KeyStore();
  const seeded = seedKeys(KEYRING_ROLES, state.now(), state.faults);
  for (const key of seeded.keys) keys.add(key);

  installErrorHandling(app);
  installJsonParser(app);
  installGuard(app, {
    keys,
    scopeTable: buildScopeTable(undefined, state.faults),
    now: state.now,
    faults: state.faults,
    shareTokenAccount: (token) => {
      const customPersonaId = state.shareLinks.personaOf(token);
      return customPersonaId === undefined ? undefined : state.personas.get(customPersonaId)?.ownerAccountId;
    },
  });
  installFaultContext(app, state.faults);
  installOpenPointsContext(app, options.openPoints ?? DEFAULT_OPEN_POINTS);

  void app.register(
    (api, _opts, done) => {
      void api.register(assistantRoutes, { state });
      void api.register(voiceRoutes, { state });
      void api.register(pluginRoutes, { state });
      void api.register(probeRoutes);
      registerKnowledgeRoutes(api, state);
      done();
    },
    { prefix: API_PREFIX },
  );

  return { app, keyring: seeded.keyring, keys, state };
}
