import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../http/client.ts';
import { createReferenceServer, type ReferenceServer } from '../reference/server.ts';
import { loadSpec, type Spec } from '../spec/openapi.ts';
import { runCleanup } from './cleanup.ts';

const RUN = 'cf0000000000aa';
const OTHER_RUN = 'cf0000000000bb';
const VOICE = '65f1a0c2b7e4d3a1c0f00001';
const FUNC_RUN = 'def _run(self):\n    return {}\n';

let server: ReferenceServer;
let spec: Spec;
let dir: string;
let keyringFile: string;

function client(role: 'full' | 'other'): ApiClient {
  return new ApiClient({ baseUrl: server.baseUrl, apiKey: server.keyring.keys[role], spec });
}

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

async function assistant(
  role: 'full' | 'other',
  customPersonaId: string,
  name = `${customPersonaId} name`,
): Promise<void> {
  const body = { customPersonaId, name, isPublic: false, voice: VOICE, tags: [], os: ['android'] };
  expect((await client(role).call('createPersona', { body })).response?.status).toBe(200);
}

async function plugin(title: string): Promise<void> {
  const body = {
    title,
    name: 'Leftover',
    tags: [],
    authentication_required: false,
    os: [],
    human_description: 'x',
    ai_description: 'y',
    parameters: { type: 'object', properties: {} },
    func_schema: '{}',
    func_run: FUNC_RUN,
    isPublic: true,
    isAnonymous: false,
  };
  expect((await client('full').call('createPlugin', { body })).response?.status).toBe(200);
}

async function base(name: string): Promise<string> {
  const exchange = await client('full').call('createKnowledgeBase', { body: { name } });
  expect(exchange.response?.status).toBe(201);
  return (exchange.response?.json as { kbId: string }).kbId;
}

async function exists(role: 'full' | 'other', customPersonaId: string): Promise<boolean> {
  return (
    (await client(role).call('getPersona', { path: { sessionId: 's', personaId: customPersonaId } })).response
      ?.status === 200
  );
}

async function pluginExists(title: string): Promise<boolean> {
  return (await client('full').call('getPlugin', { query: { title } })).response?.status === 200;
}

async function baseNames(): Promise<string[]> {
  const json = (await client('full').call('listKnowledgeBases')).response?.json as {
    kbs: Array<{ name: string }>;
  };
  return json.kbs.map((kb) => kb.name);
}

beforeAll(async () => {
  server = await createReferenceServer();
  spec = await loadSpec();
  dir = await mkdtemp(join(tmpdir(), 'cleanup-test-'));
  keyringFile = join(dir, 'keyring.json');
  await writeFile(keyringFile, JSON.stringify(server.keyring), { mode: 0o600 });
  await assistant('full', `${RUN}f1-a1`);
  await assistant('other', `${RUN}f2-b1`);
  await assistant('full', `${OTHER_RUN}f1-a2`);
  await assistant('full', 'customer-desk', 'Customer desk');
  await plugin(`${RUN}f1_weather_1`);
  await plugin('team_calendar');
  await base(`${RUN}f3 manual`);
  await base('Handbook');
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('conformance cleanup', () => {
  const target = () => ['--base-url', server.baseUrl, '--keyring', keyringFile];

  it('with --dry-run lists what carries the prefix on both accounts and removes nothing', async () => {
    const { out, err, io } = capture();
    expect(await runCleanup([...target(), '--prefix', RUN, '--dry-run'], io)).toBe(0);
    expect(err).toEqual([]);
    expect(out.join('\n')).toContain(`would remove assistant ${RUN}f1-a1`);
    expect(out.join('\n')).toContain(`would remove assistant ${RUN}f2-b1`);
    expect(out.join('\n')).toContain(`would remove plugin ${RUN}f1_weather_1`);
    expect(out.join('\n')).toMatch(new RegExp(`would remove knowledge base \\S+ \\(${RUN}f3 manual\\)`));
    expect(out).toHaveLength(4);
    expect(await exists('full', `${RUN}f1-a1`)).toBe(true);
  });

  it("removes the run's assistants, plugins and bases, and nothing else", async () => {
    const { out, err, io } = capture();
    expect(await runCleanup([...target(), '--prefix', RUN], io)).toBe(0);
    expect(err).toEqual([]);
    expect(out.at(-1)).toBe('conformance cleanup: 4 removed, 0 problem(s)');
    expect(await exists('full', `${RUN}f1-a1`)).toBe(false);
    expect(await exists('other', `${RUN}f2-b1`)).toBe(false);
    expect(await pluginExists(`${RUN}f1_weather_1`)).toBe(false);
    expect(await baseNames()).toEqual(['Handbook']);
    expect(await exists('full', `${OTHER_RUN}f1-a2`)).toBe(true);
    expect(await exists('full', 'customer-desk')).toBe(true);
    expect(await pluginExists('team_calendar')).toBe(true);
  });

  it('without --prefix removes what any run left, and still nothing else', async () => {
    const { out, io } = capture();
    expect(await runCleanup(target(), io)).toBe(0);
    expect(out).toContain(
      `removed assistant ${OTHER_RUN}f1-a2 (${OTHER_RUN}f1-a2 name) (account of the full key)`,
    );
    expect(await exists('full', 'customer-desk')).toBe(true);
    expect(await pluginExists('team_calendar')).toBe(true);
  });

  it('never prints a key', async () => {
    const { out, err, io } = capture();
    await runCleanup([...target(), '--dry-run'], io);
    for (const key of Object.values(server.keyring.keys))
      expect([...out, ...err].join('\n')).not.toContain(key);
  });

  it.each([
    [['--prefix', 'a']],
    [['--prefix', 'customer']],
    [['--prefix', 'cf123']],
    [['--bogus']],
    [['stray']],
  ])('refuses %j with one line and exit 2', async (extra) => {
    const { err, io } = capture();
    expect(await runCleanup([...target(), ...extra], io)).toBe(2);
    expect(err).toHaveLength(1);
    expect(err[0]).not.toContain('\n');
  });

  it('an unreachable target is exit 2', async () => {
    const { err, io } = capture();
    expect(await runCleanup(['--base-url', 'http://127.0.0.1:9/api/v1', '--api-key', 'svc_ai_x'], io)).toBe(
      2,
    );
    expect(err[0]).toMatch(/unreachable/);
  });

  it('without a base URL there is nothing to remove', async () => {
    const { out, io } = capture();
    const saved = process.env.CONFORMANCE_BASE_URL;
    delete process.env.CONFORMANCE_BASE_URL;
    try {
      expect(await runCleanup([], io)).toBe(0);
    } finally {
      if (saved !== undefined) process.env.CONFORMANCE_BASE_URL = saved;
    }
    expect(out[0]).toMatch(/nothing to remove/);
  });
});
