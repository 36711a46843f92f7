import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ARTICLE, CHANGING, HELD, SCRIPT_RENDERED, SLOW, type HeldState } from './fixture-pages.ts';

export interface FixtureServer {
  /** The base URL at which the implementation under test reaches the pages (uses the fixture host). */
  baseUrl: string;
  /** The same server as the suite itself reaches it, on loopback (for reading fetch counts). */
  localUrl: string;
  close(): Promise<void>;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function page(title: string, paragraphs: readonly string[]): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><article><h1>${escapeHtml(title)}</h1>
${body}
</article></body></html>`;
}

function scriptRendered(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(SCRIPT_RENDERED.title)}</title></head>
<body><div id="root"></div>
<script>document.getElementById('root').innerHTML = '<p>' + ${JSON.stringify(SCRIPT_RENDERED.hiddenSentence)} + '</p>';</script>
</body></html>`;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host.startsWith('127.') || host === '::1' || host === '[::1]';
}

type Send = (res: ServerResponse, status: number, type: string, body: string) => void;

/** The held pages (HELD in fixture-pages.ts): per token, fetches answered at once or held until released. */
function heldPages(count: (token: string) => number, send: Send) {
  const tokens = new Map<string, { state: HeldState; waiting: Set<() => void> }>();
  const entryFor = (token: string) => {
    let entry = tokens.get(token);
    if (!entry) {
      entry = {
        state: { holding: false, received: 0, answered: 0, waiting: 0, abandoned: 0 },
        waiting: new Set(),
      };
      tokens.set(token, entry);
    }
    return entry;
  };
  const serve = (token: string, res: ServerResponse) => {
    const entry = entryFor(token);
    const { state } = entry;
    state.received += 1;
    const answer = () => {
      count(token);
      state.answered += 1;
      send(res, 200, 'text/html; charset=utf-8', page(HELD.title, [HELD.sentence]));
    };
    if (!state.holding) return answer();
    // Settled once: by a release (or the hold's time limit), or by the fetcher closing first.
    const settle = (outcome: 'answered' | 'abandoned') => {
      if (!entry.waiting.delete(release)) return;
      clearTimeout(timer);
      state.waiting -= 1;
      if (outcome === 'answered') answer();
      else state.abandoned += 1;
    };
    const release = () => settle('answered');
    const timer = setTimeout(release, HELD.maxHoldMs);
    entry.waiting.add(release);
    state.waiting += 1;
    res.on('close', () => settle('abandoned'));
  };
  const control = (token: string, action: string | undefined, method: string, res: ServerResponse) => {
    const entry = entryFor(token);
    if (action === undefined) return send(res, 200, 'application/json', JSON.stringify(entry.state));
    if (method !== 'POST') return send(res, 405, 'text/plain', 'POST to hold or release');
    entry.state.holding = action === 'hold';
    if (action === 'release') for (const release of [...entry.waiting]) release();
    send(res, 200, 'application/json', JSON.stringify(entry.state));
  };
  return { serve, control };
}

/**
 * Serves the fixture pages. It listens on loopback when the implementation reaches it there, and on
 * every interface only when the person named another fixture host.
 */
export async function startFixtureServer(fixtureHost: string, port = 0): Promise<FixtureServer> {
  const fetches = new Map<string, number>();
  const count = (token: string) => {
    const next = (fetches.get(token) ?? 0) + 1;
    fetches.set(token, next);
    return next;
  };
  const send = (res: ServerResponse, status: number, type: string, body: string) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
  };
  const held = heldPages(count, send);
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    const path = url.pathname;
    const html = 'text/html; charset=utf-8';
    if (path === ARTICLE.path) return send(res, 200, html, page(ARTICLE.title, ARTICLE.sentences));
    if (path === SCRIPT_RENDERED.path) return send(res, 200, html, scriptRendered());
    let match = /^\/pages\/changing\/([^/]+)\.html$/.exec(path);
    if (match?.[1]) {
      const revision = count(decodeURIComponent(match[1]));
      return send(res, 200, html, page(CHANGING.title, [CHANGING.sentenceFor(revision)]));
    }
    match = /^\/pages\/slow\/([^/]+)\.html$/.exec(path);
    if (match?.[1]) {
      const token = decodeURIComponent(match[1]);
      const delay = Math.min(Math.max(Number(url.searchParams.get('delayMs')) || 0, 0), 30_000);
      const timer = setTimeout(() => {
        count(token);
        send(res, 200, html, page(SLOW.title, [SLOW.sentence]));
      }, delay);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    match = /^\/pages\/held\/([^/]+)\.html$/.exec(path);
    if (match?.[1]) return held.serve(decodeURIComponent(match[1]), res);
    match = /^\/_held\/([^/]+?)(?:\/(hold|release))?$/.exec(path);
    if (match?.[1]) return held.control(decodeURIComponent(match[1]), match[2], req.method ?? 'GET', res);
    match = /^\/_fetches\/([^/]+)$/.exec(path);
    if (match?.[1]) {
      return send(
        res,
        200,
        'application/json',
        JSON.stringify({ fetches: fetches.get(decodeURIComponent(match[1])) ?? 0 }),
      );
    }
    send(res, 404, 'text/plain', 'no such fixture page');
  };
  const server = createServer(handle);
  const listenHost = isLoopback(fixtureHost) ? '127.0.0.1' : '0.0.0.0';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, listenHost, () => resolve());
  });
  const { port: actualPort } = server.address() as AddressInfo;
  const hostPart =
    fixtureHost.includes(':') && !fixtureHost.startsWith('[') ? `[${fixtureHost}]` : fixtureHost;
  return {
    baseUrl: `http://${hostPart}:${actualPort}`,
    localUrl: `http://127.0.0.1:${actualPort}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
