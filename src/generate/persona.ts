import fc from 'fast-check';
import type { Spec } from '../spec/openapi.ts';
import { componentSchema } from './component-schemas.ts';
import { fromFaker, LANGUAGE_REGIONS, realisticEmail, realisticImageUrl, slugWords } from './realistic.ts';
import { objectFromSchema } from './schema-arbitrary.ts';

export interface PersonaGeneratorOptions {
  /** The run's prefix: it starts every `customPersonaId` and `name`. */
  prefix: string;
  /** `_id` values of the target's voice catalog; `voice` is drawn from them. */
  voiceIds: readonly string[];
  /** Plugin `_id` values that exist on the target; without them `accessible_plugin` is not generated. */
  pluginIds?: readonly string[];
  /** Email addresses never to grant (e.g. a real account's owner). */
  avoidEmails?: readonly string[];
}

const PLATFORMS = ['nt', 'android', 'web'] as const;

/** Realistic values for the leaves of the assistant schemas; structure comes from the spec. */
function personaHints(options: PersonaGeneratorOptions): Record<string, fc.Arbitrary<unknown>> {
  if (options.voiceIds.length === 0) throw new Error('persona generator: the voice catalog is empty');
  const avoid = new Set((options.avoidEmails ?? []).map((e) => e.toLowerCase()));
  const hints: Record<string, fc.Arbitrary<unknown>> = {
    name: fromFaker((f) => `${options.prefix} ${f.person.fullName()}`),
    customPersonaId: slugWords().map((slug) => `${options.prefix}-${slug}`),
    voice: fc.constantFrom(...options.voiceIds),
    'tags[]': fromFaker((f) => f.word.noun()),
    tags: fromFaker((f) => f.word.noun()),
    base_sys_prompt: fromFaker(
      (f) => `You are a ${f.person.jobTitle().toLowerCase()}. ${f.lorem.paragraph()}`,
    ),
    title: fromFaker((f) => f.person.jobTitle()),
    personality: fromFaker((f) => f.lorem.sentences({ min: 1, max: 3 })),
    gender: fromFaker((f) => f.person.sex()),
    'languages[]': fromFaker((f) => f.location.language().name),
    languages: fromFaker((f) => f.location.language().name),
    'behavior[]': fromFaker((f) => f.word.adjective()),
    behavior: fromFaker((f) => f.word.adjective()),
    'hobbies[]': fromFaker((f) => f.word.noun()),
    hobbies: fromFaker((f) => f.word.noun()),
    'accessible_rag_folders[]': fromFaker((f) => f.system.directoryPath()),
    accessible_rag_folders: fromFaker((f) => f.system.directoryPath()),
    // The update table types `os` as any string or strings; the create table names the platforms.
    'os[]': fc.constantFrom(...PLATFORMS),
    os: fc.constantFrom(...PLATFORMS),
    'authorised_users_email[]': realisticEmail().filter((e) => !avoid.has(e)),
    logo: realisticImageUrl(),
    voice_language: fc.constantFrom(...LANGUAGE_REGIONS),
  };
  if (options.pluginIds && options.pluginIds.length > 0) {
    hints['accessible_plugin[]'] = fc.constantFrom(...options.pluginIds);
    hints.accessible_plugin = fc.constantFrom(...options.pluginIds);
  }
  return hints;
}

function omitted(options: PersonaGeneratorOptions): string[] {
  return options.pluginIds && options.pluginIds.length > 0 ? [] : ['accessible_plugin'];
}

/**
 * Every assistant the suite creates names at least one platform: the list filters by platform
 * (`os`, default `nt`), and one targeting none, or an unstated default, could be found by no read,
 * not even by `conformance cleanup` after an interrupted run.
 */
const PLATFORM_BOUND = { require: ['os'], minItems: { os: 1 } } as const;

/**
 * Bodies for createPersona, derived from components.schemas.PersonaCreateBody: every required field,
 * any subset of the optional ones (`os` always, with at least one platform). Stamp a fresh `customPersonaId` (identity.ts) before sending.
 */
export function personaCreateBody(
  spec: Spec,
  options: PersonaGeneratorOptions,
): fc.Arbitrary<Record<string, unknown>> {
  return objectFromSchema(componentSchema(spec, 'PersonaCreateBody'), {
    hints: personaHints(options),
    omit: omitted(options),
    ...PLATFORM_BOUND,
  });
}

/**
 * Bodies for updatePersona of the assistant `personaId`, derived from
 * components.schemas.PersonaUpdateBody: any subset of the optional fields.
 */
export function personaUpdateBody(
  spec: Spec,
  options: PersonaGeneratorOptions & { personaId: string },
): fc.Arbitrary<Record<string, unknown>> {
  return objectFromSchema(componentSchema(spec, 'PersonaUpdateBody'), {
    hints: { ...personaHints(options), personaId: fc.constant(options.personaId) },
    omit: omitted(options),
    minItems: PLATFORM_BOUND.minItems,
  });
}
