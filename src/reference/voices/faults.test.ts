import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../spec/requirements.ts';
import { startHarness, type Harness } from '../testing/harness.ts';
import { VOICES } from '../testing/fixtures.ts';
import { VOICE_FAULTS, type VoiceFault } from './faults.ts';

/** Each planted fault must visibly break the behaviour it names, or the self-test proves nothing. */
async function withFault(
  fault: VoiceFault | undefined,
  run: (h: Harness) => Promise<unknown>,
): Promise<unknown> {
  const h = await startHarness({ faults: fault ? [fault] : [] });
  try {
    return await run(h);
  } finally {
    await h.close();
  }
}

async function voices(h: Harness, query = ''): Promise<Array<Record<string, unknown>>> {
  return (await h.call('voices:view', 'GET', `${VOICES}${query}`)).json.data as Array<
    Record<string, unknown>
  >;
}

/** Each probe returns what the fault changes; it must differ with and without the fault. */
const PROBES: Record<VoiceFault, (h: Harness) => Promise<unknown>> = {
  'voices.title-substring': async (h) => (await voices(h, '?title=Av')).map((v) => v.title),
  'voices.title-case-insensitive': async (h) => (await voices(h, '?title=AVA')).map((v) => v.title),
  'voices.item-without-sample-uri': async (h) => (await voices(h)).every((v) => 'voice_sample_uri' in v),
};

describe('planted faults of the voice catalog', () => {
  const requirements = loadCatalog();

  it('has a probe for every fault it declares', () => {
    expect(Object.keys(PROBES).sort()).toEqual(Object.keys(VOICE_FAULTS).sort());
  });

  it.each(Object.entries(VOICE_FAULTS))(
    '%s names a must requirement of spec/requirements.yaml',
    (_id, fault) => {
      expect(requirements.byId.get(fault.requirement)?.kind, fault.requirement).toBe('must');
    },
  );

  it.each(Object.keys(VOICE_FAULTS) as VoiceFault[])('%s changes what the API answers', async (fault) => {
    const correct = await withFault(undefined, PROBES[fault]);
    const faulty = await withFault(fault, PROBES[fault]);
    expect(faulty).not.toEqual(correct);
  });
});
