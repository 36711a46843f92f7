import type { FaultProbe } from '../testing/fault-probes.ts';
import type { Harness } from '../testing/harness.ts';
import { PERSONA, personaBody } from '../testing/fixtures.ts';
import {
  base,
  docId,
  documents,
  ingestUrl,
  listedBase,
  patch,
  upload,
  withPage,
} from './content-probe-kit.ts';
import type { KnowledgeFault } from './faults.ts';

/**
 * Probes of the faults that live between the rows (faults.ts, the "between the rows" group): each
 * runs a short history, reading a view before the write that should change it, and returns what the
 * view shows after it.
 */

type Json = Record<string, unknown>;

async function persona(h: Harness): Promise<string> {
  const body = personaBody();
  await h.call('full', 'POST', PERSONA.create, { body });
  return String(body.customPersonaId);
}

const get = async (h: Harness, path: string): Promise<Json> => (await h.call('full', 'GET', path)).json;
const stats = (h: Harness, kbId: string) => get(h, `/kb/${kbId}/stats`);
const personaKbs = async (h: Harness, personaId: string) =>
  (await get(h, `/kb/persona/${personaId}`)).kbs as Json[];
const attachedKbs = async (h: Harness, personaId: string) =>
  (await h.call('full', 'POST', PERSONA.get(personaId))).json;
const attach = (h: Harness, kbId: string, personaId: string, body: Json = {}) =>
  h.call('full', 'POST', `/kb/${kbId}/personas/${personaId}`, { body });
const deleteDocument = (h: Harness, kbId: string, id: string) =>
  h.call('full', 'DELETE', `/kb/${kbId}/documents/${id}`);
const query = async (h: Harness, kbId: string, text: string) =>
  (await h.call('full', 'POST', `/kb/${kbId}/query`, { body: { query: text, topK: 20 } })).json.results;

/** A base with one document, every view read once (so a copy of it exists), then `write` run; the views after it. */
async function viewsAfter(h: Harness, write: (kbId: string, personaId: string) => Promise<unknown>) {
  const kbId = await base(h);
  const personaId = await persona(h);
  await attach(h, kbId, personaId);
  const first = await docId(h, kbId, { mode: 'vector' });
  const read = async () => ({
    listed: await listedBase(h, kbId),
    stats: await stats(h, kbId),
    documents: (await documents(h, kbId)).map((doc) => doc.docId),
    persona: await personaKbs(h, personaId),
  });
  await read();
  await write(kbId, personaId);
  return { ...(await read()), first };
}

const afterUrl = (h: Harness) => withPage((url) => viewsAfter(h, (kbId) => ingestUrl(h, kbId, url)));
const afterUpload = (h: Harness) =>
  viewsAfter(h, (kbId) => upload(h, kbId, 'walrus.txt', 'Walruses haul out on the ice.'));
const afterDocumentDelete = (h: Harness) =>
  viewsAfter(h, async (kbId) => deleteDocument(h, kbId, String((await documents(h, kbId))[0]?.docId)));

/** An assistant with one base attached, its bases read once, then `write`; its bases and attached_kbs after it. */
async function attachmentViewsAfter(
  h: Harness,
  write: (kbId: string, personaId: string) => Promise<unknown>,
) {
  const kbId = await base(h);
  const personaId = await persona(h);
  await attach(h, kbId, personaId);
  await personaKbs(h, personaId);
  await write(kbId, personaId);
  return { bases: await personaKbs(h, personaId), assistant: await attachedKbs(h, personaId) };
}

const afterAttachmentPatch = (h: Harness) =>
  attachmentViewsAfter(h, (kbId, personaId) =>
    h.call('full', 'PATCH', `/kb/${kbId}/personas/${personaId}`, { body: { grounding_mode: 'strict' } }),
  );
const afterReattach = (h: Harness) =>
  attachmentViewsAfter(h, (kbId, personaId) => attach(h, kbId, personaId, { enabled: false }));

/** The schedule as listed after `write`, on a base with auto-refresh on every 4 days and one URL document. */
async function scheduleAfter(h: Harness, write: (kbId: string, url: string) => Promise<unknown>) {
  const { result } = await withPage(async (url) => {
    const kbId = await base(h);
    await ingestUrl(h, kbId, url);
    await patch(h, kbId, { enabled: true, intervalDays: 4 });
    await write(kbId, url);
    const listed = await listedBase(h, kbId);
    return listed?.autoRefresh;
  });
  return result as Json | undefined;
}

/** The createdAt of a pasted text and an uploaded file, after a refresh-now of their base has run. */
async function createdAtAfterRecrawl(h: Harness) {
  const { result } = await withPage(async (url) => {
    const kbId = await base(h);
    await docId(h, kbId);
    await upload(h, kbId, 'walrus.txt', 'Walruses haul out on the ice.');
    await ingestUrl(h, kbId, url);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await h.call('full', 'POST', `/kb/${kbId}/refresh-now`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return (await documents(h, kbId)).filter((doc) => doc.source !== url).map((doc) => doc.createdAt);
  });
  return result;
}

/** Whether a fourth new base attaches after `before` (three attached, then a detach, delete or re-attach). */
async function attachesAfter(h: Harness, before: (kbIds: string[], personaId: string) => Promise<unknown>) {
  const personaId = await persona(h);
  const kbIds = [await base(h), await base(h), await base(h)];
  for (const kbId of kbIds) await attach(h, kbId, personaId);
  await before(kbIds, personaId);
  return (await attach(h, await base(h), personaId)).status;
}

export const BETWEEN_ROWS_PROBES = {
  'kb.list-stale-after-ingest-url': async (h) => (await afterUrl(h)).result.listed?.docsCount,
  'kb.list-stale-after-upload': async (h) => (await afterUpload(h)).listed?.docsCount,
  'kb.list-stale-after-document-delete': async (h) => (await afterDocumentDelete(h)).listed?.docsCount,
  'kb.list-stale-after-auto-refresh': async (h) =>
    (await viewsAfter(h, (kbId) => patch(h, kbId, { enabled: true, intervalDays: 2 }))).listed?.autoRefresh,
  'kb.list-stale-after-base-delete': async (h) => {
    const kbId = await base(h);
    await listedBase(h, kbId);
    await h.call('full', 'DELETE', `/kb/${kbId}`);
    return listedBase(h, kbId);
  },
  'kb.stats-stale-after-ingest-url': async (h) => (await afterUrl(h)).result.stats,
  'kb.stats-stale-after-upload': async (h) => (await afterUpload(h)).stats,
  'kb.stats-stale-after-document-delete': async (h) => (await afterDocumentDelete(h)).stats,
  'kb.documents-stale-after-ingest-url': async (h) => (await afterUrl(h)).result.documents.length,
  'kb.documents-stale-after-upload': async (h) => (await afterUpload(h)).documents.length,
  'kb.documents-stale-after-document-delete': async (h) => (await afterDocumentDelete(h)).documents.length,
  'kb.persona-view-stale-after-update': async (h) => (await afterAttachmentPatch(h)).bases,
  'kb.persona-view-stale-after-reattach': async (h) => (await afterReattach(h)).bases,
  'kb.persona-view-stale-after-detach': async (h) =>
    (
      await attachmentViewsAfter(h, (kbId, personaId) =>
        h.call('full', 'DELETE', `/kb/${kbId}/personas/${personaId}`),
      )
    ).bases,
  'kb.persona-view-stale-after-base-delete': async (h) =>
    (await attachmentViewsAfter(h, (kbId) => h.call('full', 'DELETE', `/kb/${kbId}`))).bases,
  'kb.persona-view-stale-after-ingest': async (h) =>
    (await attachmentViewsAfter(h, (kbId) => docId(h, kbId))).bases,
  'kb.persona-view-stale-after-document-delete': async (h) => (await afterDocumentDelete(h)).persona,
  'kb.attached-kbs-stale-after-update': async (h) => (await afterAttachmentPatch(h)).assistant,
  'kb.attached-kbs-stale-after-reattach': async (h) => (await afterReattach(h)).assistant,
  'kb.reused-title-revives-chunks': async (h) => {
    const kbId = await base(h);
    const first = await docId(h, kbId, {
      title: 'Logbook',
      text: 'Puffins nest in burrows.',
      mode: 'vector',
    });
    await deleteDocument(h, kbId, first);
    await docId(h, kbId, { title: 'Logbook', text: 'Gannets dive for fish.', mode: 'vector' });
    return query(h, kbId, 'puffins burrows');
  },
  'kb.reused-base-name-revives-documents': async (h) => {
    const kbId = await base(h);
    await docId(h, kbId);
    await h.call('full', 'DELETE', `/kb/${kbId}`);
    return documents(h, await base(h));
  },
  'kb.delete-document-drops-later-chunks': async (h) => {
    const kbId = await base(h);
    const first = await docId(h, kbId, { text: 'Puffins nest in burrows.', mode: 'vector' });
    await docId(h, kbId, { text: 'Gannets dive for fish.', mode: 'vector' });
    await deleteDocument(h, kbId, first);
    return query(h, kbId, 'gannets');
  },
  'kb.delete-document-drops-same-title': async (h) => {
    const kbId = await base(h);
    const first = await docId(h, kbId, { title: 'Logbook' });
    await docId(h, kbId, { title: 'Logbook' });
    await deleteDocument(h, kbId, first);
    return (await documents(h, kbId)).length;
  },
  'kb.delete-base-detaches-siblings': async (h) => {
    const personaId = await persona(h);
    const [kept, deleted] = [await base(h), await base(h)];
    await attach(h, kept, personaId);
    await attach(h, deleted, personaId);
    await h.call('full', 'DELETE', `/kb/${deleted}`);
    return personaKbs(h, personaId);
  },
  'kb.detach-from-every-assistant': async (h) => {
    const [first, second] = [await persona(h), await persona(h)];
    const kbId = await base(h);
    await attach(h, kbId, first);
    await attach(h, kbId, second);
    await h.call('full', 'DELETE', `/kb/${kbId}/personas/${first}`);
    return personaKbs(h, second);
  },
  'kb.docs-count-by-name': async (h) => {
    const [first, second] = [await base(h), await base(h)];
    await docId(h, first);
    return (await listedBase(h, second))?.docsCount;
  },
  'kb.stats-by-name': async (h) => {
    const [first, second] = [await base(h), await base(h)];
    await docId(h, first);
    return stats(h, second);
  },
  'kb.ingest-url-resets-schedule': (h) => scheduleAfter(h, (kbId, url) => ingestUrl(h, kbId, url)),
  'kb.refresh-now-resets-interval': (h) =>
    scheduleAfter(h, (kbId) => h.call('full', 'POST', `/kb/${kbId}/refresh-now`)),
  'kb.document-delete-disables-schedule': (h) =>
    scheduleAfter(h, async (kbId) => deleteDocument(h, kbId, String((await documents(h, kbId))[0]?.docId))),
  'kb.attach-disables-schedule': (h) => scheduleAfter(h, async (kbId) => attach(h, kbId, await persona(h))),
  'kb.recrawl-restamps-pasted': createdAtAfterRecrawl,
  'kb.recrawl-restamps-uploads': createdAtAfterRecrawl,
  'kb.recrawl-listing-only': async (h) => {
    const kbId = await base(h);
    let revision = 0;
    const { createServer } = await import('node:http');
    const server = createServer((_request, response) => {
      revision += 1;
      response
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(revision === 1 ? 'kittiwakes' : 'fulmars');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address() as { port: number };
      await ingestUrl(h, kbId, `http://127.0.0.1:${address.port}/`);
      await h.call('full', 'POST', `/kb/${kbId}/refresh-now`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return query(h, kbId, 'fulmars');
    } finally {
      server.close();
    }
  },
  'kb.limit-counts-deleted-bases': (h) =>
    attachesAfter(h, ([first]) => h.call('full', 'DELETE', `/kb/${String(first)}`)),
  'kb.limit-counts-detached': (h) =>
    attachesAfter(h, ([first], personaId) =>
      h.call('full', 'DELETE', `/kb/${String(first)}/personas/${personaId}`),
    ),
  'kb.limit-counts-reattach': async (h) => {
    const personaId = await persona(h);
    const kbIds = [await base(h), await base(h), await base(h)];
    await attach(h, String(kbIds[0]), personaId);
    await attach(h, String(kbIds[0]), personaId, { grounding_mode: 'strict' });
    await attach(h, String(kbIds[1]), personaId);
    return (await attach(h, String(kbIds[2]), personaId)).status;
  },
  'kb.limit-counted-per-base': (h) => attachesAfter(h, () => Promise.resolve()),
  'kb.documents-any-account': async (h) =>
    (await h.call('other', 'GET', `/kb/${await base(h)}/documents`)).status,
  'kb.ingest-text-any-account': async (h) =>
    (
      await h.call('other', 'POST', `/kb/${await base(h)}/ingest-text`, {
        body: { title: 'B', text: 'Written by B.' },
      })
    ).status,
  'kb.delete-document-any-account': async (h) => {
    const kbId = await base(h);
    return (await h.call('other', 'DELETE', `/kb/${kbId}/documents/${await docId(h, kbId)}`)).status;
  },
  'kb.refresh-now-any-account': async (h) =>
    (await h.call('other', 'POST', `/kb/${await base(h)}/refresh-now`)).status,
  'kb.auto-refresh-any-account': async (h) =>
    (
      await h.call('other', 'PATCH', `/kb/${await base(h)}/auto-refresh`, {
        body: { enabled: true, intervalDays: 2 },
      })
    ).status,
} satisfies Partial<Record<KnowledgeFault, FaultProbe>>;
