import { faultCheck, type FaultSpec } from '../fault-switch.ts';

/**
 * Planted faults of the voice catalog, for the suite's self-test: each is one small branch at the
 * point of a plausible bug, breaking the one requirement it names.
 */
export const VOICE_FAULTS = {
  'voices.title-substring': {
    requirement: 'VOICE-12',
    breaks: 'the title filter matches any voice whose title contains the value',
  },
  // Item fields.
  'voices.item-without-sample-uri': {
    requirement: 'VOICE-08',
    breaks: 'catalog items carry no voice_sample_uri',
  },
  'voices.id-key-renamed': {
    requirement: 'VOICE-01',
    breaks: 'catalog items carry the object id as id, not _id',
  },
  'voices.title-key-renamed': {
    requirement: 'VOICE-02',
    breaks: 'catalog items carry the title as name, not title',
  },
  'voices.cloned-gender-null': {
    requirement: 'VOICE-03',
    breaks: 'a cloned voice has gender null instead of a string',
  },
  'voices.language-key-renamed': {
    requirement: 'VOICE-04',
    breaks: 'catalog items carry voice_language as language',
  },
  'voices.provider-key-renamed': {
    requirement: 'VOICE-05',
    breaks: 'catalog items carry voice_provider as provider',
  },
  'voices.type-key-renamed': {
    requirement: 'VOICE-06',
    breaks: 'catalog items carry voice_type as type',
  },
  'voices.is-public-string': {
    requirement: 'VOICE-07',
    breaks: 'isPublic is the string "true" or "false", not a boolean',
  },
  // Response and title filter.
  'voices.status-string': {
    requirement: 'VOICE-14',
    breaks: 'the catalog answers status as the string "true", not a boolean',
  },
  'voices.title-prefix': {
    requirement: 'VOICE-12',
    breaks: 'the title filter matches any voice whose title starts with the value',
  },
  'voices.data-key-renamed': {
    requirement: 'VOICE-14',
    breaks: 'the catalog answers the voices under voices, not data',
  },
  'voices.title-query-fresh-id': {
    requirement: 'VOICE-13',
    breaks: 'a title query answers the voice under a freshly minted _id that the full catalog does not hold',
  },
} as const satisfies Record<string, FaultSpec>;

export type VoiceFault = keyof typeof VOICE_FAULTS;

/** Whether a voices fault is planted. */
export const voiceFault = faultCheck(VOICE_FAULTS);
