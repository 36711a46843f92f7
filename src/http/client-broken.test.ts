import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec, type Spec } from '../spec/openapi.ts';
import { startBrokenServer, type BrokenMode, type BrokenServer } from '../testing/broken-server.ts';
import { ApiClient } from './client.ts';
import type { Exchange } from './exchange.ts';

/**
 * The client against servers that break: every call returns an exchange (never throws), within the
 * request's timeout as a whole, a huge body never reaches memory whole, and a connection given up
 * on is dropped (not drained, not left in the pool).
 */

const TIMEOUT_MS = 2_000;
/** Room for scheduling on a busy machine; a correctness bound, not a speed figure. */
const SLACK_MS = 1_500;
/** A timer may fire a millisecond before performance.now() says the time has come. */
const EARLY_MS = 50;
const KEY = 'svc_ai_broken_server_test_key';
const MIB = 1024 * 1024;
/** A regression (a call that never ends) fails here, in seconds, not at vitest's minute. */
const TEST_TIMEOUT = { timeout: 10_000 };

let spec: Spec;

beforeAll(async () => {
  spec = await loadSpec();
});

function clientOf(baseUrl: string, maxBodyBytes?: number): ApiClient {
  return new ApiClient({
    baseUrl,
    apiKey: KEY,
    spec,
    timeoutMs: TIMEOUT_MS,
    ...(maxBodyBytes !== undefined ? { maxBodyBytes } : {}),
  });
}

async function timed(send: () => Promise<Exchange>): Promise<{ exchange: Exchange; elapsed: number }> {
  const started = performance.now();
  const exchange = await send();
  return { exchange, elapsed: performance.now() - started };
}

/** A broken server for the length of `body`, closed whatever happens. */
async function against<T>(mode: BrokenMode, body: (server: BrokenServer) => Promise<T>): Promise<T> {
  const server = await startBrokenServer(mode);
  try {
    return await body(server);
  } finally {
    await server.close();
  }
}

/**
 * The client dropped its connection: the server sees it close (a drained or pooled one stays open).
 * Polled by hand: expect.poll needs the test's own expect in concurrent tests.
 */
async function expectDropped(server: BrokenServer): Promise<void> {
  const until = performance.now() + 1_000;
  while (server.openConnections() > 0 && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(server.openConnections()).toBe(0);
}

// One at a time and first: the memory a call takes is measured, and nothing else may run meanwhile.
describe('the client against a 1 GiB body', TEST_TIMEOUT, () => {
  it.each([
    [undefined, 'response larger than 8 MiB (the cap; --max-body raises it)'],
    [64 * 1024, 'response larger than 64 KiB (the cap; --max-body raises it)'],
  ])('huge: reads up to the cap (%s), records an error and drops the connection', async (cap, message) => {
    await against('huge', async (server) => {
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
      const { exchange, elapsed } = await timed(() => clientOf(server.baseUrl, cap).call('listVoices'));
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      expect(exchange.response).toBeUndefined();
      expect(exchange.error).toBe(message);
      expect(elapsed).toBeLessThan(TIMEOUT_MS);
      expect(peak - before).toBeLessThan(100 * MIB);
      await expectDropped(server);
    });
  });

  it('probe-then-huge: the probe is answered, every other call is cut at the cap', async () => {
    await against('probe-then-huge', async (server) => {
      const client = clientOf(server.baseUrl, 64 * 1024);
      const probe = await client.call('listVoices');
      expect(probe.response?.status).toBe(200);
      expect(probe.response?.json).toEqual({
        data: [{ _id: '0123456789abcdef01234567', name: 'Ada', lang: 'en' }],
      });
      const { exchange, elapsed } = await timed(() => client.call('listKnowledgeBases'));
      expect(exchange.response).toBeUndefined();
      expect(exchange.error).toBe('response larger than 64 KiB (the cap; --max-body raises it)');
      expect(elapsed).toBeLessThan(TIMEOUT_MS);
    });
  });
});

describe.concurrent('the client against a server that does not answer in time', TEST_TIMEOUT, () => {
  // silent: no answer at all; drip: headers at once, then a byte a second, so only a bound on the
  // whole exchange (not undici's per-chunk idle timeout) ends it.
  it.each(['silent', 'drip'] as const)(
    '%s: times out after the request timeout as a whole, and drops the connection',
    async (mode) => {
      await against(mode, async (server) => {
        const { exchange, elapsed } = await timed(() => clientOf(server.baseUrl).call('listVoices'));
        expect(exchange.response).toBeUndefined();
        expect(exchange.error).toBe(`timed out after ${TIMEOUT_MS} ms`);
        expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - EARLY_MS);
        expect(elapsed).toBeLessThan(TIMEOUT_MS + SLACK_MS);
        await expectDropped(server);
      });
    },
  );

  it('drip: sends its headers at once and then a byte a second (the server under test is what it says)', async () => {
    await against('drip', async (server) => {
      const started = performance.now();
      const res = await request(`${server.baseUrl}/users/get_voice_clone`);
      expect(res.statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(500);
      const arrivals: number[] = [];
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        arrivals.push(performance.now() - started);
        expect(chunk.length).toBe(1);
        if (arrivals.length === 3) break;
      }
      // '[' at once, then a space a second: undici's bodyTimeout (idle time between chunks) never fires.
      expect(arrivals[2]! - arrivals[1]!).toBeGreaterThan(800);
    });
  });

  it('probe-then-hang: the probe is answered, the next call times out', async () => {
    await against('probe-then-hang', async (server) => {
      const client = clientOf(server.baseUrl);
      const keyless = await client.withKey(undefined).call('listVoices');
      expect(keyless.response?.status).toBe(401);
      expect(keyless.response?.json).toEqual({ status: 401, message: 'invalid bearer token' });
      const { exchange, elapsed } = await timed(() => client.call('listKnowledgeBases'));
      expect(exchange.response).toBeUndefined();
      expect(exchange.error).toBe(`timed out after ${TIMEOUT_MS} ms`);
      expect(elapsed).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    });
  });
});

describe.concurrent('the client against a server that answers wrongly', TEST_TIMEOUT, () => {
  it('reset: records the dropped connection as an error', async () => {
    await against('reset', async (server) => {
      const { exchange, elapsed } = await timed(() => clientOf(server.baseUrl).call('listVoices'));
      expect(exchange.response).toBeUndefined();
      expect(exchange.error).toMatch(/^(UND_ERR_SOCKET: other side closed|ECONNRESET: .+)$/);
      expect(elapsed).toBeLessThan(SLACK_MS);
    });
  });

  it('not-json: a 200 whose body is not JSON is an answer without JSON', async () => {
    await against('not-json', async (server) => {
      const { exchange } = await timed(() => clientOf(server.baseUrl).call('listVoices'));
      expect(exchange.error).toBeUndefined();
      expect(exchange.response?.status).toBe(200);
      expect(exchange.response?.headers['content-type']).toBe('text/html');
      expect(exchange.response?.text).toBe('<html>hello</html>');
      expect(exchange.response?.json).toBeUndefined();
    });
  });

  it('error-500: the status and the JSON body as answered', async () => {
    await against('error-500', async (server) => {
      const { exchange } = await timed(() => clientOf(server.baseUrl).call('listVoices'));
      expect(exchange.error).toBeUndefined();
      expect(exchange.response?.status).toBe(500);
      expect(exchange.response?.json).toEqual({ code: 'internal', message: 'boom' });
    });
  });
});

// Two breaks no broken-server mode needs for a whole run, so served here: a body cut short, and none.
describe.concurrent('the client against a body cut short or empty', TEST_TIMEOUT, () => {
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/cut') {
        // Promises 100 bytes, sends 10, and closes: a process dying mid-answer.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"data": [');
        setTimeout(() => req.socket.destroy(), 50);
        return;
      }
      res.writeHead(req.url === '/no-content' ? 204 : 200, { 'content-type': 'application/json' });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('a socket closed mid-body is an error, not an answer', async () => {
    const exchange = await clientOf(baseUrl).raw('GET', '/cut');
    expect(exchange.response).toBeUndefined();
    expect(exchange.error).toMatch(/^(UND_ERR_SOCKET: other side closed|ECONNRESET: .+)$/);
  });

  it.each([
    ['/empty', 200],
    ['/no-content', 204],
  ])('an empty body (%s) is an answer without JSON', async (path, status) => {
    const exchange = await clientOf(baseUrl).raw('GET', path);
    expect(exchange.error).toBeUndefined();
    expect(exchange.response?.status).toBe(status);
    expect(exchange.response?.text).toBe('');
    expect(exchange.response?.json).toBeUndefined();
  });
});
