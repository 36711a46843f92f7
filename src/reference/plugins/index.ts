import type { FastifyPluginCallback } from 'fastify';
import type { StateOptions } from '../state.ts';
import { pluginReadRoutes } from './read-routes.ts';
import { pluginWriteRoutes } from './write-routes.ts';

/** The six plugin routes. */
export const pluginRoutes: FastifyPluginCallback<StateOptions> = (api, options, done) => {
  void api.register(pluginReadRoutes, options);
  void api.register(pluginWriteRoutes, options);
  done();
};
