import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec, type Spec } from '../spec/openapi.ts';
import { startBrokenServer, type BrokenMode } from '../testing/broken-server.ts';
import { ConfigError } from './config-error.ts';
import type { Keyring } from './keyring-types.ts';
import { preflight } from './preflight.ts';
import { assertReachable } from './reachability.ts';

const GOOD = 'svc_ai_preflight_good_1';
/** Each key stands for one answer of the voice catalog to it. */
const ANSWERS: Record<string, [number, unknown]> = {
  [GOOD]: [200, { status: true, message: 'ok', data: [] }],
  svc_ai_preflight_revoked: [403, { auth: false, success: false, code: 'key_revoked', message: 'revoked' }],
  svc_ai_preflight_expired: [403, { code: 'key_expired', message: 'expired on 2020-01-01' }],
  svc_ai_preflight_legacy: [403, { code: 'route_forbidden', message: 'no' }],
  svc_ai_preflight_viewless: [
    403,
    { code: 'scope_denied', module: 'voices', required: 'view', held: 'none' },
  ],
  svc_ai_preflight_manage: [
    403,
    { code: 'scope_denied', module: 'voices', required: 'view', held: 'manage' },
  ],
};

let server: Server;
let origin: string;
let spec: Spec;
const keysSeen: string[] = [];

beforeAll(async () => {
  spec = await loadSpec();
  server = createServer((req, res) => {
    const [, mode] = (req.url ?? '/').split('/');
    const key = req.headers.authorization?.replace(/^Bearer /, '');
    if (key !== undefined) keysSeen.push(key);
    if (mode === 'slow') return; // never answers
    if (mode === 'notapi')
      return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>404</h1>');
    if (mode === 'html' || (mode === 'keyhtml' && key !== undefined))
      return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>welcome</html>');
    const [status, body] = (key !== undefined ? ANSWERS[key] : undefined) ?? [
      401,
      { message: 'invalid bearer token' },
    ];
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function run(mode: string, keyring: Keyring, timeoutMs = 5_000): Promise<string[]> {
  return preflight({ baseUrl: `${origin}/${mode}/api/v1`, keyring, spec, secrets: [], timeoutMs });
}

const full = (key: string): Keyring => ({ keys: { full: key } });

describe('preflight', () => {
  it('passes a target that answers the voice catalog with JSON to the full key', async () => {
    await expect(run('api', full(GOOD))).resolves.toEqual([]);
  });

  it.each([
    ['svc_ai_preflight_unknown', 'HTTP 401 invalid bearer token'],
    ['svc_ai_preflight_revoked', 'HTTP 403 key_revoked'],
    ['svc_ai_preflight_expired', 'HTTP 403 key_expired'],
    ['svc_ai_preflight_legacy', 'HTTP 403 route_forbidden'],
    ['svc_ai_preflight_viewless', 'HTTP 403 scope_denied'],
  ])('refuses the full key %s as a configuration error naming the code, never the key', async (key, code) => {
    const error = await run('api', full(key)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(`the full key is refused by ${origin}/api/api/v1: ${code}`);
    expect(message).not.toContain(key);
  });

  it('leaves a scope_denied to a key that holds enough to the checks: the implementation judges levels wrongly', async () => {
    const notes = await run('api', full('svc_ai_preflight_manage'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/reports holding manage: the checks will judge it/);
  });

  it('finds no API where the voice catalog is a 404, and sends that server no key', async () => {
    const before = keysSeen.length;
    await expect(run('notapi', full(GOOD))).rejects.toThrow(
      `no API found at ${origin}/notapi/api/v1 (GET /users/get_voice_clone without a key answered 404)`,
    );
    expect(keysSeen.length).toBe(before);
  });

  it('finds no API where the voice catalog answers something that is not JSON', async () => {
    await expect(run('keyhtml', full(GOOD))).rejects.toThrow(
      /^no API found at .*\(GET \/users\/get_voice_clone with the full key answered 200 with a body that is not JSON\)$/,
    );
  });

  it('without a full key, takes a JSON answer (the documented 401) as proof that the API is there', async () => {
    const notes = await run('api', { keys: { other: GOOD } });
    expect(notes).toEqual([
      'the keyring has no full key: the preflight checked that the API is there, not a key',
    ]);
    await expect(run('html', { keys: {} })).rejects.toThrow(/^no API found at .*without a key answered 200/);
  });

  it('stops at an unreachable target, within the run’s timeout', async () => {
    await expect(run('slow', full(GOOD), 200)).rejects.toThrow(
      `target ${origin}/slow/api/v1 is unreachable (timed out after 200 ms)`,
    );
    await expect(
      preflight({
        baseUrl: 'http://127.0.0.1:9/api/v1',
        keyring: full(GOOD),
        spec,
        secrets: [],
        timeoutMs: 2_000,
      }),
    ).rejects.toThrow(/^target http:\/\/127\.0\.0\.1:9\/api\/v1 is unreachable \(ECONNREFUSED/);
  });
});

describe('preflight against a broken server', { timeout: 10_000 }, () => {
  const TIMEOUT_MS = 2_000;
  /** Room for scheduling on a busy machine; a correctness bound, not a speed figure. */
  const SLACK_MS = 1_500;
  const KEY = 'svc_ai_preflight_broken_key';

  /** What the preflight ended with (its notes, or what it threw), and how long it took. */
  async function preflightOf(mode: BrokenMode): Promise<{ outcome: unknown; elapsed: number }> {
    const server = await startBrokenServer(mode);
    try {
      const started = performance.now();
      const outcome = await preflight({
        baseUrl: server.baseUrl,
        keyring: full(KEY),
        spec,
        secrets: [KEY],
        timeoutMs: TIMEOUT_MS,
      }).catch((error: unknown) => error);
      return { outcome, elapsed: performance.now() - started };
    } finally {
      await server.close();
    }
  }

  it.concurrent.each([
    ['silent', /^target \S+ is unreachable \(timed out after 2000 ms\)$/],
    ['reset', /^target \S+ is unreachable \((UND_ERR_SOCKET: other side closed|ECONNRESET: .+)\)$/],
    [
      'not-json',
      /^no API found at \S+ \(GET \/users\/get_voice_clone with the full key answered 200 with a body that is not JSON\)$/,
    ],
    ['drip', /^target \S+ is unreachable \(timed out after 2000 ms\)$/],
    ['huge', /^target \S+ is unreachable \(response larger than 8 MiB \(the cap; --max-body raises it\)\)$/],
  ] as const)('%s: a configuration error, within the timeout', async (mode, message) => {
    const { outcome, elapsed } = await preflightOf(mode);
    expect(outcome).toBeInstanceOf(ConfigError);
    expect((outcome as Error).message).toMatch(message);
    expect((outcome as Error).message).not.toContain(KEY);
    // The first question (without a key) already meets the break: one timeout, not two.
    expect(elapsed).toBeLessThan(TIMEOUT_MS + SLACK_MS);
  });

  it.concurrent.each(['probe-then-hang', 'error-500'] as const)(
    '%s: passes (the catalog answers as the API would, or with a JSON 500 for the checks to judge)',
    async (mode) => {
      const { outcome, elapsed } = await preflightOf(mode);
      expect(outcome).toEqual([]);
      expect(elapsed).toBeLessThan(SLACK_MS);
    },
  );
});

describe('assertReachable against a broken server', { timeout: 10_000 }, () => {
  const TIMEOUT_MS = 2_000;
  const SLACK_MS = 1_500;

  async function reachabilityOf(mode: BrokenMode): Promise<{ outcome: unknown; elapsed: number }> {
    const server = await startBrokenServer(mode);
    try {
      const started = performance.now();
      const outcome = await assertReachable(server.baseUrl, TIMEOUT_MS).catch((error: unknown) => error);
      return { outcome, elapsed: performance.now() - started };
    } finally {
      await server.close();
    }
  }

  it.concurrent.each([
    ['silent', /is unreachable \(no answer within 2000 ms\)$/],
    ['reset', /is unreachable \((UND_ERR_SOCKET|ECONNRESET)\)$/],
  ] as const)('%s: unreachable, within the timeout', async (mode, message) => {
    const { outcome, elapsed } = await reachabilityOf(mode);
    expect(outcome).toBeInstanceOf(ConfigError);
    expect((outcome as Error).message).toMatch(message);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + SLACK_MS);
  });

  // Any answer means the target is up; its body is read within the same deadline, and only so far.
  it.concurrent.each([
    ['drip', TIMEOUT_MS + SLACK_MS],
    ['huge', SLACK_MS],
    ['not-json', SLACK_MS],
  ] as const)('%s: reachable, and the body read within %s ms', async (mode, bound) => {
    const { outcome, elapsed } = await reachabilityOf(mode);
    expect(outcome).toBeUndefined();
    expect(elapsed).toBeLessThan(bound);
  });
});
