import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, it, expect } from 'vitest';
import type { FetchedPage } from './deps.ts';
import { createBase, eventually, ingestText, startKbTestApp, type KbTestApp } from './test-support.ts';

/** A tiny web server whose pages the tests set, counting how often each is fetched. */
interface PageServer {
  origin: string;
  pages: Map<string, { status?: number; type?: string; body: string }>;
  hits: Map<string, number>;
  close(): Promise<void>;
}

async function startPageServer(): Promise<PageServer> {
  const pages: PageServer['pages'] = new Map();
  const hits = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/redirect') {
      response.writeHead(302, { location: '/article' }).end();
      return;
    }
    if (path === '/hang') return; // never answers
    const page = pages.get(path);
    if (!page) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response
      .writeHead(page.status ?? 200, { 'content-type': page.type ?? 'text/html; charset=utf-8' })
      .end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    pages,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const articlePage = (title: string, subject: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav>Home | About</nav><article>${Array.from(
    { length: 6 },
    (_, i) =>
      `<p>Part ${i}: ${subject} is described here in enough words for a reader to find the article body useful.</p>`,
  ).join('')}</article></body></html>`;

let pages: PageServer;
let app: KbTestApp;
let kbId: string;
beforeAll(async () => {
  pages = await startPageServer();
});
afterAll(async () => {
  await pages.close();
});
beforeEach(async () => {
  pages.pages.clear();
  pages.hits.clear();
  app = await startKbTestApp();
  kbId = await createBase(app);
});
afterEach(async () => {
  await app.close();
});

const ingestUrl = (json: unknown) => app.call('POST', `/kb/${kbId}/ingest-url`, { json });
const query = async (text: string) =>
  (await app.call('POST', `/kb/${kbId}/query`, { json: { query: text, topK: 20 } })).body.results as Array<{
    docId: string;
    text: string;
  }>;
const documents = async () =>
  (await app.call('GET', `/kb/${kbId}/documents`)).body.documents as Array<Record<string, unknown>>;

describe('ingestUrl — POST /kb/{kbId}/ingest-url', () => {
  it('fetches and extracts the page: {status, docId, mode, chunksCreated, title, url, kbId}, title from <title>', async () => {
    pages.pages.set('/article', { body: articlePage('Manatee care', 'the gentle manatee') });
    const url = `${pages.origin}/article`;
    const { status, body } = await ingestUrl({ url });
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      docId: expect.any(String) as unknown,
      mode: 'vector',
      chunksCreated: 1,
      title: 'Manatee care',
      url,
      kbId,
    });
    const [best] = await query('gentle manatee');
    expect(best?.docId).toBe(body.docId);
    expect(best?.text).not.toContain('Home | About');
    expect((await documents())[0]).toMatchObject({
      source: url,
      mimeType: 'text/html',
      mode: 'vector',
      chunksCount: 1,
    });
  });

  it('takes a given title over the page title', async () => {
    pages.pages.set('/article', { body: articlePage('Page title', 'sea cows') });
    expect((await ingestUrl({ url: `${pages.origin}/article`, title: 'My title' })).body.title).toBe(
      'My title',
    );
  });

  it('uses the URL as title when the page has none', async () => {
    pages.pages.set('/untitled', {
      body: '<html><body><p>No title on this page about ibises.</p></body></html>',
    });
    const url = `${pages.origin}/untitled`;
    expect((await ingestUrl({ url })).body.title).toBe(url);
  });

  it('still creates the document when a script-rendered page yields nothing', async () => {
    pages.pages.set('/spa', {
      body: '<html><head><title>App</title></head><body><div id="root"></div><script>render()</script></body></html>',
    });
    const { status, body } = await ingestUrl({ url: `${pages.origin}/spa` });
    expect(status).toBe(200);
    expect(body).toMatchObject({ chunksCreated: 0, title: 'App' });
    expect(await documents()).toHaveLength(1);
  });

  it('reads a plain-text page as it is and follows redirects', async () => {
    pages.pages.set('/notes.txt', { type: 'text/plain', body: 'Plain notes about puffins.' });
    pages.pages.set('/article', { body: articlePage('Redirected', 'the puffin colony') });
    expect((await ingestUrl({ url: `${pages.origin}/notes.txt` })).body.chunksCreated).toBe(1);
    expect((await ingestUrl({ url: `${pages.origin}/redirect` })).body.title).toBe('Redirected');
  });

  it.each([
    ['a page answering 404', '/missing', 'url_fetch_failed'],
    ['a page answering 500', '/broken', 'url_fetch_failed'],
    ['a binary page', '/image', 'url_unreadable'],
  ])('refuses %s with a 422 and creates nothing', async (_case, path, code) => {
    pages.pages.set('/broken', { status: 500, body: 'oops' });
    pages.pages.set('/image', { type: 'image/png', body: 'PNG' });
    const { status, body } = await ingestUrl({ url: `${pages.origin}${path}` });
    expect(status).toBe(422);
    expect(body).toMatchObject({ status: 'error', code });
    expect(await documents()).toEqual([]);
  });

  it('answers 404 and keeps nothing when the base is deleted while the page is being fetched', async () => {
    let release: (page: FetchedPage) => void = () => undefined;
    let markStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const slow = await startKbTestApp({
      fetchPage: () => {
        markStarted();
        return new Promise((resolve) => (release = resolve));
      },
    });
    try {
      const base = await createBase(slow);
      const pending = slow.call('POST', `/kb/${base}/ingest-url`, {
        json: { url: 'http://127.0.0.1:9/late' },
      });
      await started;
      await slow.call('DELETE', `/kb/${base}`);
      release({ contentType: 'text/plain', body: 'late words' });
      const { status, body } = await pending;
      expect(status).toBe(404);
      expect(body.code).toBe('kb_not_found');
    } finally {
      await slow.close();
    }
  });

  it('refuses an unreachable host with a 422', async () => {
    const closed = await startPageServer();
    await closed.close();
    expect((await ingestUrl({ url: `${closed.origin}/gone` })).status).toBe(422);
  });

  it.each([
    ['no url', {}],
    ['a url that is not a string', { url: 42 }],
    ['a url that is not absolute', { url: 'example/page' }],
    ['a url that is not http', { url: 'file:///etc/hostname' }],
    ['a title that is not a string', { url: 'http://127.0.0.1/', title: 1 }],
  ])('refuses %s with a 400', async (_case, json) => {
    const { status, body } = await ingestUrl(json);
    expect(status).toBe(400);
    expect(body.status).toBe('error');
  });
});

describe('refreshNow — POST /kb/{kbId}/refresh-now', () => {
  it('answers at once with the number of URL-sourced documents queued and the schedule', async () => {
    pages.pages.set('/a', { body: articlePage('A', 'alpha') });
    pages.pages.set('/b', { body: articlePage('B', 'beta') });
    await ingestUrl({ url: `${pages.origin}/a` });
    await ingestUrl({ url: `${pages.origin}/b` });
    await ingestText(app, kbId, 'pasted text', 'Pasted');
    const { status, body } = await app.call('POST', `/kb/${kbId}/refresh-now`);
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      kbId,
      refreshedDocs: 2,
      autoRefresh: { enabled: false, intervalDays: 3, lastRefreshedAt: null, nextRefreshAt: null },
      message: expect.any(String) as unknown,
    });
  });

  it('re-crawls a page whose text changed: the new text shows in query results, the old is gone', async () => {
    pages.pages.set('/changing', { body: articlePage('Changing', 'the first edition about aardvarks') });
    const { docId } = (await ingestUrl({ url: `${pages.origin}/changing` })).body;
    pages.pages.set('/changing', { body: articlePage('Changing', 'the second edition about pangolins') });
    await app.call('POST', `/kb/${kbId}/refresh-now`);
    await eventually(async () => {
      const [best] = await query('pangolins second edition');
      expect(best?.docId).toBe(docId);
    });
    expect(await query('aardvarks')).toEqual([]);
    const listed = await documents();
    expect(listed).toEqual([expect.objectContaining({ docId, title: 'Changing' })]);
    await eventually(async () => {
      const [base] = (await app.call('GET', '/kb')).body.kbs as Array<{
        autoRefresh: { lastRefreshedAt: string | null };
      }>;
      expect(base?.autoRefresh.lastRefreshedAt).toMatch(/^\d{4}-/);
    });
  });

  it('leaves uploaded files and pasted text alone', async () => {
    pages.pages.set('/page', { body: articlePage('Page', 'okapis') });
    await ingestUrl({ url: `${pages.origin}/page` });
    const pasted = await ingestText(app, kbId, 'Pasted words about quokkas.', 'Pasted');
    const file = new FormData();
    file.append('file', new Blob(['Uploaded words about numbats.']), 'numbat.txt');
    await app.call('POST', `/kb/${kbId}/ingest`, { raw: file });
    const before = pages.hits.get('/page');
    await app.call('POST', `/kb/${kbId}/refresh-now`);
    await eventually(async () => expect(pages.hits.get('/page')).toBe((before ?? 0) + 1));
    expect((await query('quokkas'))[0]?.docId).toBe(pasted.docId);
    expect((await query('numbats'))[0]?.text).toBe('Uploaded words about numbats.');
    expect(pages.hits.size).toBe(1);
  });

  it('keeps the last good text when the page is gone at re-crawl time', async () => {
    pages.pages.set('/fragile', { body: articlePage('Fragile', 'wombats') });
    const { docId } = (await ingestUrl({ url: `${pages.origin}/fragile` })).body;
    pages.pages.delete('/fragile');
    await app.call('POST', `/kb/${kbId}/refresh-now`);
    await eventually(async () => expect(pages.hits.get('/fragile')).toBe(2));
    expect((await query('wombats'))[0]?.docId).toBe(docId);
  });

  it('answers 0 for a base without URL-sourced documents', async () => {
    expect((await app.call('POST', `/kb/${kbId}/refresh-now`)).body.refreshedDocs).toBe(0);
  });

  it('answers 404 for an unknown base', async () => {
    expect((await app.call('POST', '/kb/nope/refresh-now')).status).toBe(404);
  });

  it('does not hold the server open when it closes during a fetch that never ends', async () => {
    const hang = await startKbTestApp({
      fetchPage: (url, signal) =>
        new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(new Error(`aborted ${url}`))),
        ),
    });
    const hangBase = await createBase(hang);
    // `reset` asks for Connection: close, so no idle keep-alive socket is left for close() to wait on.
    const pending = request(`${hang.baseUrl}/kb/${hangBase}/ingest-url`, {
      method: 'POST',
      reset: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${pages.origin}/never` }),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await hang.close();
    const response = await pending;
    expect(response.statusCode).toBe(503);
    expect(await response.body.json()).toMatchObject({ code: 'shutting_down' });
  });
});

describe('setAutoRefresh — PATCH /kb/{kbId}/auto-refresh', () => {
  const patch = (json: unknown, id = kbId) => app.call('PATCH', `/kb/${id}/auto-refresh`, { json });

  it('enables the schedule: {status, kbId, autoRefresh} with the interval and the next run', async () => {
    const { status, body } = await patch({ enabled: true, intervalDays: 7 });
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      kbId,
      autoRefresh: {
        enabled: true,
        intervalDays: 7,
        lastRefreshedAt: null,
        nextRefreshAt: expect.stringMatching(/^\d{4}-/) as unknown,
      },
    });
    const next = Date.parse((body.autoRefresh as { nextRefreshAt: string }).nextRefreshAt);
    expect(next - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const [listed] = (await app.call('GET', '/kb')).body.kbs as Array<{ autoRefresh: unknown }>;
    expect(listed?.autoRefresh).toEqual(body.autoRefresh);
  });

  it('adds intervalHours to intervalDays', async () => {
    const { body } = await patch({ enabled: true, intervalDays: 1, intervalHours: 12 });
    expect((body.autoRefresh as { intervalDays: number }).intervalDays).toBe(1.5);
  });

  it('keeps the default 3 days when enabled without an interval', async () => {
    expect(((await patch({ enabled: true })).body.autoRefresh as { intervalDays: number }).intervalDays).toBe(
      3,
    );
  });

  it('disabling shows intervalDays 3 and no next run', async () => {
    await patch({ enabled: true, intervalDays: 10 });
    const { body } = await patch({ enabled: false });
    expect(body.autoRefresh).toEqual({
      enabled: false,
      intervalDays: 3,
      lastRefreshedAt: null,
      nextRefreshAt: null,
    });
  });

  it('re-crawls URL-sourced documents on the interval', async () => {
    pages.pages.set('/scheduled', { body: articlePage('Scheduled', 'the first tale of herons') });
    const { docId } = (await ingestUrl({ url: `${pages.origin}/scheduled` })).body;
    pages.pages.set('/scheduled', { body: articlePage('Scheduled', 'the second tale of egrets') });
    await patch({ enabled: true, intervalHours: 1 / 3600 });
    await eventually(async () => expect((await query('egrets second tale'))[0]?.docId).toBe(docId));
    await eventually(async () => {
      const [base] = (await app.call('GET', '/kb')).body.kbs as Array<{
        autoRefresh: { lastRefreshedAt: string | null; nextRefreshAt: string };
      }>;
      expect(base?.autoRefresh.lastRefreshedAt).not.toBeNull();
      expect(Date.parse(base!.autoRefresh.nextRefreshAt)).toBeGreaterThan(
        Date.parse(base!.autoRefresh.lastRefreshedAt!) - 1000,
      );
    });
  });

  it("takes its timestamps from the server's clock, while its timer runs on real time", async () => {
    const frozen = Date.parse('2030-01-01T00:00:00.000Z');
    const clocked = await startKbTestApp({ now: () => frozen });
    try {
      pages.pages.set('/clocked', { body: articlePage('Clocked', 'the first note on lemurs') });
      const base = await createBase(clocked);
      await clocked.call('POST', `/kb/${base}/ingest-url`, { json: { url: `${pages.origin}/clocked` } });
      pages.pages.set('/clocked', { body: articlePage('Clocked', 'the second note on tarsiers') });
      const { body } = await clocked.call('PATCH', `/kb/${base}/auto-refresh`, {
        json: { enabled: true, intervalHours: 1 / 3600 },
      });
      expect(body.autoRefresh).toMatchObject({ nextRefreshAt: '2030-01-01T00:00:01.000Z' });
      await eventually(async () => {
        const results = (await clocked.call('POST', `/kb/${base}/query`, { json: { query: 'tarsiers' } }))
          .body.results as unknown[];
        expect(results).toHaveLength(1);
      });
      const [listed] = (await clocked.call('GET', '/kb')).body.kbs as Array<{
        createdAt: string;
        autoRefresh: { lastRefreshedAt: string };
      }>;
      expect(listed?.createdAt).toBe('2030-01-01T00:00:00.000Z');
      await eventually(async () => {
        const [again] = (await clocked.call('GET', '/kb')).body.kbs as Array<{
          autoRefresh: { lastRefreshedAt: string | null };
        }>;
        expect(again?.autoRefresh.lastRefreshedAt).toBe('2030-01-01T00:00:00.000Z');
      });
    } finally {
      await clocked.close();
    }
  });

  it.each([
    ['no body', undefined],
    ['enabled missing', { intervalDays: 2 }],
    ['enabled not a boolean', { enabled: 'yes' }],
    ['intervalDays not a number', { enabled: true, intervalDays: '2' }],
    ['a negative intervalHours', { enabled: true, intervalHours: -1 }],
    ['an interval of zero', { enabled: true, intervalDays: 0, intervalHours: 0 }],
  ])('refuses %s with a 400 and leaves the schedule as it was', async (_case, json) => {
    const { status, body } = await app.call(
      'PATCH',
      `/kb/${kbId}/auto-refresh`,
      json === undefined ? {} : { json },
    );
    expect(status).toBe(400);
    expect(body.status).toBe('error');
    const [base] = (await app.call('GET', '/kb')).body.kbs as Array<{ autoRefresh: { enabled: boolean } }>;
    expect(base?.autoRefresh.enabled).toBe(false);
  });

  it('answers 404 for an unknown base', async () => {
    expect((await patch({ enabled: true }, 'nope')).status).toBe(404);
  });
});
