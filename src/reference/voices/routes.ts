import { inListOrder, successMessage } from '../open-points.ts';
import type { FastifyPluginCallback } from 'fastify';
import { NO_FAULTS, type FaultSwitch } from '../fault-switch.ts';
import { operationRoute } from '../http/operation-route.ts';
import { queryOf, readString } from '../http/query.ts';
import type { StateOptions } from '../state.ts';
import { VOICE_CATALOG, type Voice } from './catalog.ts';
import { newObjectId } from '../http/ids.ts';
import { voiceFault, type VoiceFault } from './faults.ts';

/**
 * Exact match, case included: `title` names one voice, it does not search. (A case-insensitive
 * exact match would be a reasonable reading too; this one is the stricter.)
 */
function titleMatches(voice: Voice, title: string, faults: FaultSwitch): boolean {
  if (voiceFault(faults, 'voices.title-substring')) return voice.title.includes(title);
  if (voiceFault(faults, 'voices.title-prefix')) return voice.title.startsWith(title);
  return voice.title === title;
}

/** Renames one field of an item, for the planted faults of a misspelt key. */
function renamed(item: Record<string, unknown>, from: keyof Voice, to: string): Record<string, unknown> {
  const { [from]: value, ...rest } = item;
  return { ...rest, [to]: value };
}

function catalogItem(voice: Voice, faults: FaultSwitch): Record<string, unknown> {
  const fault = (id: VoiceFault) => voiceFault(faults, id);
  let item: Record<string, unknown> = { ...voice };
  if (fault('voices.item-without-sample-uri')) delete item.voice_sample_uri;
  if (fault('voices.id-key-renamed')) item = renamed(item, '_id', 'id');
  if (fault('voices.title-key-renamed')) item = renamed(item, 'title', 'name');
  if (fault('voices.language-key-renamed')) item = renamed(item, 'voice_language', 'language');
  if (fault('voices.provider-key-renamed')) item = renamed(item, 'voice_provider', 'provider');
  if (fault('voices.type-key-renamed')) item = renamed(item, 'voice_type', 'type');
  if (fault('voices.cloned-gender-null') && voice.voice_type === 'cloned') item.gender = null;
  if (fault('voices.is-public-string')) item.isPublic = String(voice.isPublic);
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
      const items = inListOrder(data).map((v) => catalogItem(v, faults));
      // The planted fault: a title lookup that copies the voice under a new id.
      if (title !== undefined && voiceFault(faults, 'voices.title-query-fresh-id'))
        for (const item of items) item._id = newObjectId();
      return {
        status: voiceFault(faults, 'voices.status-string') ? 'true' : true,
        message: successMessage(data.length > 0 ? 'voices fetched' : 'no voice matches'),
        [voiceFault(faults, 'voices.data-key-renamed') ? 'voices' : 'data']: items,
      };
    },
  });
  done();
};
