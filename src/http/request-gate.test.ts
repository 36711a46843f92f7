import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadSpec, type Spec } from '../spec/openapi.ts';
import { ApiClient } from './client.ts';
import { RequestGate, retryAfterMs } from './request-gate.ts';

describe('RequestGate', () => {
  it('keeps at most `concurrency` requests in flight', async () => {
    const gate = new RequestGate(2);
    let running = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        gate.pass(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setTimeout(resolve, 10));
          running -= 1;
        }),
      ),
    );
    expect(peak).toBe(2);
  });

  it('starts at most `ratePerSecond` requests a second', async () => {
    const gate = new RequestGate(10, 20);
    const starts: number[] = [];
    await Promise.all(Array.from({ length: 5 }, () => gate.pass(async () => void starts.push(Date.now()))));
    // Five starts at 20 per second span at least 4 × 50 ms.
    expect(Math.max(...starts) - Math.min(...starts)).toBeGreaterThanOrEqual(190);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});

describe('a 429 from the target', () => {
  let server: Server;
  let baseUrl: string;
  let spec: Spec;
  const hits = new Map<string, number>();

  beforeAll(async () => {
    spec = await loadSpec();
    server = createServer((req, res) => {
      const path = req.url ?? '';
      const n = (hits.get(path) ?? 0) + 1;
      hits.set(path, n);
      res.setHeader('content-type', 'application/json');
      if (path.includes('once') && n === 1) res.writeHead(429, { 'retry-after': '1' });
      else if (path.includes('long')) res.writeHead(429, { 'retry-after': '3600' });
      else if (path.includes('bare')) res.writeHead(429);
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const client = () => new ApiClient({ baseUrl, apiKey: 'svc_ai_gate_test_key_1', spec });

  it('is waited out as its Retry-After asks, said so, and the request sent again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const started = Date.now();
    const exchange = await client().raw('GET', '/once');
    expect(exchange.response?.status).toBe(200);
    expect(exchange.rateLimitWaits).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(hits.get('/api/v1/once')).toBe(2);
    expect(warn.mock.calls[0]?.[0]).toMatch(/429 from GET \/once: waiting 1 s/);
    warn.mockRestore();
  });

  it('stands when Retry-After asks for longer than the bound, or says nothing: never retried', async () => {
    for (const path of ['/long', '/bare']) {
      const exchange = await client().raw('GET', path);
      expect(exchange.response?.status).toBe(429);
      expect(exchange.rateLimitWaits).toBeUndefined();
      expect(hits.get(`/api/v1${path}`)).toBe(1);
    }
  });
});
