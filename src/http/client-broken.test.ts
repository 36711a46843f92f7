import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec, type Spec } from '../spec/openapi.ts';
import { startBrokenServer, type BrokenMode, type BrokenServer } from '../testing/broken-server.ts';
import { ConfigError } from '../target/config-error.ts';
import { preflight } from '../target/preflight.ts';
import { ApiClient } from './client.ts';
import type { Exchange } from './exchange.ts';

/**
 * The client against servers that break: every call returns an exchange (never throws), within the
 * request's timeout as a whole, and a huge body never reaches memory whole.
 */

const TIMEOUT_MS = 2_000;
/** Room for scheduling on a busy machine; a correctness bound, not a speed figure. */
const SLACK_MS = 1_500;
const KEY = 'svc_ai_broken_server_test_key';

let spec: Spec;
let server: BrokenServer | undefined;

beforeAll(async () => {
  spec = await loadSpec();
});

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function call(
  mode: BrokenMode,
  maxBodyBytes?: number,
): Promise<{ exchange: Exchange; elapsed: number }> {
  server = await startBrokenServer(mode);
  const client = new ApiClient({
    baseUrl: server.baseUrl,
    apiKey: KEY,
    spec,
    timeoutMs: TIMEOUT_MS,
    ...(maxBodyBytes !== undefined ? { maxBodyBytes } : {}),
  });
  const started = performance.now();
  const exchange = await client.call('listKnowledgeBases');
  return { exchange, elapsed: performance.now() - started };
}

describe('the client against a broken server', () => {
  it('silent: times out after the request timeout', async () => {
    const { exchange, elapsed } = await call('silent');
    expect(exchange.response).toBeUndefined();
    expect(exchange.error).toBe(`timed out after ${TIMEOUT_MS} ms`);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + SLACK_MS);
  });

  it('reset: records the dropped connection', async () => {
    const { exchange, elapsed } = await call('reset');
    expect(exchange.response).toBeUndefined();
    expect(exchange.error).toMatch(/socket|ECONNRESET|closed/i);
    expect(elapsed).toBeLessThan(SLACK_MS);
  });

  it('not-json: a 200 whose body is not JSON', async () => {
    const { exchange } = await call('not-json');
    expect(exchange.response?.status).toBe(200);
    expect(exchange.response?.json).toBeUndefined();
    expect(exchange.response?.text).toBe('<html>hello</html>');
  });

  it('error-500: the status and the JSON body as answered', async () => {
    const { exchange } = await call('error-500');
    expect(exchange.response?.status).toBe(500);
    expect(exchange.response?.json).toEqual({ code: 'internal', message: 'boom' });
  });

  it('drip: the timeout bounds the whole body, not each byte', async () => {
    const { exchange, elapsed } = await call('drip');
    expect(exchange.response).toBeUndefined();
    expect(exchange.error).toBe(`timed out after ${TIMEOUT_MS} ms`);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + SLACK_MS);
  });

  it.each([
    [undefined, 'response larger than 8 MiB (the cap; --max-body raises it)'],
    [64 * 1024, 'response larger than 64 KiB (the cap; --max-body raises it)'],
  ])('huge: the body is read up to the cap (%s) and the connection dropped', async (cap, message) => {
    const before = process.memoryUsage().rss;
    const { exchange, elapsed } = await call('huge', cap);
    expect(exchange.response).toBeUndefined();
    expect(exchange.error).toBe(message);
    expect(elapsed).toBeLessThan(TIMEOUT_MS);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });
});

describe('the preflight against a broken server', () => {
  async function preflightOf(mode: BrokenMode): Promise<{ outcome: unknown; elapsed: number }> {
    server = await startBrokenServer(mode);
    const started = performance.now();
    const outcome = await preflight({
      baseUrl: server.baseUrl,
      keyring: { keys: { full: KEY } },
      spec,
      secrets: [KEY],
      timeoutMs: TIMEOUT_MS,
    }).catch((error: unknown) => error);
    return { outcome, elapsed: performance.now() - started };
  }

  it.each([
    ['silent', /unreachable \(timed out after 2000 ms\)/],
    ['reset', /unreachable/],
    ['not-json', /no API found/],
    ['drip', /unreachable \(timed out after 2000 ms\)/],
    ['huge', /unreachable \(response larger than 8 MiB/],
  ] as const)('%s: stops the run with one line, within the timeout', async (mode, message) => {
    const { outcome, elapsed } = await preflightOf(mode);
    expect(outcome).toBeInstanceOf(ConfigError);
    expect((outcome as Error).message).toMatch(message);
    expect((outcome as Error).message).not.toContain(KEY);
    // Two questions at most (without and with the key), each within the timeout.
    expect(elapsed).toBeLessThan(2 * TIMEOUT_MS + SLACK_MS);
  });

  it.each(['probe-then-hang', 'error-500'] as const)(
    '%s: passes (the catalog answers as the API would, or with a JSON 500 for the checks to judge)',
    async (mode) => {
      const { outcome } = await preflightOf(mode);
      expect(outcome).toEqual([]);
    },
  );
});
