import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec, type Spec } from '../spec/openapi.ts';
import { ApiClient } from './client.ts';
import { toCurl } from './curl.ts';
import type { Exchange } from './exchange.ts';
import { REDACTED_KEY, REDACTED_SHARE_TOKEN } from '../redact/secrets.ts';

const KEY = 'svc_ai_client_test_key_123';
const SHARE_TOKEN = 'con_sh_client_test_token_77';
const PLAIN_TOKEN = 'plainClientTestToken0099';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let baseUrl: string;
let spec: Spec;
const seen: Seen[] = [];

beforeAll(async () => {
  spec = await loadSpec();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (req.url?.startsWith('/api/v1/slow')) return; // never answers: the client's timeout must end it
      if (req.url?.startsWith('/api/v1/share')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: true, message: 'token created', data: SHARE_TOKEN }));
        return;
      }
      if (req.url?.startsWith('/api/v1/persona/enterprise/sharePersona/')) {
        // A token without the documented prefix: still a secret.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: true, message: 'token created', data: PLAIN_TOKEN }));
        return;
      }
      if (req.url?.startsWith('/api/v1/echo-key')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ leaked: req.headers.authorization }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function client(onExchange?: (e: Exchange) => void): ApiClient {
  return new ApiClient({ baseUrl, apiKey: KEY, spec, ...(onExchange ? { onExchange } : {}) });
}

describe('ApiClient', () => {
  it('calls an operation by id with path parameters, query and a JSON body', async () => {
    const exchange = await client().call('queryKnowledgeBase', {
      path: { kbId: 'a b' },
      query: { topK: 3, skip: undefined },
      body: { query: 'hello' },
    });
    const request = seen.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/v1/kb/a%20b/query?topK=3');
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ query: 'hello' });
    expect(exchange.response?.status).toBe(200);
    expect(exchange.response?.json).toEqual({ ok: true });
    expect(exchange.operationId).toBe('queryKnowledgeBase');
  });

  it('sends multipart bodies with file parts', async () => {
    const exchange = await client().call('uploadFile', {
      path: { kbId: 'kb1' },
      multipart: {
        title: 'Notes',
        file: { filename: 'a.txt', contentType: 'text/plain', content: Buffer.from('hello world') },
      },
    });
    const request = seen.at(-1)!;
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.body).toContain('filename="a.txt"');
    expect(request.body).toContain('hello world');
    expect(toCurl(exchange)).toContain(`-F 'file=@a.txt;type=text/plain'`);
  });

  it('records every exchange with the key redacted, in headers, curl line and response', async () => {
    const recorded: Exchange[] = [];
    const exchange = await client((e) => recorded.push(e)).raw('GET', '/echo-key');
    expect(recorded).toHaveLength(1);
    const everything = JSON.stringify(exchange) + toCurl(exchange);
    expect(everything).not.toContain(KEY);
    expect(exchange.request.headers.authorization).toBe(`Bearer ${REDACTED_KEY}`);
    expect(toCurl(exchange)).toContain(`-H 'authorization: Bearer ${REDACTED_KEY}'`);
  });

  it('hides a minted share token without the con_sh_ prefix from then on, and keeps it for the check', async () => {
    const minted = await client().call('sharePersona', { path: { customPersonaId: 'x' } });
    expect((minted.response?.json as { data: string }).data).toBe(PLAIN_TOKEN);
    expect(minted.response?.text).not.toContain(PLAIN_TOKEN);
    const used = await client().raw('GET', `/echo-key?token=${PLAIN_TOKEN}`, {
      headers: { authorization: `Bearer ${PLAIN_TOKEN}` },
    });
    // Everything recorded; the parsed body alone keeps what the answer said, for the check.
    expect(JSON.stringify({ ...used, response: { ...used.response, json: undefined } })).not.toContain(
      PLAIN_TOKEN,
    );
    expect(toCurl(used)).not.toContain(PLAIN_TOKEN);
  });

  it('keeps a share token in the parsed body for the check, and out of the recorded text and curl line', async () => {
    const minted = await client().raw('POST', '/share');
    expect((minted.response?.json as { data: string }).data).toBe(SHARE_TOKEN);
    expect(minted.response?.text).toContain(REDACTED_SHARE_TOKEN);
    const used = await client()
      .withKey(undefined)
      .raw('GET', '/ok', { headers: { authorization: `Bearer ${SHARE_TOKEN}` } });
    expect(seen.at(-1)!.headers.authorization).toBe(`Bearer ${SHARE_TOKEN}`);
    for (const exchange of [minted, used]) {
      expect(exchange.response?.text + JSON.stringify(exchange.request) + toCurl(exchange)).not.toContain(
        SHARE_TOKEN,
      );
    }
    expect(toCurl(used)).toContain(`authorization: Bearer ${REDACTED_SHARE_TOKEN}`);
  });

  it('can send no Authorization header at all', async () => {
    await client().withKey(undefined).call('listVoices');
    expect(seen.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('ends a request at its timeout and records it as an error, without retrying', async () => {
    const before = seen.length;
    const exchange = await client().raw('GET', '/slow', { timeoutMs: 200 });
    expect(exchange.response).toBeUndefined();
    expect(exchange.error).toMatch(/timed out after 200 ms/);
    expect(seen.length - before).toBe(1);
  });

  it('refuses to build a path with a missing parameter', async () => {
    await expect(client().call('getPersona', { path: { sessionId: 's' } })).rejects.toThrow(/personaId/);
  });
});
