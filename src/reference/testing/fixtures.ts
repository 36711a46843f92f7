import { VOICE_CATALOG } from '../voices/catalog.ts';

let counter = 0;

/** A customPersonaId or plugin title no other test of the process uses. */
function uniqueId(prefix: string): string {
  counter += 1;
  return `${prefix}_${process.pid}_${counter}`;
}

export const VOICE = VOICE_CATALOG[0]!;

/** An object's keys in sorted order: the fields an answer carries, whatever their order. */
export const sortedKeys = (value: object): string[] => Object.keys(value).sort();

/** A valid create-assistant body; overrides replace fields, `undefined` removes one. */
export function personaBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return withOverrides(
    {
      name: 'Test assistant',
      customPersonaId: uniqueId('persona'),
      isPublic: false,
      voice: VOICE._id,
      tags: [],
    },
    overrides,
  );
}

export const FUNC_RUN = 'def _run(self, city):\n    return {"city": city, "forecast": "sunny"}\n';
export const FUNC_SCHEMA = JSON.stringify({
  name: 'weather',
  parameters: { type: 'object', properties: { city: { type: 'string' } } },
});

/** A valid create-plugin body with all twelve required fields. */
export function pluginBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return withOverrides(
    {
      title: uniqueId('plugin'),
      name: 'Weather',
      tags: ['weather'],
      authentication_required: false,
      os: ['nt', 'web'],
      human_description: 'Looks up the weather',
      ai_description: 'Call with a city to get its forecast',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      func_schema: FUNC_SCHEMA,
      func_run: FUNC_RUN,
      isPublic: false,
      isAnonymous: false,
    },
    overrides,
  );
}

function withOverrides(
  base: Record<string, unknown>,
  overrides: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out;
}

/** Routes of an API, for the persona module. */
export const PERSONA = {
  list: (session = 'session') => `/persona/enterprise/getAllPersonas/${session}`,
  search: '/persona/enterprise/searchPersonas',
  get: (id: string) => `/persona/enterprise/getPersona/session/${encodeURIComponent(id)}`,
  create: '/persona/enterprise/createPersona',
  update: '/persona/enterprise/updatePersona',
  delete: (id: string) => `/persona/enterprise/deletePersona/session/${encodeURIComponent(id)}`,
  share: (id: string) => `/persona/enterprise/sharePersona/${encodeURIComponent(id)}`,
  transfer: (objectId: string) => `/persona/enterprise/transferOwnership/${encodeURIComponent(objectId)}`,
} as const;

export const PLUGIN = {
  list: (user = 'user') => `/users/enterprise/getallplugin/${user}`,
  get: '/users/enterprise/getPlugin',
  search: '/users/enterprise/searchPlugin',
  create: '/plugin/enterprise/createGlobalPlugin',
  update: '/plugin/enterprise/updateGlobalPlugin',
  delete: '/plugin/enterprise/deleteGlobalPlugin',
} as const;

export const VOICES = '/users/get_voice_clone';
