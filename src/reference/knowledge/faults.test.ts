import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it, expect } from 'vitest';
import { KNOWLEDGE_FAULTS, type KnowledgeFault } from './faults.ts';
import { ACCOUNT_B, createBase, ingestText, startKbTestApp, type KbTestApp } from './test-support.ts';

/** Each planted fault must visibly break the behaviour it names, or the self-test proves nothing. */
async function withFault(
  fault: KnowledgeFault | undefined,
  run: (app: KbTestApp) => Promise<void>,
): Promise<void> {
  const app = await startKbTestApp({ faults: fault ? [fault] : [] });
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each probe returns what the fault changes; it must differ with and without the fault. */
const PROBES: Record<KnowledgeFault, (app: KbTestApp) => Promise<unknown>> = {
  'kb.create-returns-200': async (app) => (await app.call('POST', '/kb', { json: { name: 'n' } })).status,
  'kb.list-shows-other-accounts': async (app) => {
    await createBase(app, 'theirs', ACCOUNT_B);
    return ((await app.call('GET', '/kb')).body.kbs as unknown[]).length;
  },
  'kb.attach-no-limit': async (app) => {
    app.addPersona('helper');
    for (const name of ['1', '2', '3'])
      await app.call('POST', `/kb/${await createBase(app, name)}/personas/helper`);
    return (await app.call('POST', `/kb/${await createBase(app, '4')}/personas/helper`)).status;
  },
  'kb.detach-deletes-base': async (app) => {
    app.addPersona('helper');
    const kbId = await createBase(app);
    await app.call('POST', `/kb/${kbId}/personas/helper`);
    await app.call('DELETE', `/kb/${kbId}/personas/helper`);
    return ((await app.call('GET', '/kb')).body.kbs as unknown[]).length;
  },
  'kb.query-ignores-topk': async (app) => {
    const kbId = await createBase(app);
    await ingestText(app, kbId, 'Filler sentence about moles. '.repeat(800), 'Moles');
    return (
      (await app.call('POST', `/kb/${kbId}/query`, { json: { query: 'moles', topK: 2 } })).body
        .results as unknown[]
    ).length;
  },
  'kb.query-topk-unbounded': async (app) => {
    const kbId = await createBase(app);
    for (let n = 0; n < 22; n += 1)
      await ingestText(app, kbId, `Stoats cross the moor, survey ${n}.`, `Stoats ${n}`);
    return (
      (await app.call('POST', `/kb/${kbId}/query`, { json: { query: 'stoats', topK: 50 } })).body
        .results as unknown[]
    ).length;
  },
  'kb.query-max-off-by-one': async (app) => {
    const kbId = await createBase(app);
    for (let n = 0; n < 22; n += 1)
      await ingestText(app, kbId, `Otters fish the weir, survey ${n}.`, `Otters ${n}`);
    return (
      (await app.call('POST', `/kb/${kbId}/query`, { json: { query: 'otters', topK: 20 } })).body
        .results as unknown[]
    ).length;
  },
  'kb.query-any-account': async (app) => {
    const kbId = await createBase(app, 'theirs', ACCOUNT_B);
    return (await app.call('POST', `/kb/${kbId}/query`, { json: { query: 'anything' } })).status;
  },
  'kb.query-returns-deleted': async (app) => {
    const kbId = await createBase(app);
    const { docId } = await ingestText(app, kbId, 'Voles dig tunnels.', 'Voles');
    await app.call('DELETE', `/kb/${kbId}/documents/${String(docId)}`);
    return (
      (await app.call('POST', `/kb/${kbId}/query`, { json: { query: 'voles' } })).body.results as unknown[]
    ).length;
  },
  'kb.refresh-now-ignores-urls': async (app) => {
    let hits = 0;
    const server = createServer((_request, response) => {
      hits++;
      response.writeHead(200, { 'content-type': 'text/plain' }).end('shrews');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const kbId = await createBase(app);
      await app.call('POST', `/kb/${kbId}/ingest-url`, {
        json: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` },
      });
      await app.call('POST', `/kb/${kbId}/refresh-now`);
      // Waits for the asynchronous re-crawl's fetch, or gives up after a while when it never comes.
      for (let waited = 0; hits < 2 && waited < 2000; waited += 50) await sleep(50);
      return hits;
    } finally {
      server.close();
    }
  },
};

describe('planted faults of the knowledge-base module', () => {
  it('has a probe for every fault it declares', () => {
    expect(Object.keys(PROBES).sort()).toEqual(Object.keys(KNOWLEDGE_FAULTS).sort());
  });

  it.each(Object.keys(KNOWLEDGE_FAULTS) as KnowledgeFault[])(
    '%s changes what the API answers',
    async (fault) => {
      let correct: unknown;
      let faulty: unknown;
      await withFault(undefined, async (app) => {
        correct = await PROBES[fault](app);
      });
      await withFault(fault, async (app) => {
        faulty = await PROBES[fault](app);
      });
      expect(faulty).not.toEqual(correct);
    },
  );
});
