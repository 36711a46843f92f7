/**
 * Test support for this module's unit tests: a bare Fastify app with the knowledge-base routes under
 * `/api/v1`, the caller taken from a test header instead of the auth guard, and a stub assistant
 * registry. Not used by the reference itself.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { AttachmentStore } from '../attachments.ts';
import type {} from '../caller.ts';
import { EventLog } from '../events.ts';
import { NO_FAULTS } from '../fault-switch.ts';
import type { KnowledgeDeps } from './deps.ts';
import { knowledgeRoutes } from './index.ts';

export const ACCOUNT_A = 'account-a';
export const ACCOUNT_B = 'account-b';
const ACCOUNT_HEADER = 'x-test-account';

interface CallOptions {
  /** Serialized as JSON with `content-type: application/json`. */
  json?: unknown;
  /** Sent as is; give `contentType` with it. */
  raw?: string | Uint8Array | FormData;
  contentType?: string;
  account?: string;
}

export interface CallResult {
  status: number;
  contentType: string;
  // Tests read fields of many shapes; the body is parsed JSON or, failing that, the text.
  body: Record<string, unknown> & { [key: string]: unknown };
  text: string;
}

export interface KbTestApp {
  baseUrl: string;
  attachments: AttachmentStore;
  /** Makes `customPersonaId` an assistant visible to `account`. */
  addPersona(customPersonaId: string, account?: string): void;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  close(): Promise<void>;
}

/** The planted faults are probed on the whole reference (faults.test.ts), so none are planted here. */
export type TestAppOptions = Partial<
  Omit<KnowledgeDeps, 'attachments' | 'findPersona' | 'events' | 'faults'>
>;

export async function startKbTestApp(options: TestAppOptions = {}): Promise<KbTestApp> {
  const attachments = new AttachmentStore();
  const personas = new Map<string, string>();
  const app = Fastify({ logger: false });
  app.decorateRequest('caller');
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers[ACCOUNT_HEADER];
    request.caller = { accountId: typeof header === 'string' ? header : ACCOUNT_A, keyId: 'test-key' };
    done();
  });
  const deps: KnowledgeDeps = {
    ...options,
    attachments,
    events: new EventLog(),
    faults: NO_FAULTS,
    findPersona: (accountId, customPersonaId) =>
      personas.get(customPersonaId) === accountId ? { customPersonaId } : undefined,
  };
  await app.register(knowledgeRoutes, { ...deps, prefix: '/api/v1' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/api/v1`;

  return {
    baseUrl,
    attachments,
    addPersona: (customPersonaId, account = ACCOUNT_A) => personas.set(customPersonaId, account),
    call: (method, path, callOptions = {}) => call(baseUrl, method, path, callOptions),
    close: () => app.close(),
  };
}

async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions,
): Promise<CallResult> {
  const headers: Record<string, string> = { [ACCOUNT_HEADER]: options.account ?? ACCOUNT_A };
  let body: string | Uint8Array | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.raw !== undefined) {
    body = options.raw;
    if (options.contentType) headers['content-type'] = options.contentType;
  } else if (options.contentType) {
    headers['content-type'] = options.contentType;
  }
  const { status, contentType, text } = await send(`${baseUrl}${path}`, method, headers, body);
  let parsed: CallResult['body'] = {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object') parsed = value as CallResult['body'];
  } catch {
    // Not JSON: the test reads `text` and `contentType`.
  }
  return { status, contentType, body: parsed, text };
}

async function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | Uint8Array | FormData | undefined,
): Promise<{ status: number; contentType: string; text: string }> {
  if (body instanceof FormData) {
    // The global FormData belongs to Node's own fetch, which encodes it as multipart.
    const response = await fetch(url, { method, headers, body });
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: await response.text(),
    };
  }
  // undici's request for the rest: unlike fetch it also sends a body with GET, as a careless client may.
  const response = await request(url, { method, headers, body: body ?? null });
  const contentType = response.headers['content-type'];
  return {
    status: response.statusCode,
    contentType: typeof contentType === 'string' ? contentType : '',
    text: await response.body.text(),
  };
}

/** Creates a base of `account` and returns its kbId. */
export async function createBase(app: KbTestApp, name = 'Handbook', account = ACCOUNT_A): Promise<string> {
  const { status, body } = await app.call('POST', '/kb', { json: { name }, account });
  if (status !== 201 || typeof body.kbId !== 'string') throw new Error(`create base failed: ${status}`);
  return body.kbId;
}

/** A started test app and the base it was given. */
export interface AppWithBase {
  app: KbTestApp;
  kbId: string;
}

/**
 * Starts an app with one base of account A before each test of the file (`each`) or once before
 * all of them (`all`), hands both to `use`, and closes the app after.
 */
export function appWithBase(use: (started: AppWithBase) => void, scope: 'each' | 'all' = 'each'): void {
  let app: KbTestApp | undefined;
  (scope === 'each' ? beforeEach : beforeAll)(async () => {
    app = await startKbTestApp();
    use({ app, kbId: await createBase(app) });
  });
  (scope === 'each' ? afterEach : afterAll)(async () => {
    await app?.close();
  });
}

/** Retries `check` until it stops throwing, for effects the API documents as asynchronous. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Ingests `text` (vector tier unless `mode` says otherwise) and returns the response body. */
export async function ingestText(
  app: KbTestApp,
  kbId: string,
  text: string,
  title = 'Doc',
  mode: 'auto' | 'vector' | 'inline' = 'vector',
): Promise<CallResult['body']> {
  const { status, body } = await app.call('POST', `/kb/${kbId}/ingest-text`, { json: { text, title, mode } });
  if (status !== 200) throw new Error(`ingest-text failed: ${status} ${JSON.stringify(body)}`);
  return body;
}
