import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../http/client.ts';
import { createReferenceServer, type ReferenceServer } from '../reference/server.ts';
import { loadSpec, type Spec } from '../spec/openapi.ts';
import { ledgerFile, LedgerWriter, readLedger } from '../resources/ledger.ts';
import { runCleanup } from './cleanup.ts';

const RUN = 'cfrun0mwvaaaaaaaaaaaaa';
const OTHER_RUN = 'cfrun0mwvbbbbbbbbbbbbb';
const VOICE = '65f1a0c2b7e4d3a1c0f00001';
const FUNC_RUN = 'def _run(self):\n    return {}\n';

let server: ReferenceServer;
let spec: Spec;
let dir: string;
let keyringFile: string;

let ledger: LedgerWriter | undefined;

/** A client whose creates and deletes go into RUN's ledger while `ledger` is set, as in a run. */
function client(role: 'full' | 'other'): ApiClient {
  return new ApiClient({
    baseUrl: server.baseUrl,
    apiKey: server.keyring.keys[role],
    spec,
    ...(ledger !== undefined ? { observer: ledger } : {}),
  });
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

async function base(name: string, role: 'full' | 'other' = 'full'): Promise<string> {
  const exchange = await client(role).call('createKnowledgeBase', { body: { name } });
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

async function baseNames(role: 'full' | 'other' = 'full'): Promise<string[]> {
  const json = (await client(role).call('listKnowledgeBases')).response?.json as {
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
  // What a person keeps on the accounts, some of it named much like a run's.
  await assistant('full', 'cfcustomerservice', 'Customer service');
  await plugin('team_calendar');
  await base('cfoundationdocs (a customer KB)');
  await base('Handbook');
  // Another run, made on another machine: no ledger here.
  await assistant('full', `${OTHER_RUN}f1-a2`);
  await plugin(`${OTHER_RUN}f1_weather_1`);
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('conformance cleanup', () => {
  const target = () => ['--base-url', server.baseUrl, '--keyring', keyringFile, '--report-dir', dir];
  const file = () => ledgerFile(join(dir, 'ledger'), RUN);

  it('without a ledger and without --prefix lists the candidates and deletes nothing', async () => {
    const { out, err, io } = capture();
    expect(await runCleanup(target(), io)).toBe(0);
    expect(err).toEqual([]);
    const text = out.join('\n');
    expect(text).toContain(`candidate: assistant ${OTHER_RUN}f1-a2`);
    expect(text).toContain(`candidate: plugin ${OTHER_RUN}f1_weather_1`);
    expect(text).toContain(`none was deleted`);
    expect(text).toContain(`run ids seen: ${OTHER_RUN}`);
    // A name that merely starts with cf is no candidate.
    expect(text).not.toContain('cfcustomerservice');
    expect(text).not.toContain('cfoundationdocs');
    expect(await exists('full', `${OTHER_RUN}f1-a2`)).toBe(true);
  });

  it("deletes exactly what the run's ledger holds open, by identity, and nothing else", async () => {
    LedgerWriter.start(file(), RUN, server.baseUrl);
    ledger = new LedgerWriter(file(), server.keyring);
    try {
      await assistant('full', `${RUN}f1-a1`);
      await assistant('other', `${RUN}f2-b1`);
      await plugin(`${RUN}f1_weather_1`);
      await base(`${RUN}f3 manual`);
      await base(`${RUN}f3 on b`, 'other');
      // Handed to account B, as a transfer check does: the ledger still says account A.
      await assistant('full', `${RUN}f4-moved`);
      const moved = (
        await client('full').call('getPersona', { path: { sessionId: 's', personaId: `${RUN}f4-moved` } })
      ).response?.json as { personaData: { _id: string } };
      const email = server.keyring.accounts?.other?.email ?? '';
      const transfer = await client('full').call('transferOwnership', {
        path: { personaId: moved.personaData._id },
        body: { newOwnerEmail: email },
      });
      expect(transfer.response?.status).toBe(200);
      // Deleted by the run itself: closed in the ledger.
      await assistant('full', `${RUN}f5-gone`);
      expect(
        (await client('full').call('deletePersona', { path: { sessionId: 's', personaId: `${RUN}f5-gone` } }))
          .response?.status,
      ).toBe(200);
      // Refused (400, no isPublic): nothing was created.
      await client('full').call('createPersona', {
        body: { customPersonaId: `${RUN}f6-refused`, name: 'x' },
      });
    } finally {
      ledger = undefined;
    }
    // A create whose answer never came: the base is there, the ledger knows its name only.
    await base(`${RUN}f7 unanswered`);
    await appendFile(
      file(),
      `${JSON.stringify({ event: 'creating', ref: 'lost.1', kind: 'knowledge base', name: `${RUN}f7 unanswered`, role: 'full', at: new Date().toISOString() })}\n`,
    );
    expect(readLedger(file()).open).toHaveLength(7);

    const dry = capture();
    expect(await runCleanup([...target(), '--dry-run'], dry.io)).toBe(0);
    expect(dry.out.filter((line) => line.startsWith('would remove'))).toHaveLength(7);
    // Each on the account it is on now: the transferred assistant on B, though A made it.
    expect(dry.out).toContain(`would remove assistant ${RUN}f4-moved (account B, run ${RUN})`);
    expect(dry.out).toContain(`would remove assistant ${RUN}f1-a1 (account A, run ${RUN})`);
    expect(await exists('full', `${RUN}f1-a1`)).toBe(true);

    const { out, err, io } = capture();
    expect(await runCleanup(target(), io)).toBe(0);
    expect(err).toEqual([]);
    expect(out.join('\n')).toContain(`removed assistant ${RUN}f4-moved (account B)`);
    expect(await exists('full', `${RUN}f1-a1`)).toBe(false);
    expect(await exists('other', `${RUN}f2-b1`)).toBe(false);
    expect(await exists('other', `${RUN}f4-moved`)).toBe(false);
    expect(await pluginExists(`${RUN}f1_weather_1`)).toBe(false);
    expect((await baseNames()).sort()).toEqual(['Handbook', 'cfoundationdocs (a customer KB)']);
    expect(await baseNames('other')).toEqual([]);
    // The person's and the other run's are all still there.
    expect(await exists('full', 'cfcustomerservice')).toBe(true);
    expect(await pluginExists('team_calendar')).toBe(true);
    expect(await exists('full', `${OTHER_RUN}f1-a2`)).toBe(true);
    // Nothing open any more: the ledger has done its job.
    expect(existsSync(file())).toBe(false);
  });

  it('leaves a ledger of another target alone', async () => {
    LedgerWriter.start(file(), RUN, 'http://staging.example.com/api/v1');
    await appendFile(
      file(),
      `${JSON.stringify({ event: 'creating', ref: 'x.1', kind: 'assistant', id: 'cfcustomerservice', role: 'full', at: new Date().toISOString() })}\n`,
    );
    const { out, io } = capture();
    expect(await runCleanup(target(), io)).toBe(0);
    expect(out.join('\n')).toContain(
      `ledger of run ${RUN} is for http://staging.example.com/api/v1: not this one, left alone`,
    );
    expect(await exists('full', 'cfcustomerservice')).toBe(true);
    await rm(file());
  });

  it('removes a ledger of this target that holds nothing open (not on --dry-run)', async () => {
    LedgerWriter.start(file(), RUN, server.baseUrl);
    await appendFile(
      file(),
      [
        { event: 'creating', ref: 'y.1', kind: 'assistant', id: `${RUN}f9-done`, role: 'full' },
        { event: 'created', ref: 'y.1', status: 200 },
        { event: 'deleted', kind: 'assistant', id: `${RUN}f9-done` },
      ]
        .map((event) => `${JSON.stringify({ ...event, at: new Date().toISOString() })}\n`)
        .join(''),
    );
    expect(readLedger(file()).open).toEqual([]);
    expect(await runCleanup([...target(), '--dry-run'], capture().io)).toBe(0);
    expect(existsSync(file())).toBe(true);
    const { out, io } = capture();
    expect(await runCleanup(target(), io)).toBe(0);
    expect(out).toContain(`conformance cleanup: the ledger of run ${RUN} held nothing open: removed`);
    expect(existsSync(file())).toBe(false);
  });

  it('looks for the refused creates a ledger holds, and removes only one saved all the same', async () => {
    LedgerWriter.start(file(), RUN, server.baseUrl);
    // Two plugin creates answered 400; the target saved the first all the same (as a faulty one may).
    await plugin(`${RUN}f8_saved`);
    await appendFile(
      file(),
      [`${RUN}f8_saved`, `${RUN}f8_not_saved`]
        .flatMap((title, index) => [
          { event: 'creating', ref: `z.${index}`, kind: 'plugin', id: title, name: title, role: 'full' },
          { event: 'refused', ref: `z.${index}`, status: 400 },
        ])
        .map((event) => `${JSON.stringify({ ...event, at: new Date().toISOString() })}\n`)
        .join(''),
    );
    const dry = capture();
    expect(await runCleanup([...target(), '--dry-run'], dry.io)).toBe(0);
    expect(dry.out).toEqual([
      `would remove plugin ${RUN}f8_saved (account A, run ${RUN}, its create refused, saved all the same)`,
      `not there: plugin ${RUN}f8_not_saved (account A, run ${RUN}, its create refused): only its ledger entry would be closed`,
    ]);
    expect(await pluginExists(`${RUN}f8_saved`)).toBe(true);

    const { out, err, io } = capture();
    expect(await runCleanup(target(), io)).toBe(0);
    expect(err).toEqual([]);
    expect(out).toContain(
      `removed plugin ${RUN}f8_saved (account A, saved though its create was refused) (run ${RUN})`,
    );
    expect(await pluginExists(`${RUN}f8_saved`)).toBe(false);
    expect(await pluginExists('team_calendar')).toBe(true);
    expect(existsSync(file())).toBe(false);
  });

  it("with --prefix removes one run's resources found by listing, and nothing else", async () => {
    const { out, err, io } = capture();
    expect(await runCleanup([...target(), '--prefix', OTHER_RUN], io)).toBe(0);
    expect(err).toEqual([]);
    expect(out.at(-1)).toBe('conformance cleanup: 2 removed, 0 problem(s)');
    expect(await exists('full', `${OTHER_RUN}f1-a2`)).toBe(false);
    expect(await pluginExists(`${OTHER_RUN}f1_weather_1`)).toBe(false);
    expect(await exists('full', 'cfcustomerservice')).toBe(true);
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
    [['--prefix', 'cfcustomerservice']],
    [['--prefix', 'cf0000000000aa']],
    [['--run', 'cfrun0mwvzzzzzzzzzzzzz']],
    [['--run', RUN, '--prefix', RUN]],
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
    expect(
      await runCleanup(
        ['--base-url', 'http://127.0.0.1:9/api/v1', '--api-key', 'svc_ai_x_long_enough', '--report-dir', dir],
        io,
      ),
    ).toBe(2);
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
