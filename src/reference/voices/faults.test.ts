import { describeFaultProbes, type FaultProbe } from '../testing/fault-probes.ts';
import type { Harness } from '../testing/harness.ts';
import { VOICES } from '../testing/fixtures.ts';
import { VOICE_FAULTS, type VoiceFault } from './faults.ts';

/** Each planted fault must visibly break the behaviour it names, or the self-test proves nothing. */
async function voices(h: Harness, query = ''): Promise<Array<Record<string, unknown>>> {
  return (await h.call('voices:view', 'GET', `${VOICES}${query}`)).json.data as Array<
    Record<string, unknown>
  >;
}

/** Each probe returns what the fault changes; it must differ with and without the fault. */
const PROBES: Record<VoiceFault, FaultProbe> = {
  'voices.title-substring': async (h) => (await voices(h, '?title=Av')).map((v) => v.title),
  'voices.item-without-sample-uri': async (h) => (await voices(h)).every((v) => 'voice_sample_uri' in v),
  'voices.id-key-renamed': async (h) => (await voices(h)).map((v) => v._id),
  'voices.title-key-renamed': async (h) => (await voices(h)).map((v) => v.title),
  'voices.cloned-gender-null': async (h) => (await voices(h)).map((v) => v.gender),
  'voices.language-key-renamed': async (h) => (await voices(h)).map((v) => v.voice_language),
  'voices.provider-key-renamed': async (h) => (await voices(h)).map((v) => v.voice_provider),
  'voices.type-key-renamed': async (h) => (await voices(h)).map((v) => v.voice_type),
  'voices.is-public-string': async (h) => (await voices(h)).map((v) => typeof v.isPublic),
  'voices.status-string': async (h) => (await h.call('voices:view', 'GET', VOICES)).json.status,
  'voices.title-prefix': async (h) => (await voices(h, '?title=Av')).map((v) => v.title),
  'voices.data-key-renamed': async (h) =>
    Object.keys((await h.call('voices:view', 'GET', VOICES)).json).sort(),
  'voices.title-query-fresh-id': async (h) => (await voices(h, '?title=Ava')).map((v) => v._id),
};

describeFaultProbes('planted faults of the voice catalog', VOICE_FAULTS, PROBES);
