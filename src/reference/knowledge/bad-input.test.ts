import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import { createBase, ingestText, startKbTestApp, type KbTestApp } from './test-support.ts';

/**
 * Every route of the module against malformed input: the answer is always a JSON error with a
 * 4xx status (or, where the route takes no body, a normal answer), never a 5xx, a crash or a hang.
 */
type BodyKind = 'required' | 'optional' | 'none' | 'multipart';
interface Route {
  operationId: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: (ids: Ids) => string;
  body: BodyKind;
  /** A body the route accepts, for the unknown-id cases. */
  valid?: unknown;
  /** Every field of the body with a value of the wrong type. */
  wrongTypes?: unknown;
}
interface Ids {
  kbId: string;
  docId: string;
  personaId: string;
}

const ROUTES: Route[] = [
  { operationId: 'listKnowledgeBases', method: 'GET', path: () => '/kb', body: 'none' },
  {
    operationId: 'createKnowledgeBase',
    method: 'POST',
    path: () => '/kb',
    body: 'required',
    valid: { name: 'n' },
    wrongTypes: { name: 5, description: [] },
  },
  { operationId: 'deleteKnowledgeBase', method: 'DELETE', path: (ids) => `/kb/${ids.kbId}`, body: 'none' },
  {
    operationId: 'ingestText',
    method: 'POST',
    path: (ids) => `/kb/${ids.kbId}/ingest-text`,
    body: 'required',
    valid: { text: 't', title: 't' },
    wrongTypes: { text: 5, title: {}, mimeType: 1, source: true, mode: 3 },
  },
  {
    operationId: 'ingestUrl',
    method: 'POST',
    path: (ids) => `/kb/${ids.kbId}/ingest-url`,
    body: 'required',
    valid: { url: 'http://127.0.0.1:9/' },
    wrongTypes: { url: ['http://x'], title: 2 },
  },
  { operationId: 'uploadFile', method: 'POST', path: (ids) => `/kb/${ids.kbId}/ingest`, body: 'multipart' },
  { operationId: 'listDocuments', method: 'GET', path: (ids) => `/kb/${ids.kbId}/documents`, body: 'none' },
  {
    operationId: 'deleteDocument',
    method: 'DELETE',
    path: (ids) => `/kb/${ids.kbId}/documents/${ids.docId}`,
    body: 'none',
  },
  {
    operationId: 'queryKnowledgeBase',
    method: 'POST',
    path: (ids) => `/kb/${ids.kbId}/query`,
    body: 'required',
    valid: { query: 'q' },
    wrongTypes: { query: 1, topK: 'x' },
  },
  {
    operationId: 'getKnowledgeBaseStats',
    method: 'GET',
    path: (ids) => `/kb/${ids.kbId}/stats`,
    body: 'none',
  },
  {
    operationId: 'listPersonaKnowledgeBases',
    method: 'GET',
    path: (ids) => `/kb/persona/${ids.personaId}`,
    body: 'none',
  },
  {
    operationId: 'attachKnowledgeBase',
    method: 'POST',
    path: (ids) => `/kb/${ids.kbId}/personas/${ids.personaId}`,
    body: 'optional',
    valid: {},
    wrongTypes: { grounding_mode: 1, enabled: 'yes' },
  },
  {
    operationId: 'updateAttachment',
    method: 'PATCH',
    path: (ids) => `/kb/${ids.kbId}/personas/${ids.personaId}`,
    body: 'optional',
    valid: {},
    wrongTypes: { grounding_mode: true, enabled: 'no' },
  },
  {
    operationId: 'detachKnowledgeBase',
    method: 'DELETE',
    path: (ids) => `/kb/${ids.kbId}/personas/${ids.personaId}`,
    body: 'none',
  },
  {
    operationId: 'setAutoRefresh',
    method: 'PATCH',
    path: (ids) => `/kb/${ids.kbId}/auto-refresh`,
    body: 'required',
    valid: { enabled: false },
    wrongTypes: { enabled: 'yes', intervalDays: '1', intervalHours: null },
  },
  { operationId: 'refreshNow', method: 'POST', path: (ids) => `/kb/${ids.kbId}/refresh-now`, body: 'none' },
];

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const OVERSIZED_JSON = `{"text":"${'x'.repeat(17 * 1024 * 1024)}","title":"t"}`;
const OVERSIZED_MULTIPART = `--X\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n${'x'.repeat(26 * 1024 * 1024)}\r\n--X--\r\n`;

let app: KbTestApp;
let ids: Ids;
beforeAll(async () => {
  app = await startKbTestApp();
  app.addPersona('helper');
  const kbId = await createBase(app);
  const { docId } = await ingestText(app, kbId, 'a document', 'Doc');
  ids = { kbId, docId: docId as string, personaId: 'helper' };
  await app.call('POST', `/kb/${kbId}/personas/helper`);
});
afterAll(async () => {
  await app.close();
});

function expectJsonError(
  result: { status: number; contentType: string; body: Record<string, unknown> },
  status?: number,
): void {
  expect(result.contentType).toMatch(/^application\/json/);
  if (status !== undefined) expect(result.status).toBe(status);
  expect(result.status).toBeGreaterThanOrEqual(400);
  expect(result.status).toBeLessThan(500);
  expect(result.body).toMatchObject({
    status: 'error',
    code: expect.any(String) as unknown,
    message: expect.any(String) as unknown,
  });
}

/** GET bodies are not read; for the other methods a body with a JSON content type is parsed. */
const parsesBody = (route: Route) => route.method !== 'GET';
const byName = ROUTES.map((route) => [`${route.operationId} — ${route.method}`, route] as const);
const PLACEHOLDERS: Ids = { kbId: '{kbId}', docId: '{docId}', personaId: '{personaId}' };
const takes = (route: Route, id: keyof Ids) => route.path(PLACEHOLDERS).includes(PLACEHOLDERS[id]);

describe('bad input on every knowledge-base route', () => {
  it.each(byName)('%s: malformed JSON is a 400 (or ignored where no body is read)', async (_name, route) => {
    const result = await app.call(route.method, route.path(ids), {
      raw: '{"text": "unterminated',
      contentType: 'application/json',
    });
    if (parsesBody(route)) expectJsonError(result, 400);
    else expect(result.status).toBe(200);
  });

  it.each(byName.filter(([, route]) => route.wrongTypes !== undefined))(
    '%s: fields of the wrong type are a 400',
    async (_name, route) => {
      expectJsonError(await app.call(route.method, route.path(ids), { json: route.wrongTypes }), 400);
    },
  );

  it.each(byName.filter(([, route]) => route.body === 'required'))(
    '%s: a missing body is a 400',
    async (_name, route) => {
      expectJsonError(await app.call(route.method, route.path(ids)), 400);
      expectJsonError(
        await app.call(route.method, route.path(ids), { contentType: 'application/json' }),
        400,
      );
    },
  );

  it.each(byName.filter(([, route]) => route.body === 'required'))(
    '%s: null, an array and a number are a 400',
    async (_name, route) => {
      for (const json of [null, [route.valid], 7])
        expectJsonError(await app.call(route.method, route.path(ids), { json }), 400);
    },
  );

  it.each(byName.filter(([, route]) => route.body === 'required'))(
    '%s: a text/plain body is a 400',
    async (_name, route) => {
      expectJsonError(
        await app.call(route.method, route.path(ids), { raw: 'hello', contentType: 'text/plain' }),
        400,
      );
    },
  );

  it.each(byName.filter(([, route]) => parsesBody(route)))(
    '%s: an unknown content type is a 415',
    async (_name, route) => {
      expectJsonError(
        await app.call(route.method, route.path(ids), { raw: '<x/>', contentType: 'application/xml' }),
        415,
      );
    },
  );

  it.each(byName.filter(([, route]) => takes(route, 'kbId')))(
    '%s: an unknown kbId is a 404',
    async (_name, route) => {
      const path = route.path({ ...ids, kbId: UNKNOWN });
      const options =
        route.body === 'multipart' ? multipartFile() : route.valid === undefined ? {} : { json: route.valid };
      expectJsonError(await app.call(route.method, path, options), 404);
    },
  );

  it.each(byName.filter(([, route]) => takes(route, 'personaId')))(
    '%s: an unknown assistant is a 404',
    async (_name, route) => {
      const path = route.path({ ...ids, personaId: 'nobody-here' });
      expectJsonError(
        await app.call(route.method, path, route.valid === undefined ? {} : { json: route.valid }),
        404,
      );
    },
  );

  it.each(byName.filter(([, route]) => parsesBody(route)))(
    '%s: a body over the size limit is a 413',
    async (_name, route) => {
      const options =
        route.body === 'multipart'
          ? { raw: OVERSIZED_MULTIPART, contentType: 'multipart/form-data; boundary=X' }
          : { raw: OVERSIZED_JSON, contentType: 'application/json' };
      expectJsonError(await app.call(route.method, route.path(ids), options), 413);
    },
  );

  it('left the state as it was: one base, one document, one attachment', async () => {
    expect((await app.call('GET', '/kb')).body.kbs).toEqual([
      expect.objectContaining({ kbId: ids.kbId, docsCount: 1 }),
    ]);
    expect(app.attachments.list('helper')).toEqual([expect.objectContaining({ kbId: ids.kbId })]);
  });
});

function multipartFile(): { raw: FormData } {
  const data = new FormData();
  data.append('file', new Blob(['x']), 'x.txt');
  return { raw: data };
}
