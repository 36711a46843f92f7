import type { FastifyPluginCallback } from 'fastify';
import type { StateOptions } from '../state.ts';
import { personaOwnerRoutes } from './owner-routes.ts';
import { personaReadRoutes } from './read-routes.ts';
import { personaWriteRoutes } from './write-routes.ts';

/** The eight persona routes. */
export const assistantRoutes: FastifyPluginCallback<StateOptions> = (api, options, done) => {
  void api.register(personaReadRoutes, options);
  void api.register(personaWriteRoutes, options);
  void api.register(personaOwnerRoutes, options);
  done();
};
