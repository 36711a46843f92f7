import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll } from 'vitest';
import type { Role } from '../../target/keyring-types.ts';
import { buildReferenceApp, type ReferenceApp, type ReferenceAppOptions } from '../app.ts';
import { API_PREFIX } from '../http/operation-route.ts';

/** What a test sends: a JSON body, or raw text with its own content type. */
interface CallInit {
  body?: unknown;
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body; undefined when the body was not JSON. */
  body: unknown;
  /** The body as an object (empty when it was not one), for field assertions. */
  json: Record<string, unknown>;
}

/** Who calls: a keyring role, a raw Authorization header value, or nobody. */
export type As = Role | { authorization: string } | null;

export interface Harness extends Omit<ReferenceApp, 'app'> {
  baseUrl: string;
  call(as: As, method: string, path: string, init?: CallInit): Promise<Reply>;
  close(): Promise<void>;
}

/** A listening reference with its state exposed, for the reference's own unit tests. */
export async function startHarness(options: ReferenceAppOptions = {}): Promise<Harness> {
  const reference = buildReferenceApp(options);
  await reference.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = reference.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}${API_PREFIX}`;

  const authorization = (as: As): Record<string, string> => {
    if (as === null) return {};
    if (typeof as === 'object') return { authorization: as.authorization };
    const key = reference.keyring.keys[as];
    if (key === undefined) throw new Error(`harness: keyring has no ${as} key`);
    return { authorization: `Bearer ${key}` };
  };

  return {
    keyring: reference.keyring,
    keys: reference.keys,
    state: reference.state,
    baseUrl,
    async call(as, method, path, init = {}) {
      const headers: Record<string, string> = { ...authorization(as), ...init.headers };
      let payload: string | undefined;
      if (init.raw !== undefined) {
        payload = init.raw;
        headers['content-type'] = init.contentType ?? 'application/json';
      } else if (init.body !== undefined) {
        payload = JSON.stringify(init.body);
        headers['content-type'] = 'application/json';
      }
      // undici rather than fetch: it lets a test send a body with GET, as a careless client might.
      const response = await request(baseUrl + path, { method, headers, body: payload });
      const text = await response.body.text();
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        body = undefined;
      }
      const json =
        typeof body === 'object' && body !== null && !Array.isArray(body)
          ? (body as Record<string, unknown>)
          : {};
      return { status: response.statusCode, headers: response.headers, body, json };
    },
    close: () => reference.app.close(),
  };
}

/**
 * One harness for the whole test file: started before its first test and closed after its last.
 * What it returns stands for that harness (every member is the started one's), so a file declares
 * `const h = harnessForFile()` instead of a variable and two hooks.
 */
export function harnessForFile(options: ReferenceAppOptions = {}): Harness {
  let started: Harness | undefined;
  beforeAll(async () => {
    started = await startHarness(options);
  });
  afterAll(() => started?.close());
  return new Proxy({} as Harness, {
    get: (_target, key) => {
      if (started === undefined) throw new Error('harnessForFile: the harness is used outside a test');
      return Reflect.get(started, key) as unknown;
    },
  });
}
