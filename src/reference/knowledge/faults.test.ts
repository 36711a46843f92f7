import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeFaultProbes, type FaultProbe } from '../testing/fault-probes.ts';
import type { As, Harness } from '../testing/harness.ts';
import { PERSONA, personaBody } from '../testing/fixtures.ts';
import { KNOWLEDGE_FAULTS, type KnowledgeFault } from './faults.ts';

/** Each planted fault must visibly break the behaviour it names, or the self-test proves nothing. */
async function createBase(h: Harness, name = 'Handbook', as: As = 'full'): Promise<string> {
  const { status, json } = await h.call(as, 'POST', '/kb', { body: { name } });
  if (status !== 201 || typeof json.kbId !== 'string') throw new Error(`create base failed: ${status}`);
  return json.kbId;
}

async function createPersona(h: Harness): Promise<string> {
  const body = personaBody();
  const { status } = await h.call('full', 'POST', PERSONA.create, { body });
  if (status !== 200 && status !== 201) throw new Error(`create assistant failed: ${status}`);
  return String(body.customPersonaId);
}

async function ingestText(h: Harness, kbId: string, text: string, title: string): Promise<string> {
  const { status, json } = await h.call('full', 'POST', `/kb/${kbId}/ingest-text`, {
    body: { text, title, mode: 'vector' },
  });
  if (status !== 200) throw new Error(`ingest-text failed: ${status} ${JSON.stringify(json)}`);
  return String(json.docId);
}

async function listedBases(h: Harness): Promise<number> {
  return ((await h.call('full', 'GET', '/kb')).json.kbs as unknown[]).length;
}

async function resultCount(h: Harness, kbId: string, query: Record<string, unknown>): Promise<number> {
  return ((await h.call('full', 'POST', `/kb/${kbId}/query`, { body: query })).json.results as unknown[])
    .length;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each probe returns what the fault changes; it must differ with and without the fault. */
const PROBES: Record<KnowledgeFault, FaultProbe> = {
  'kb.create-returns-200': async (h) => (await h.call('full', 'POST', '/kb', { body: { name: 'n' } })).status,
  'kb.list-shows-other-accounts': async (h) => {
    await createBase(h, 'theirs', 'other');
    return listedBases(h);
  },
  'kb.attach-no-limit': async (h) => {
    const persona = await createPersona(h);
    for (const name of ['1', '2', '3'])
      await h.call('full', 'POST', `/kb/${await createBase(h, name)}/personas/${persona}`);
    return (await h.call('full', 'POST', `/kb/${await createBase(h, '4')}/personas/${persona}`)).status;
  },
  'kb.detach-deletes-base': async (h) => {
    const persona = await createPersona(h);
    const kbId = await createBase(h);
    await h.call('full', 'POST', `/kb/${kbId}/personas/${persona}`);
    await h.call('full', 'DELETE', `/kb/${kbId}/personas/${persona}`);
    return listedBases(h);
  },
  'kb.query-ignores-topk': async (h) => {
    const kbId = await createBase(h);
    await ingestText(h, kbId, 'Filler sentence about moles. '.repeat(800), 'Moles');
    return resultCount(h, kbId, { query: 'moles', topK: 2 });
  },
  'kb.query-topk-unbounded': async (h) => {
    const kbId = await createBase(h);
    for (let n = 0; n < 22; n += 1)
      await ingestText(h, kbId, `Stoats cross the moor, survey ${n}.`, `Stoats ${n}`);
    return resultCount(h, kbId, { query: 'stoats', topK: 50 });
  },
  'kb.query-max-off-by-one': async (h) => {
    const kbId = await createBase(h);
    for (let n = 0; n < 22; n += 1)
      await ingestText(h, kbId, `Otters fish the weir, survey ${n}.`, `Otters ${n}`);
    return resultCount(h, kbId, { query: 'otters', topK: 20 });
  },
  'kb.query-any-account': async (h) => {
    const kbId = await createBase(h, 'theirs', 'other');
    return (await h.call('full', 'POST', `/kb/${kbId}/query`, { body: { query: 'anything' } })).status;
  },
  'kb.query-returns-deleted': async (h) => {
    const kbId = await createBase(h);
    const docId = await ingestText(h, kbId, 'Voles dig tunnels.', 'Voles');
    await h.call('full', 'DELETE', `/kb/${kbId}/documents/${docId}`);
    return resultCount(h, kbId, { query: 'voles' });
  },
  'kb.refresh-now-ignores-urls': async (h) => {
    let hits = 0;
    const server = createServer((_request, response) => {
      hits++;
      response.writeHead(200, { 'content-type': 'text/plain' }).end('shrews');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const kbId = await createBase(h);
      await h.call('full', 'POST', `/kb/${kbId}/ingest-url`, {
        body: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` },
      });
      await h.call('full', 'POST', `/kb/${kbId}/refresh-now`);
      // Waits for the asynchronous re-crawl's fetch, or gives up after a while when it never comes.
      for (let waited = 0; hits < 2 && waited < 2000; waited += 50) await sleep(50);
      return hits;
    } finally {
      server.close();
    }
  },
};

describeFaultProbes('planted faults of the knowledge-base module', KNOWLEDGE_FAULTS, PROBES);
