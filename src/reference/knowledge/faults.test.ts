import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeFaultProbes, describeFrozenClockProbes, type FaultProbe } from '../testing/fault-probes.ts';
import type { As, Harness } from '../testing/harness.ts';
import { PERSONA, personaBody } from '../testing/fixtures.ts';
import { BETWEEN_ROWS_PROBES } from './between-rows-probes.ts';
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
  'kb.recrawl-first-only': async (h) => {
    let hits = 0;
    const server = createServer((_request, response) => {
      hits++;
      response.writeHead(200, { 'content-type': 'text/plain' }).end(`shrews ${hits}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const kbId = await createBase(h);
      await h.call('full', 'POST', `/kb/${kbId}/ingest-url`, {
        body: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` },
      });
      // Two refresh-now calls, the second once the first crawl has fetched the page.
      for (const wanted of [2, 3]) {
        await h.call('full', 'POST', `/kb/${kbId}/refresh-now`);
        for (let waited = 0; hits < wanted && waited < 2000; waited += 50) await sleep(50);
        await sleep(50);
      }
      return hits;
    } finally {
      server.close();
    }
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
  // Bases, documents, ingest and refresh.
  // Bases.
  'kb.list-kbid-as-id': async (h) => {
    const { base } = await import('./content-probe-kit.ts');
    await base(h);
    return Object.keys(
      ((await h.call('full', 'GET', '/kb')).json.kbs as Record<string, unknown>[])[0] ?? {},
    ).includes('kbId');
  },
  'kb.list-name-as-title': async (h) => {
    const { base, listedBase } = await import('./content-probe-kit.ts');
    return (await listedBase(h, await base(h)))?.name;
  },
  'kb.list-description-null': async (h) => {
    const { base, listedBase } = await import('./content-probe-kit.ts');
    return (await listedBase(h, await base(h)))?.description;
  },
  'kb.docs-count-vector-only': async (h) => {
    const { base, docId, listedBase } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await docId(h, kbId, { mode: 'inline' });
    return (await listedBase(h, kbId))?.docsCount;
  },
  'kb.total-size-kilobytes': async (h) => {
    const { base, docId, listedBase } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await docId(h, kbId);
    return (await listedBase(h, kbId))?.totalSize;
  },
  'kb.live-sources-count-urls': async (h) => {
    const { base, docId, listedBase } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await docId(h, kbId, { mode: 'inline' });
    return (await listedBase(h, kbId))?.liveSourcesCount;
  },
  'kb.auto-refresh-enabled-number': async (h) => {
    const { base, listedAutoRefresh } = await import('./content-probe-kit.ts');
    return listedAutoRefresh(h, await base(h));
  },
  'kb.interval-days-string': async (h) => {
    const { base, listedAutoRefresh } = await import('./content-probe-kit.ts');
    return listedAutoRefresh(h, await base(h));
  },
  'kb.last-refreshed-omitted': async (h) => {
    const { base, listedAutoRefresh } = await import('./content-probe-kit.ts');
    return listedAutoRefresh(h, await base(h));
  },
  'kb.next-refresh-false': async (h) => {
    const { base, listedAutoRefresh } = await import('./content-probe-kit.ts');
    return listedAutoRefresh(h, await base(h));
  },
  'kb.base-created-at-epoch': async (h) => {
    const { base, listedBase } = await import('./content-probe-kit.ts');
    return typeof (await listedBase(h, await base(h)))?.createdAt;
  },
  'kb.shared-omitted-for-own': async (h) => {
    const { base, listedBase } = await import('./content-probe-kit.ts');
    return (await listedBase(h, await base(h)))?.shared;
  },
  'kb.list-key-bases': async (h) => Object.keys((await h.call('full', 'GET', '/kb')).json),
  'kb.create-name-lowercased': async (h) =>
    (await h.call('full', 'POST', '/kb', { body: { name: 'Tide Tables' } })).json.name,
  'kb.create-description-omitted': async (h) =>
    (await h.call('full', 'POST', '/kb', { body: { name: 'n' } })).json.description,
  'kb.create-answer-id-field': async (h) =>
    typeof (await h.call('full', 'POST', '/kb', { body: { name: 'n' } })).json.kbId,
  'kb.delete-base-answer-no-kbid': async (h) => {
    const { base } = await import('./content-probe-kit.ts');
    return (await h.call('full', 'DELETE', `/kb/${await base(h)}`)).json.kbId !== undefined;
  },
  'kb.base-id-object-id': async (h) => {
    const { base } = await import('./content-probe-kit.ts');
    return (await base(h)).length;
  },
  // Documents.
  'kb.listed-doc-id-composite': async (h) => {
    const { base, docId, documents } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    const id = await docId(h, kbId);
    return (await documents(h, kbId))[0]?.docId === id;
  },
  'kb.listed-title-is-url': async (h) => {
    const { base, documents, withPage } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    const { result } = await withPage(async (url) => {
      await h.call('full', 'POST', `/kb/${kbId}/ingest-url`, { body: { url, title: 'Seals' } });
      return (await documents(h, kbId))[0]?.title;
    });
    return result;
  },
  'kb.text-source-ignored': async (h) => {
    const { base, docId, documents } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await docId(h, kbId, { source: 'crm-export' });
    return (await documents(h, kbId))[0]?.source;
  },
  'kb.text-mime-type-ignored': async (h) => {
    const { base, docId, documents } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await docId(h, kbId, { mimeType: 'text/markdown' });
    return (await documents(h, kbId))[0]?.mimeType;
  },
  'kb.chunks-count-not-stored': async (h) => {
    const { base, docId, documents } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await docId(h, kbId, { mode: 'vector' });
    return (await documents(h, kbId))[0]?.chunksCount;
  },
  'kb.file-size-null-for-text': async (h) => {
    const { base, docId, documents } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await docId(h, kbId);
    return (await documents(h, kbId))[0]?.fileSize;
  },
  'kb.listed-mode-as-requested': async (h) => {
    const { base, docId, documents } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await docId(h, kbId, { mode: 'auto' });
    return (await documents(h, kbId))[0]?.mode;
  },
  'kb.doc-created-at-locale': async (h) => {
    const { base, docId, documents } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await docId(h, kbId);
    return String((await documents(h, kbId))[0]?.createdAt).endsWith('Z');
  },
  'kb.delete-document-204': async (h) => {
    const { base, docId } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    return (await h.call('full', 'DELETE', `/kb/${kbId}/documents/${await docId(h, kbId)}`)).status;
  },
  'kb.documents-answer-no-kbid': async (h) => {
    const { base } = await import('./content-probe-kit.ts');
    return (await h.call('full', 'GET', `/kb/${await base(h)}/documents`)).json.kbId !== undefined;
  },
  'kb.delete-document-answer-no-docid': async (h) => {
    const { base, docId } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    return (
      (await h.call('full', 'DELETE', `/kb/${kbId}/documents/${await docId(h, kbId)}`)).json.docId !==
      undefined
    );
  },
  'kb.document-id-object-id': async (h) => {
    const { base, docId } = await import('./content-probe-kit.ts');
    return (await docId(h, await base(h))).length;
  },
  'kb.documents-status-true': async (h) => {
    const { base } = await import('./content-probe-kit.ts');
    return (await h.call('full', 'GET', `/kb/${await base(h)}/documents`)).json.status;
  },
  'kb.delete-document-still-listed': async (h) => {
    const { base, docId, documents } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await h.call('full', 'DELETE', `/kb/${kbId}/documents/${await docId(h, kbId)}`);
    return (await documents(h, kbId)).length;
  },
  'kb.delete-document-keeps-vector-count': async (h) => {
    const { base, docId } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await h.call('full', 'DELETE', `/kb/${kbId}/documents/${await docId(h, kbId, { mode: 'vector' })}`);
    return (await h.call('full', 'GET', `/kb/${kbId}/stats`)).json.vectorCount;
  },
  // Ingest.
  'kb.ingest-text-201': async (h) => {
    const { base, ingest } = await import('./content-probe-kit.ts');
    return (await ingest(h, await base(h), {})).status;
  },
  'kb.ingest-url-202': async (h) => {
    const { base, withPage, ingestUrl } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    return (await withPage((url) => ingestUrl(h, kbId, url))).result.status;
  },
  'kb.upload-201': async (h) => {
    const { base, upload, SHORT_TEXT } = await import('./content-probe-kit.ts');
    return (await upload(h, await base(h), 'notes.txt', SHORT_TEXT)).status;
  },
  'kb.ingest-text-reads-content': async (h) => {
    const { base, ingest } = await import('./content-probe-kit.ts');
    return (await ingest(h, await base(h), { mode: 'vector' })).json.chunksCreated;
  },
  'kb.cited-title-is-source': async (h) => {
    const { base, docId } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await docId(h, kbId, { mode: 'vector' });
    const { json } = await h.call('full', 'POST', `/kb/${kbId}/query`, { body: { query: 'herons' } });
    return (json.results as Record<string, unknown>[])[0]?.docTitle;
  },
  'kb.default-mime-charset': async (h) => {
    const { base, docId, documents } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await docId(h, kbId);
    return (await documents(h, kbId))[0]?.mimeType;
  },
  'kb.default-source-api': async (h) => {
    const { base, docId, documents } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await docId(h, kbId);
    return (await documents(h, kbId))[0]?.source;
  },
  'kb.mode-auto-refused': async (h) => {
    const { base, ingest } = await import('./content-probe-kit.ts');
    return (await ingest(h, await base(h), { mode: 'auto' })).status;
  },
  'kb.vector-answer-chunks-key': async (h) => {
    const { base, ingest } = await import('./content-probe-kit.ts');
    return Object.keys((await ingest(h, await base(h), { mode: 'vector' })).json).sort();
  },
  'kb.inline-answer-chunks-created': async (h) => {
    const { base, ingest } = await import('./content-probe-kit.ts');
    return Object.keys((await ingest(h, await base(h), { mode: 'inline' })).json).sort();
  },
  'kb.ingest-url-forces-https': async (h) => {
    const { base, withPage, ingestUrl } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    return (await withPage((url) => ingestUrl(h, kbId, url))).result.status;
  },
  'kb.url-title-defaults-to-url': async (h) => {
    const { base, withPage, ingestUrl } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    return (await withPage((url) => ingestUrl(h, kbId, url))).result.json.title;
  },
  'kb.url-answer-no-mode': async (h) => {
    const { base, withPage, ingestUrl } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    return (await withPage((url) => ingestUrl(h, kbId, url))).result.json.mode;
  },
  'kb.ingest-url-never-fetches': async (h) => {
    const { base, withPage, ingestUrl } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    return (await withPage((url) => ingestUrl(h, kbId, url))).hits;
  },
  'kb.url-text-empty': async (h) => {
    const { base, withPage, ingestUrl } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    return (await withPage((url) => ingestUrl(h, kbId, url))).result.json.chunksCreated;
  },
  'kb.upload-md-refused': async (h) => {
    const { base, upload } = await import('./content-probe-kit.ts');
    return (await upload(h, await base(h), 'cider-orchard.md')).status;
  },
  'kb.upload-title-no-extension': async (h) => {
    const { base, upload } = await import('./content-probe-kit.ts');
    return (await upload(h, await base(h), 'glacier-survey.txt')).title;
  },
  'kb.upload-answer-no-chunks': async (h) => {
    const { base, upload } = await import('./content-probe-kit.ts');
    return (await upload(h, await base(h), 'glacier-survey.txt')).chunksCreated;
  },
  'kb.scanned-pdf-refused': async (h) => {
    const { base, upload } = await import('./content-probe-kit.ts');
    return (await upload(h, await base(h), 'scanned-ledger.pdf')).status;
  },
  'kb.upload-docx-refused': async (h) => {
    const { base, upload } = await import('./content-probe-kit.ts');
    return (await upload(h, await base(h), 'apiary-notes.docx')).status;
  },
  'kb.upload-not-multipart': async (h) => {
    const { base, upload } = await import('./content-probe-kit.ts');
    return (await upload(h, await base(h), 'glacier-survey.txt')).status;
  },
  'kb.vector-mode-ignored': async (h) => {
    const { base, docId, documents } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await docId(h, kbId, { mode: 'vector' });
    return (await documents(h, kbId))[0]?.mode;
  },
  // Refresh.
  'kb.auto-refresh-204': async (h) => {
    const { base, patch } = await import('./content-probe-kit.ts');
    return (await patch(h, await base(h), { enabled: true })).status;
  },
  'kb.refresh-now-202': async (h) => {
    const { base } = await import('./content-probe-kit.ts');
    return (await h.call('full', 'POST', `/kb/${await base(h)}/refresh-now`)).status;
  },
  'kb.disable-ignored': async (h) => {
    const { base, listedAutoRefresh, patch } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await patch(h, kbId, { enabled: true });
    await patch(h, kbId, { enabled: false });
    return listedAutoRefresh(h, kbId);
  },
  'kb.interval-days-ignored': async (h) => {
    const { base, patch } = await import('./content-probe-kit.ts');
    return (await patch(h, await base(h), { enabled: true, intervalDays: 5 })).json;
  },
  'kb.days-with-hours-refused': async (h) => {
    const { base, patch } = await import('./content-probe-kit.ts');
    return (await patch(h, await base(h), { enabled: true, intervalDays: 1, intervalHours: 12 })).status;
  },
  'kb.auto-refresh-answer-flat': async (h) => {
    const { base, patch } = await import('./content-probe-kit.ts');
    return Object.keys((await patch(h, await base(h), { enabled: false })).json);
  },
  'kb.refreshed-docs-list': async (h) => {
    const { base, withPage, ingestUrl } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    const { result } = await withPage(async (url) => {
      await ingestUrl(h, kbId, url);
      return (await h.call('full', 'POST', `/kb/${kbId}/refresh-now`)).json.refreshedDocs;
    });
    return result;
  },
  'kb.refresh-now-waits': async (h) => {
    const { base, ingestUrl, PAGE } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    // The page answers the ingest at once and holds every later fetch (the re-crawl's) for a while.
    let fetches = 0;
    const server = createServer((_request, response) => {
      fetches++;
      const answer = () => response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      if (fetches === 1) answer();
      else setTimeout(answer, 1500);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await ingestUrl(h, kbId, `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const started = Date.now();
      await h.call('full', 'POST', `/kb/${kbId}/refresh-now`);
      return Date.now() - started < 1000;
    } finally {
      server.closeAllConnections();
      server.close();
    }
  },
  'kb.refreshed-docs-counts-all': async (h) => {
    const { base, docId } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await docId(h, kbId);
    return (await h.call('full', 'POST', `/kb/${kbId}/refresh-now`)).json.refreshedDocs;
  },
  'kb.auto-refresh-not-saved': async (h) => {
    const { base, listedAutoRefresh, patch } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await patch(h, kbId, { enabled: true });
    return listedAutoRefresh(h, kbId);
  },
  'kb.interval-days-capped': async (h) => {
    const { base, patch } = await import('./content-probe-kit.ts');
    return (await patch(h, await base(h), { enabled: true, intervalDays: 7 })).json;
  },
  'kb.disabled-interval-zero': async (h) => {
    const { base, listedAutoRefresh } = await import('./content-probe-kit.ts');
    return listedAutoRefresh(h, await base(h));
  },
  // Second shapes.
  'kb.list-empty-404': async (h) => (await h.call('full', 'GET', '/kb')).status,
  'kb.shared-by-key': async (h) => {
    const { base } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    const { json } = await h.call('knowledgeBase:view', 'GET', '/kb');
    return (json.kbs as Record<string, unknown>[]).find((kb) => kb.kbId === kbId)?.shared;
  },
  'kb.docs-count-never-drops': async (h) => {
    const { base, docId, listedBase } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await h.call('full', 'DELETE', `/kb/${kbId}/documents/${await docId(h, kbId)}`);
    return (await listedBase(h, kbId))?.docsCount;
  },
  'kb.documents-empty-404': async (h) => {
    const { base } = await import('./content-probe-kit.ts');
    return (await h.call('full', 'GET', `/kb/${await base(h)}/documents`)).status;
  },
  'kb.documents-of-every-base': async (h) => {
    const { base, docId, documents } = await import('./content-probe-kit.ts');
    await docId(h, await base(h));
    return (await documents(h, await base(h))).length;
  },
  'kb.delete-document-deletes-first': async (h) => {
    const { base, docId, documents } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    const first = await docId(h, kbId);
    await h.call('full', 'DELETE', `/kb/${kbId}/documents/${await docId(h, kbId)}`);
    return (await documents(h, kbId)).map((doc) => doc.docId === first);
  },
  'kb.recrawl-url-labels': async (h) => {
    const { base, docId, withPage } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    const { hits } = await withPage(async (url) => {
      await docId(h, kbId, { source: url });
      await h.call('full', 'POST', `/kb/${kbId}/refresh-now`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    return hits;
  },
  'kb.interval-implies-enabled': async (h) => {
    const { base, listedAutoRefresh, patch } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await patch(h, kbId, { enabled: false, intervalDays: 2 });
    return listedAutoRefresh(h, kbId);
  },
  'kb.inline-mode-short-only': async (h) => {
    const { base, docId, documents, SHORT_TEXT } = await import('./content-probe-kit.ts');
    const kbId = await base(h);
    await docId(h, kbId, { mode: 'inline', text: `${SHORT_TEXT} `.repeat(200) });
    return (await documents(h, kbId))[0]?.mode;
  },
  'kb.upload-title-after-file-ignored': async (h) => {
    const { base, upload, SHORT_TEXT } = await import('./content-probe-kit.ts');
    return (await upload(h, await base(h), 'notes.txt', SHORT_TEXT, 'Heron notes')).title;
  },
  'kb.upload-any-field-is-title': async (h) => {
    const { base, upload, SHORT_TEXT } = await import('./content-probe-kit.ts');
    return (await upload(h, await base(h), 'notes.txt', SHORT_TEXT, undefined, { note: 'second copy' }))
      .title;
  },
  'kb.disable-answer-interval-null': async (h) => {
    const { base, patch } = await import('./content-probe-kit.ts');
    return (await patch(h, await base(h), { enabled: false })).json;
  },
  'kb.empty-text-one-chunk': async (h) => {
    const { base, upload } = await import('./content-probe-kit.ts');
    return (await upload(h, await base(h), 'scanned-ledger.pdf')).chunksCreated;
  },
  // Attachments, query and stats.
  'kb.persona-bases-counts-at-attach': async (h) => {
    const persona = await createPersona(h);
    const kbId = await createBase(h);
    await h.call('full', 'POST', `/kb/${kbId}/personas/${persona}`);
    await ingestText(h, kbId, 'Foxes den in banks.', 'Foxes');
    return (await h.call('full', 'GET', `/kb/persona/${persona}`)).json.kbs;
  },
  'kb.query-top-k-20-refused': async (h) =>
    (await h.call('full', 'POST', `/kb/${await createBase(h)}/query`, { body: { query: 'x', topK: 20 } }))
      .status,
  'kb.stats-empty-base-not-found': async (h) =>
    (await h.call('full', 'GET', `/kb/${await createBase(h)}/stats`)).status,
  'kb.query-empty-base-not-found': async (h) =>
    (await h.call('full', 'POST', `/kb/${await createBase(h)}/query`, { body: { query: 'x' } })).status,
  'kb.query-title-is-base-name': async (h) => {
    const kbId = await createBase(h);
    await ingestText(h, kbId, 'Wolves howl at night.', 'Wolves');
    return (await h.call('full', 'POST', `/kb/${kbId}/query`, { body: { query: 'wolves' } })).json;
  },
  'kb.update-any-account': async (h) => {
    const persona = await createPersona(h);
    const kbId = await createBase(h);
    await h.call('full', 'POST', `/kb/${kbId}/personas/${persona}`);
    return (await h.call('other', 'PATCH', `/kb/${kbId}/personas/${persona}`, { body: { enabled: false } }))
      .status;
  },
  'kb.attach-answer-shows-defaults': async (h) =>
    (
      await h.call('full', 'POST', `/kb/${await createBase(h)}/personas/${await createPersona(h)}`, {
        body: { grounding_mode: 'strict' },
      })
    ).json,
  'kb.attach-remembers-detached': async (h) => {
    const path = `/kb/${await createBase(h)}/personas/${await createPersona(h)}`;
    await h.call('full', 'POST', path);
    await h.call('full', 'DELETE', path);
    return (await h.call('full', 'POST', path)).json;
  },
  'kb.update-mode-enables': async (h) => {
    const persona = await createPersona(h);
    const path = `/kb/${await createBase(h)}/personas/${persona}`;
    await h.call('full', 'POST', path, { body: { enabled: false } });
    await h.call('full', 'PATCH', path, { body: { grounding_mode: 'strict' } });
    return (await h.call('full', 'GET', `/kb/persona/${persona}`)).json.kbs;
  },
  'kb.attach-limit-soft-refusal': async (h) => {
    const persona = await createPersona(h);
    for (const name of ['1', '2', '3'])
      await h.call('full', 'POST', `/kb/${await createBase(h, name)}/personas/${persona}`);
    return (await h.call('full', 'POST', `/kb/${await createBase(h, '4')}/personas/${persona}`)).status;
  },
  'kb.detach-newest-attachment': async (h) => {
    const persona = await createPersona(h);
    const kbIds = [await createBase(h, '1'), await createBase(h, '2')];
    for (const kbId of kbIds) await h.call('full', 'POST', `/kb/${kbId}/personas/${persona}`);
    await h.call('full', 'DELETE', `/kb/${kbIds[0]}/personas/${persona}`);
    return (await h.call('full', 'GET', `/kb/persona/${persona}`)).json.kbs;
  },
  'kb.attach-any-account': async (h) => {
    const persona = await createPersona(h);
    const kbId = await createBase(h, 'theirs', 'other');
    return (await h.call('full', 'POST', `/kb/${kbId}/personas/${persona}`)).status;
  },
  'kb.attach-mode-ignored': async (h) => {
    const persona = await createPersona(h);
    await h.call('full', 'POST', `/kb/${await createBase(h)}/personas/${persona}`, {
      body: { grounding_mode: 'strict' },
    });
    return (await h.call('full', 'GET', `/kb/persona/${persona}`)).json.kbs;
  },
  'kb.update-first-attachment': async (h) => {
    const persona = await createPersona(h);
    const kbIds = [await createBase(h, '1'), await createBase(h, '2')];
    for (const kbId of kbIds) await h.call('full', 'POST', `/kb/${kbId}/personas/${persona}`);
    await h.call('full', 'PATCH', `/kb/${kbIds[1]}/personas/${persona}`, { body: { enabled: false } });
    return (await h.call('full', 'GET', `/kb/persona/${persona}`)).json.kbs;
  },
  'kb.delete-base-detaches-first-only': async (h) => {
    const personas = [await createPersona(h), await createPersona(h)];
    const kbId = await createBase(h);
    for (const persona of personas) await h.call('full', 'POST', `/kb/${kbId}/personas/${persona}`);
    await h.call('full', 'DELETE', `/kb/${kbId}`);
    return (await h.call('full', 'POST', PERSONA.get(personas[1] ?? ''))).json;
  },
  'kb.stats-any-account': async (h) => {
    const kbId = await createBase(h, 'theirs', 'other');
    return (await h.call('full', 'GET', `/kb/${kbId}/stats`)).status;
  },
  'kb.detach-any-account': async (h) => {
    const persona = await createPersona(h);
    const kbId = await createBase(h);
    await h.call('full', 'POST', `/kb/${kbId}/personas/${persona}`);
    await h.call('other', 'DELETE', `/kb/${kbId}/personas/${persona}`);
    return ((await h.call('full', 'GET', `/kb/persona/${persona}`)).json.kbs as unknown[]).length;
  },
  'kb.stats-documents-vector-only': async (h) => {
    const kbId = await createBase(h);
    await h.call('full', 'POST', `/kb/${kbId}/ingest-text`, {
      body: { text: 'Ospreys nest high.', title: 'Ospreys', mode: 'inline' },
    });
    return (await h.call('full', 'GET', `/kb/${kbId}/stats`)).json.documentsCount;
  },
  'kb.attach-again-duplicates': async (h) => {
    const persona = await createPersona(h);
    const path = `/kb/${await createBase(h)}/personas/${persona}`;
    await h.call('full', 'POST', path);
    await h.call('full', 'POST', path);
    return ((await h.call('full', 'GET', `/kb/persona/${persona}`)).json.kbs as unknown[]).length;
  },
  'kb.update-disable-detaches': async (h) => {
    const persona = await createPersona(h);
    const path = `/kb/${await createBase(h)}/personas/${persona}`;
    await h.call('full', 'POST', path);
    await h.call('full', 'PATCH', path, { body: { enabled: false } });
    return ((await h.call('full', 'GET', `/kb/persona/${persona}`)).json.kbs as unknown[]).length;
  },
  'kb.attach-enabled-truthiness': async (h) =>
    (
      await h.call('full', 'POST', `/kb/${await createBase(h)}/personas/${await createPersona(h)}`, {
        body: { enabled: false },
      })
    ).json.enabled,
  'kb.attach-limit-counts-all-assistants': async (h) => {
    const first = await createPersona(h);
    for (const name of ['1', '2', '3'])
      await h.call('full', 'POST', `/kb/${await createBase(h, name)}/personas/${first}`);
    return (
      await h.call('full', 'POST', `/kb/${await createBase(h, '4')}/personas/${await createPersona(h)}`)
    ).status;
  },
  'kb.attach-limit-enabled-only': async (h) => {
    const persona = await createPersona(h);
    for (const name of ['1', '2', '3'])
      await h.call('full', 'POST', `/kb/${await createBase(h, name)}/personas/${persona}`, {
        body: { enabled: name !== '1' },
      });
    return (await h.call('full', 'POST', `/kb/${await createBase(h, '4')}/personas/${persona}`)).status;
  },
  'kb.query-top-k-plus-one': async (h) => {
    const kbId = await createBase(h);
    for (let n = 0; n < 8; n += 1)
      await ingestText(h, kbId, `Lynx stalk the forest, survey ${n}.`, `Lynx ${n}`);
    return resultCount(h, kbId, { query: 'lynx' });
  },
  'kb.query-results-cached': async (h) => {
    const kbId = await createBase(h);
    const docId = await ingestText(h, kbId, 'Beavers build dams.', 'Beavers');
    await resultCount(h, kbId, { query: 'beavers' });
    await h.call('full', 'DELETE', `/kb/${kbId}/documents/${docId}`);
    return resultCount(h, kbId, { query: 'beavers' });
  },
  'kb.attach-drops-earlier-chunks': async (h) => {
    const kbId = await createBase(h);
    await ingestText(h, kbId, 'Martens climb pines.', 'Martens');
    await h.call('full', 'POST', `/kb/${kbId}/personas/${await createPersona(h)}`);
    return resultCount(h, kbId, { query: 'martens' });
  },
  'kb.attach-replaces-others': async (h) => {
    const persona = await createPersona(h);
    for (const name of ['1', '2'])
      await h.call('full', 'POST', `/kb/${await createBase(h, name)}/personas/${persona}`);
    return ((await h.call('full', 'GET', `/kb/persona/${persona}`)).json.kbs as unknown[]).length;
  },
  'kb.query-answers-201': async (h) =>
    (await h.call('full', 'POST', `/kb/${await createBase(h)}/query`, { body: { query: 'x' } })).status,
  'kb.query-needs-topk': async (h) =>
    (await h.call('full', 'POST', `/kb/${await createBase(h)}/query`, { body: { query: 'x' } })).status,
  'kb.query-default-top-k-10': async (h) => {
    const kbId = await createBase(h);
    for (let n = 0; n < 12; n += 1)
      await ingestText(h, kbId, `Hares box in spring, survey ${n}.`, `Hares ${n}`);
    return resultCount(h, kbId, { query: 'hares' });
  },
  'kb.query-text-as-content': async (h) => {
    const kbId = await createBase(h);
    await ingestText(h, kbId, 'Badgers forage at dusk.', 'Badgers');
    return (await h.call('full', 'POST', `/kb/${kbId}/query`, { body: { query: 'badgers' } })).json;
  },
  'kb.query-score-as-string': async (h) => {
    const kbId = await createBase(h);
    await ingestText(h, kbId, 'Badgers forage at dusk.', 'Badgers');
    return (await h.call('full', 'POST', `/kb/${kbId}/query`, { body: { query: 'badgers' } })).json;
  },
  'kb.query-title-is-doc-id': async (h) => {
    const kbId = await createBase(h);
    await ingestText(h, kbId, 'Badgers forage at dusk.', 'Badgers');
    return (await h.call('full', 'POST', `/kb/${kbId}/query`, { body: { query: 'badgers' } })).json;
  },
  'kb.query-doc-id-with-chunk': async (h) => {
    const kbId = await createBase(h);
    await ingestText(h, kbId, 'Badgers forage at dusk.', 'Badgers');
    return (await h.call('full', 'POST', `/kb/${kbId}/query`, { body: { query: 'badgers' } })).json;
  },
  'kb.query-chunk-index-as-string': async (h) => {
    const kbId = await createBase(h);
    await ingestText(h, kbId, 'Badgers forage at dusk.', 'Badgers');
    return (await h.call('full', 'POST', `/kb/${kbId}/query`, { body: { query: 'badgers' } })).json;
  },
  'kb.query-answer-without-kbid': async (h) => {
    const kbId = await createBase(h);
    await ingestText(h, kbId, 'Badgers forage at dusk.', 'Badgers');
    return (await h.call('full', 'POST', `/kb/${kbId}/query`, { body: { query: 'badgers' } })).json;
  },
  'kb.stats-documents-as-chunks': async (h) => {
    const kbId = await createBase(h);
    await ingestText(h, kbId, 'Filler sentence about newts. '.repeat(800), 'Newts');
    return (await h.call('full', 'GET', `/kb/${kbId}/stats`)).json;
  },
  'kb.attach-limit-off-by-one': async (h) => {
    const persona = await createPersona(h);
    for (const name of ['1', '2'])
      await h.call('full', 'POST', `/kb/${await createBase(h, name)}/personas/${persona}`);
    return (await h.call('full', 'POST', `/kb/${await createBase(h, '3')}/personas/${persona}`)).status;
  },
  'kb.attach-stored-before-limit': async (h) => {
    const persona = await createPersona(h);
    for (const name of ['1', '2', '3', '4'])
      await h.call('full', 'POST', `/kb/${await createBase(h, name)}/personas/${persona}`);
    return ((await h.call('full', 'GET', `/kb/persona/${persona}`)).json.kbs as unknown[]).length;
  },
  'kb.attach-limit-conflict': async (h) => {
    const persona = await createPersona(h);
    for (const name of ['1', '2', '3'])
      await h.call('full', 'POST', `/kb/${await createBase(h, name)}/personas/${persona}`);
    return (await h.call('full', 'POST', `/kb/${await createBase(h, '4')}/personas/${persona}`)).status;
  },
  'kb.attach-answers-201': async (h) =>
    (await h.call('full', 'POST', `/kb/${await createBase(h)}/personas/${await createPersona(h)}`)).status,
  'kb.attach-answers-updated': async (h) =>
    (await h.call('full', 'POST', `/kb/${await createBase(h)}/personas/${await createPersona(h)}`)).json,
  'kb.attach-again-keeps-values': async (h) => {
    const path = `/kb/${await createBase(h)}/personas/${await createPersona(h)}`;
    await h.call('full', 'POST', path);
    await h.call('full', 'POST', path, { body: { grounding_mode: 'strict' } });
    return (await h.call('full', 'GET', path.replace(/^\/kb\/[^/]+\/personas/, '/kb/persona'))).json.kbs;
  },
  'kb.attach-again-answers-attached': async (h) => {
    const path = `/kb/${await createBase(h)}/personas/${await createPersona(h)}`;
    await h.call('full', 'POST', path);
    return (await h.call('full', 'POST', path)).json;
  },
  'kb.attach-again-both-flags': async (h) => {
    const path = `/kb/${await createBase(h)}/personas/${await createPersona(h)}`;
    await h.call('full', 'POST', path);
    return (await h.call('full', 'POST', path)).json;
  },
  'kb.attach-default-strict': async (h) =>
    (await h.call('full', 'POST', `/kb/${await createBase(h)}/personas/${await createPersona(h)}`)).json,
  'kb.attach-default-disabled': async (h) =>
    (await h.call('full', 'POST', `/kb/${await createBase(h)}/personas/${await createPersona(h)}`)).json,
  'kb.attach-answer-without-persona': async (h) =>
    (await h.call('full', 'POST', `/kb/${await createBase(h)}/personas/${await createPersona(h)}`)).json,
  'kb.attach-enabled-unset': async (h) => {
    const persona = await createPersona(h);
    await h.call('full', 'POST', `/kb/${await createBase(h)}/personas/${persona}`);
    return (await h.call('full', 'GET', `/kb/persona/${persona}`)).json.kbs;
  },
  'kb.persona-bases-mode-fixed': async (h) => {
    const persona = await createPersona(h);
    await h.call('full', 'POST', `/kb/${await createBase(h)}/personas/${persona}`, {
      body: { grounding_mode: 'strict' },
    });
    return (await h.call('full', 'GET', `/kb/persona/${persona}`)).json.kbs;
  },
  'kb.persona-bases-id-as-underscore-id': async (h) => {
    const persona = await createPersona(h);
    await h.call('full', 'POST', `/kb/${await createBase(h)}/personas/${persona}`);
    return (await h.call('full', 'GET', `/kb/persona/${persona}`)).json.kbs;
  },
  'kb.persona-bases-hide-disabled': async (h) => {
    const persona = await createPersona(h);
    await h.call('full', 'POST', `/kb/${await createBase(h)}/personas/${persona}`, {
      body: { enabled: false },
    });
    return ((await h.call('full', 'GET', `/kb/persona/${persona}`)).json.kbs as unknown[]).length;
  },
  'kb.persona-bases-without-total-size': async (h) => {
    const persona = await createPersona(h);
    await h.call('full', 'POST', `/kb/${await createBase(h)}/personas/${persona}`);
    return (await h.call('full', 'GET', `/kb/persona/${persona}`)).json.kbs;
  },
  'kb.update-ignores-disable': async (h) => {
    const persona = await createPersona(h);
    const kbId = await createBase(h);
    await h.call('full', 'POST', `/kb/${kbId}/personas/${persona}`);
    await h.call('full', 'PATCH', `/kb/${kbId}/personas/${persona}`, { body: { enabled: false } });
    return (await h.call('full', 'GET', `/kb/persona/${persona}`)).json.kbs;
  },
  'kb.update-resets-other-field': async (h) => {
    const persona = await createPersona(h);
    const kbId = await createBase(h);
    await h.call('full', 'POST', `/kb/${kbId}/personas/${persona}`, { body: { grounding_mode: 'strict' } });
    await h.call('full', 'PATCH', `/kb/${kbId}/personas/${persona}`, { body: { enabled: false } });
    return (await h.call('full', 'GET', `/kb/persona/${persona}`)).json.kbs;
  },
  'kb.update-answer-without-updated': async (h) => {
    const path = `/kb/${await createBase(h)}/personas/${await createPersona(h)}`;
    await h.call('full', 'POST', path);
    return (await h.call('full', 'PATCH', path, { body: { enabled: false } })).json;
  },
  'kb.update-answer-without-kbid': async (h) => {
    const path = `/kb/${await createBase(h)}/personas/${await createPersona(h)}`;
    await h.call('full', 'POST', path);
    return (await h.call('full', 'PATCH', path, { body: { enabled: false } })).json;
  },
  'kb.detach-only-disables': async (h) => {
    const persona = await createPersona(h);
    const kbId = await createBase(h);
    await h.call('full', 'POST', `/kb/${kbId}/personas/${persona}`);
    await h.call('full', 'DELETE', `/kb/${kbId}/personas/${persona}`);
    return (await h.call('full', 'GET', `/kb/persona/${persona}`)).json.kbs;
  },
  'kb.detach-answer-deleted': async (h) => {
    const path = `/kb/${await createBase(h)}/personas/${await createPersona(h)}`;
    await h.call('full', 'POST', path);
    return (await h.call('full', 'DELETE', path)).json;
  },
  'kb.detach-answer-without-persona': async (h) => {
    const path = `/kb/${await createBase(h)}/personas/${await createPersona(h)}`;
    await h.call('full', 'POST', path);
    return (await h.call('full', 'DELETE', path)).json;
  },
  'kb.delete-base-keeps-attachments': async (h) => {
    const persona = await createPersona(h);
    const kbId = await createBase(h);
    await h.call('full', 'POST', `/kb/${kbId}/personas/${persona}`);
    await h.call('full', 'DELETE', `/kb/${kbId}`);
    return (await h.call('full', 'POST', PERSONA.get(persona))).json;
  },
  'kb.delete-base-kept': async (h) => {
    await h.call('full', 'DELETE', `/kb/${await createBase(h)}`);
    return listedBases(h);
  },
  // Model-level.
  'kb.query-deleted-after-reattach': async (h) => {
    const kbId = await createBase(h);
    const persona = await createPersona(h);
    await h.call('full', 'POST', `/kb/${kbId}/personas/${persona}`);
    await h.call('full', 'POST', `/kb/${kbId}/personas/${persona}`);
    const docId = await ingestText(h, kbId, 'Shrews hunt beetles.', 'Shrews');
    await h.call('full', 'DELETE', `/kb/${kbId}/documents/${docId}`);
    return resultCount(h, kbId, { query: 'shrews' });
  },
  // Persona addressing.
  'kb.persona-by-object-id': async (h) => {
    const persona = await createPersona(h);
    return (await h.call('full', 'POST', `/kb/${await createBase(h)}/personas/${persona}`)).status;
  },
  'kb.persona-answered-by-object-id': async (h) => {
    const persona = await createPersona(h);
    return (await h.call('full', 'POST', `/kb/${await createBase(h)}/personas/${persona}`)).json.personaId;
  },
  // Between the rows: histories across operations (between-rows-probes.ts).
  ...BETWEEN_ROWS_PROBES,
  // Input rules (h-rules): each probe's answer is the status of the write the fault lets through.
  'kb.ingest-text-title-optional': async (h) =>
    (await h.call('full', 'POST', `/kb/${await createBase(h)}/ingest-text`, { body: { text: 'Some text.' } }))
      .status,
  'kb.ingest-text-title-any-type': async (h) =>
    (
      await h.call('full', 'POST', `/kb/${await createBase(h)}/ingest-text`, {
        body: { text: 'Some text.', title: 42 },
      })
    ).status,
  'kb.ingest-mode-unchecked': async (h) =>
    (
      await h.call('full', 'POST', `/kb/${await createBase(h)}/ingest-text`, {
        body: { text: 'Some text.', title: 'Notes', mode: 'unlisted' },
      })
    ).status,
  'kb.attach-mode-unchecked': async (h) => {
    const persona = await createPersona(h);
    return (
      await h.call('full', 'POST', `/kb/${await createBase(h)}/personas/${persona}`, {
        body: { grounding_mode: 'unlisted' },
      })
    ).status;
  },
  'kb.attach-enabled-any-type': async (h) => {
    const persona = await createPersona(h);
    return (
      await h.call('full', 'POST', `/kb/${await createBase(h)}/personas/${persona}`, {
        body: { enabled: 'true' },
      })
    ).status;
  },
  'kb.update-attachment-mode-unchecked': async (h) => {
    const persona = await createPersona(h);
    const kbId = await createBase(h);
    await h.call('full', 'POST', `/kb/${kbId}/personas/${persona}`);
    return (
      await h.call('full', 'PATCH', `/kb/${kbId}/personas/${persona}`, {
        body: { grounding_mode: 'unlisted' },
      })
    ).status;
  },
  'kb.update-attachment-enabled-any-type': async (h) => {
    const persona = await createPersona(h);
    const kbId = await createBase(h);
    await h.call('full', 'POST', `/kb/${kbId}/personas/${persona}`);
    return (await h.call('full', 'PATCH', `/kb/${kbId}/personas/${persona}`, { body: { enabled: 'true' } }))
      .status;
  },
  'kb.auto-refresh-enabled-any-type': async (h) =>
    (await h.call('full', 'PATCH', `/kb/${await createBase(h)}/auto-refresh`, { body: { enabled: 'true' } }))
      .status,
  'kb.auto-refresh-enabled-optional': async (h) =>
    (await h.call('full', 'PATCH', `/kb/${await createBase(h)}/auto-refresh`, { body: { intervalDays: 2 } }))
      .status,
  'kb.create-base-name-any-type': async (h) =>
    (await h.call('full', 'POST', '/kb', { body: { name: 42 } })).status,
  'kb.create-base-name-optional': async (h) =>
    (await h.call('full', 'POST', '/kb', { body: { description: 'unnamed' } })).status,
  'kb.query-top-k-text-unclamped': async (h) => {
    const kbId = await createBase(h);
    for (let n = 0; n < 22; n += 1) await ingestText(h, kbId, `Lighthouse keeping note ${n}.`, `Note ${n}`);
    return (
      await h.call('full', 'POST', `/kb/${kbId}/query`, { body: { query: 'lighthouse keeping', topK: '21' } })
    ).status === 200
      ? await resultCount(h, kbId, { query: 'lighthouse keeping', topK: '21' })
      : 'refused';
  },
};

describeFaultProbes('planted faults of the knowledge-base module', KNOWLEDGE_FAULTS, PROBES);

// A re-crawl within the ingest's millisecond once left createdAt as it was: the fault hid by chance.
describeFrozenClockProbes(
  'planted faults of the knowledge-base module that stamp times',
  ['kb.recrawl-restamps-pasted', 'kb.recrawl-restamps-uploads'],
  PROBES,
);
