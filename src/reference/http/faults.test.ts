import { describe, expect, it } from 'vitest';
import { PERSONA, PLUGIN, personaBody, pluginBody } from '../testing/fixtures.ts';
import { describeFaultProbes, type FaultProbe } from '../testing/fault-probes.ts';
import { harnessForFile, startHarness, type Harness } from '../testing/harness.ts';
import { HTTP_FAULTS, httpFault, type HttpFault } from './faults.ts';

/** Each planted fault must visibly change what a caller gets, or the self-test proves nothing. */

/** A route refusal (an HttpError): get for an assistant that does not exist is a 400. */
const refusal = (h: Harness) => h.call('full', 'POST', PERSONA.get('no-such-assistant'));

async function listAfterCreating(h: Harness): Promise<Record<string, unknown>> {
  await h.call('full', 'POST', PERSONA.create, { body: personaBody() });
  return (await h.call('full', 'POST', PERSONA.list())).json;
}

const PROBES: Record<HttpFault, FaultProbe> = {
  'http.errors-always-400': async (h) =>
    (await h.call('full', 'PUT', PLUGIN.update, { body: { title: 'probe_plugin', __v: 0 } })).status,
  'http.error-message-as-error': async (h) => Object.keys((await refusal(h)).json).sort(),
  'http.errors-as-text': async (h) => (await refusal(h)).headers['content-type'],
  'http.page-default-zero': async (h) => (await listAfterCreating(h)).currentPage,
  'http.total-pages-floor': async (h) => (await listAfterCreating(h)).totalPages,
  'http.object-id-base64': async (h) => {
    const [first] = (await listAfterCreating(h)).allPersonas as { _id: string }[];
    return /^[0-9a-f]{24}$/.test(first?._id ?? '');
  },
  'http.presence-as-truthiness': async (h) =>
    (await h.call('plugins:edit', 'POST', PLUGIN.create, { body: pluginBody({ isPublic: false, tags: [] }) }))
      .status,
  'http.version-in-header': async (h) => (await h.call('full', 'GET', '/kb')).status,
  'http.kb-routes-outside-base': async (h) => (await h.call('full', 'GET', '/kb')).status,
  'http.post-answers-201': async (h) => (await h.call('full', 'POST', PERSONA.list())).status,
  'http.delete-answers-204': async (h) => {
    const body = personaBody();
    await h.call('full', 'POST', PERSONA.create, { body });
    return (await h.call('full', 'DELETE', PERSONA.delete(String(body.customPersonaId)))).status;
  },
};

const unfaulted = harnessForFile();

describeFaultProbes('http faults', HTTP_FAULTS, PROBES);

describe('http faults beyond their probes', () => {
  it('is off outside a request, whatever servers run with faults', async () => {
    const faulted = await startHarness({ faults: Object.keys(HTTP_FAULTS) });
    try {
      expect(httpFault('http.object-id-base64')).toBe(false);
    } finally {
      await faulted.close();
    }
  });

  it('stays with its own server when a faulted and an unfaulted one answer at once', async () => {
    const faulted = await startHarness({ faults: ['http.errors-as-text'] });
    try {
      const replies = await Promise.all([
        refusal(faulted),
        refusal(unfaulted),
        refusal(faulted),
        refusal(unfaulted),
      ]);
      expect(replies.map((r) => String(r.headers['content-type']).split(';')[0])).toEqual([
        'text/plain',
        'application/json',
        'text/plain',
        'application/json',
      ]);
    } finally {
      await faulted.close();
    }
  });
});
