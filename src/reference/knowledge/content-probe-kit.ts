import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { As, Harness } from '../testing/harness.ts';
import { projectPath } from '../../project-root.ts';

/**
 * What the probes of the planted faults of bases, documents, ingest and refresh (faults.test.ts)
 * call: small steps against a harness, with the `full` key unless told otherwise.
 */

export type Json = Record<string, unknown>;

const FIXTURES = projectPath('fixtures');
export const PAGE =
  '<html><head><title>Harbour notes</title></head><body><p>Seals bask on the harbour wall.</p></body></html>';
export const SHORT_TEXT = 'Herons wade the shallows at dawn.';

export async function base(h: Harness, as: As = 'full'): Promise<string> {
  const { status, json } = await h.call(as, 'POST', '/kb', { body: { name: 'Probe base' } });
  const kbId = json.kbId ?? json.id;
  if (status >= 300 || typeof kbId !== 'string') throw new Error(`create base failed: ${status}`);
  return kbId;
}

export const ingest = (h: Harness, kbId: string, body: Json) =>
  h.call('full', 'POST', `/kb/${kbId}/ingest-text`, { body: { title: 'Herons', text: SHORT_TEXT, ...body } });

export async function docId(h: Harness, kbId: string, body: Json = {}): Promise<string> {
  return String((await ingest(h, kbId, body)).json.docId);
}

export async function documents(h: Harness, kbId: string): Promise<Json[]> {
  return ((await h.call('full', 'GET', `/kb/${kbId}/documents`)).json.documents ?? []) as Json[];
}

export async function listedBase(h: Harness, kbId: string): Promise<Json | undefined> {
  const { json } = await h.call('full', 'GET', '/kb');
  return ((json.kbs ?? json.bases ?? []) as Json[]).find((kb) => kb.kbId === kbId || kb.id === kbId);
}

export async function listedAutoRefresh(h: Harness, kbId: string): Promise<unknown> {
  return (await listedBase(h, kbId))?.autoRefresh;
}

export const patch = (h: Harness, kbId: string, body: Json) =>
  h.call('full', 'PATCH', `/kb/${kbId}/auto-refresh`, { body });

/** Uploads a file of fixtures/ (or the given content) as multipart, with the `full` key. */
export async function upload(
  h: Harness,
  kbId: string,
  filename: string,
  content?: string,
  title?: string,
  extra: Record<string, string> = {},
): Promise<Json & { status: number }> {
  const data = new FormData();
  const bytes = content ?? new Uint8Array(readFileSync(join(FIXTURES, filename)));
  data.append('file', new Blob([bytes]), filename);
  if (title !== undefined) data.append('title', title);
  for (const [name, value] of Object.entries(extra)) data.append(name, value);
  const response = await fetch(`${h.baseUrl}/kb/${kbId}/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.keyring.keys.full}` },
    body: data,
  });
  const json = (await response.json().catch(() => ({}))) as Json;
  return { ...json, status: response.status };
}

/** Serves `body` as HTML while `use` runs; returns what it returns and how often the page was fetched. */
export async function withPage<T>(
  use: (url: string) => Promise<T>,
  body = PAGE,
): Promise<{ result: T; hits: number }> {
  let hits = 0;
  const server = createServer((_request: IncomingMessage, response: ServerResponse) => {
    hits++;
    response.writeHead(200, { 'content-type': 'text/html' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const result = await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}/notes`);
    return { result, hits };
  } finally {
    server.close();
  }
}

export const ingestUrl = (h: Harness, kbId: string, url: string) =>
  h.call('full', 'POST', `/kb/${kbId}/ingest-url`, { body: { url } });
