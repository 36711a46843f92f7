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
  'voices.item-without-sample-uri': {
    requirement: 'VOICE-08',
    breaks: 'catalog items carry no voice_sample_uri',
  },
} as const satisfies Record<string, FaultSpec>;

export type VoiceFault = keyof typeof VOICE_FAULTS;

/** Whether a voices fault is planted. */
export const voiceFault = faultCheck(VOICE_FAULTS);
