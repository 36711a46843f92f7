import type { ApiClient } from '../http/client.ts';
import type { Spec } from '../spec/openapi.ts';
import { rawComponentSchema, requiredFields } from '../generate/component-schemas.ts';
import { draw } from '../generate/draw.ts';
import { withFreshPersonaId, withFreshPluginTitle } from '../generate/identity.ts';
import { personaCreateBody, type PersonaGeneratorOptions } from '../generate/persona.ts';
import { pluginCreateBody } from '../generate/plugin.ts';
import { catalogVoiceIds } from './voices.ts';
import { withOverrides, type BodyOverrides } from '../generate/overrides.ts';

/**
 * A realistic createPersona body drawn from the spec's schema, with a `customPersonaId` no other
 * request used, then the check's own overrides (the field the check is about).
 */
export function assistantBody(
  spec: Spec,
  options: PersonaGeneratorOptions,
  overrides: BodyOverrides = {},
): Record<string, unknown> {
  return withOverrides(withFreshPersonaId(draw(personaCreateBody(spec, options))), overrides);
}

/** A realistic createPlugin body drawn from the spec's schema, with a fresh `title`, then overrides. */
export function pluginBody(
  spec: Spec,
  prefix: string,
  overrides: BodyOverrides = {},
): Record<string, unknown> {
  return withOverrides(withFreshPluginTitle(draw(pluginCreateBody(spec, { prefix }))), overrides);
}

/**
 * The one plugin body that is written rather than drawn: every required field, a function echoing
 * its `word`, unpublished. For the steps and the model that need to know each field in advance
 * (a required field left out in turn, a `func_run` rewritten); anything else draws `pluginBody`.
 */
export function echoPluginBody(title: string): Record<string, unknown> {
  return {
    title,
    name: `Conformance ${title}`,
    tags: ['conformance'],
    authentication_required: false,
    os: ['nt'],
    human_description: 'Echoes its argument; created by the conformance suite.',
    ai_description: 'Call it with a word; it returns the same word.',
    parameters: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
    func_schema: JSON.stringify({
      name: title,
      parameters: { type: 'object', properties: { word: { type: 'string' } } },
    }),
    func_run: 'def _run(self, word):\n    return word\n',
    isPublic: false,
    isAnonymous: false,
  };
}

/**
 * Overrides publishing a plugin whose title, name, descriptions and one tag are all `term` (then
 * `overrides`): a search for `term` finds it under any reading of PL-SEARCH-02 (whichever fields a
 * search matches, and whether or not it covers unpublished plugins, a published one being in the
 * own and the public catalog). For `ctx.make().plugin(...)` or `pluginBody`.
 */
export function searchableOverrides(term: string, overrides: BodyOverrides = {}): BodyOverrides {
  return {
    title: term,
    name: term,
    tags: [term],
    human_description: term,
    ai_description: term,
    isPublic: true,
    ...overrides,
  };
}

/** A published plugin body a search for `term` certainly finds (`searchableOverrides`). */
export function searchablePluginBody(
  spec: Spec,
  prefix: string,
  term: string,
  overrides: BodyOverrides = {},
): Record<string, unknown> {
  return pluginBody(spec, prefix, searchableOverrides(term, overrides));
}

/**
 * Overrides removing every optional field of a create body (`PersonaCreateBody`,
 * `PluginCreateBody`), for a check whose observation must not vary with what was drawn.
 */
export function withoutOptionalFields(component: string): BodyOverrides {
  const properties = rawComponentSchema(component).properties;
  const required = new Set(requiredFields(component));
  const fields = typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
  return Object.fromEntries(fields.filter((f) => !required.has(f)).map((f) => [f, undefined]));
}

export { ALL_PLATFORMS } from './kinds/assistant.ts';

/**
 * Draws createPersona bodies with `voice` taken from the target's own voice catalog (read once
 * with `client`, which needs voices:view).
 */
export async function assistantDrafter(
  client: ApiClient,
  spec: Spec,
  prefix: string,
  options: Partial<Omit<PersonaGeneratorOptions, 'prefix'>> = {},
): Promise<(overrides?: BodyOverrides) => Record<string, unknown>> {
  const voiceIds = options.voiceIds ?? (await catalogVoiceIds(client));
  return (overrides = {}) => assistantBody(spec, { ...options, prefix, voiceIds }, overrides);
}
