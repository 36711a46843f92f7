import type { FastifyPluginCallback } from 'fastify';
import { operationRoute } from '../http/operation-route.ts';
import { queryOf, readString } from '../http/query.ts';
import { VOICE_CATALOG } from './catalog.ts';

/** `GET /users/get_voice_clone`: the catalog, or the voices whose title equals `title` exactly. */
export const voiceRoutes: FastifyPluginCallback = (api, _options, done) => {
  api.route({
    ...operationRoute('listVoices'),
    handler: (request) => {
      const title = readString(queryOf(request), 'title');
      const data = title === undefined ? VOICE_CATALOG : VOICE_CATALOG.filter((v) => v.title === title);
      return { status: true, message: data.length > 0 ? 'voices fetched' : 'no voice matches', data };
    },
  });
  done();
};
