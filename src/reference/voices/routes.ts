import type { FastifyPluginCallback } from 'fastify';
import { NO_FAULTS, type FaultSwitch } from '../fault-switch.ts';
import { operationRoute } from '../http/operation-route.ts';
import { queryOf, readString } from '../http/query.ts';
import type { StateOptions } from '../state.ts';
import { VOICE_CATALOG, type Voice } from './catalog.ts';
import { voiceFault } from './faults.ts';

/**
 * Exact match, case included: `title` names one voice, it does not search. (A case-insensitive
 * exact match would be a reasonable reading too; this one is the stricter.)
 */
function titleMatches(voice: Voice, title: string, faults: FaultSwitch): boolean {
  if (voiceFault(faults, 'voices.title-substring')) return voice.title.includes(title);
  return voice.title === title;
}

function catalogItem(voice: Voice, faults: FaultSwitch): Partial<Voice> {
  if (!voiceFault(faults, 'voices.item-without-sample-uri')) return voice;
  const { voice_sample_uri: _uri, ...item } = voice;
  return item;
}

/**
 * `GET /users/get_voice_clone`: the catalog, or the voices whose title equals `title` exactly. The
 * catalog is fixed, so the route needs the server's state only for its planted faults.
 */
export const voiceRoutes: FastifyPluginCallback<Partial<StateOptions>> = (api, options, done) => {
  const faults = options.state?.faults ?? NO_FAULTS;
  api.route({
    ...operationRoute('listVoices'),
    handler: (request) => {
      const title = readString(queryOf(request), 'title');
      const data =
        title === undefined ? VOICE_CATALOG : VOICE_CATALOG.filter((v) => titleMatches(v, title, faults));
      return {
        status: true,
        message: data.length > 0 ? 'voices fetched' : 'no voice matches',
        data: data.map((v) => catalogItem(v, faults)),
      };
    },
  });
  done();
};
