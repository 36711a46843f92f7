import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../http/client.ts';
import { createReferenceServer, type ReferenceServer } from '../reference/server.ts';
import { loadSpec, type Spec } from '../spec/openapi.ts';
import { answered } from '../testing/exchanges.ts';
import { scratchFolder } from '../testing/scratch-folder.ts';
import { echoPluginBody } from './drafts.ts';
import type { ResourceKind } from './kinds/kind.ts';
import { KindRegistry, RESOURCE_KINDS } from './kinds/registry.ts';
import { sweepLedger, type AccountClients } from './ledger-sweep.ts';
import { holdsNothing, ledgerFile, LedgerWriter, readLedger } from './ledger.ts';

/**
 * The sweep of refused creates, against the reference with a planted fault that saves a duplicate
 * plugin while it refuses it (plugins.duplicate-saved-then-refused): a create refused and absent
 * costs one listing read per account and deletes nothing; one refused but saved is deleted on the
 * account whose key sent it; nothing the ledger does not hold is touched, however like its name.
 */

const RUN = 'cfrun0mwvccccccccccccc';
const OTHER_RUN = 'cfrun0mwvddddddddddddd';

const scratch = scratchFolder('refused-');
/** The faulted reference and the document, started once for the file. */
let reference: { server: ReferenceServer; spec: Spec };
/** Each test's own ledger, and the writer appending to it. */
let ledger: { file: string; writer: LedgerWriter };

type Role = 'full' | 'other';

/** A client whose creates go into the run's ledger, as a check's do. */
function runClient(role: Role): ApiClient {
  return new ApiClient({
    baseUrl: reference.server.baseUrl,
    apiKey: reference.server.keyring.keys[role],
    spec: reference.spec,
    observer: ledger.writer,
  });
}

/** A client of its own, outside the run: a person's, or another run's. */
function personClient(role: Role): ApiClient {
  return new ApiClient({
    baseUrl: reference.server.baseUrl,
    apiKey: reference.server.keyring.keys[role],
    spec: reference.spec,
  });
}

/** The sweep's clients, each request it sends recorded as `operationId on account`. */
function sweepClients(sent: string[]): AccountClients {
  const client = (role: Role, account: string) =>
    new ApiClient({
      baseUrl: reference.server.baseUrl,
      apiKey: reference.server.keyring.keys[role],
      spec: reference.spec,
      onExchange: (exchange) => sent.push(`${exchange.operationId ?? '?'} on ${account}`),
    });
  return { A: client('full', 'A'), B: client('other', 'B') };
}

async function create(
  client: ApiClient,
  title: string,
  drop?: string,
  isPublic = false,
): Promise<number | undefined> {
  const body: Record<string, unknown> = { ...echoPluginBody(title), isPublic };
  if (drop !== undefined) delete body[drop];
  return (await client.call('createPlugin', { body })).response?.status;
}

async function ownTitles(role: Role): Promise<string[]> {
  const exchange = await personClient(role).call('listPlugins', {
    path: { userId: 'u' },
    query: { isPublic: 'private', status: 'all', os: 'all', limit: 200 },
  });
  return ((exchange.response?.json as { plugin?: Array<{ title: string }> }).plugin ?? []).map(
    (plugin) => plugin.title,
  );
}

beforeAll(async () => {
  reference = {
    server: await createReferenceServer({ faults: ['plugins.duplicate-saved-then-refused'] }),
    spec: await loadSpec(),
  };
  // A person's and another run's, named much like this run's refused ones: never the sweep's.
  expect(await create(personClient('full'), `${RUN}_weather_1`)).toBe(200);
  expect(await create(personClient('other'), `${OTHER_RUN}_weather`)).toBe(200);
});

afterAll(() => reference.server.close());

beforeEach((test) => {
  const file = ledgerFile(join(scratch.dir, test.task.id), RUN);
  LedgerWriter.start(file, RUN, reference.server.baseUrl);
  ledger = { file, writer: new LedgerWriter(file, reference.server.keyring) };
});

describe('the sweep of refused creates', () => {
  it('refused and absent: one listing read per account, nothing deleted, the entries closed', async () => {
    // Refused for a missing field: a correct refusal, nothing saved.
    expect(await create(runClient('full'), `${RUN}_weather`, 'name')).toBe(404);
    expect(await create(runClient('full'), `${RUN}_tides`, 'name')).toBe(404);
    expect(await create(runClient('other'), `${RUN}_weather_b`, 'name')).toBe(404);
    expect(readLedger(ledger.file).refused).toHaveLength(3);

    const sent: string[] = [];
    const report = await sweepLedger(readLedger(ledger.file), sweepClients(sent), ledger.writer);
    expect(report).toEqual({ removed: [], gone: 3, problems: [] });
    expect(sent).toEqual(['listPlugins on A', 'listPlugins on B']);
    expect(holdsNothing(readLedger(ledger.file))).toBe(true);
    expect(await ownTitles('full')).toContain(`${RUN}_weather_1`);
    expect(await ownTitles('other')).toContain(`${OTHER_RUN}_weather`);
  });

  it.each([
    ['unpublished', false],
    ['published: account A still reads it', true],
  ])(
    'refused but saved (%s): deleted by its identity on the account whose key sent it, and nothing else',
    async (_, isPublic) => {
      const title = `${RUN}_weather`;
      expect(await create(runClient('full'), title, undefined, isPublic)).toBe(200);
      // The planted fault: refused as a duplicate, yet saved, now account B's.
      expect(await create(runClient('other'), title, undefined, isPublic)).toBe(400);
      expect(await ownTitles('other')).toContain(title);

      const sent: string[] = [];
      const report = await sweepLedger(readLedger(ledger.file), sweepClients(sent), ledger.writer);
      expect(report.problems).toEqual([]);
      expect(report.removed).toEqual([`plugin ${title} (account B, saved though its create was refused)`]);
      expect(report.gone).toBe(1);
      expect(sent.filter((line) => line.startsWith('deletePlugin'))).toEqual([
        // The refused create first: it took the title over from account A's.
        'deletePlugin on B',
        // Then account A's own create, found gone.
        'deletePlugin on A',
      ]);
      expect(await ownTitles('other')).not.toContain(title);
      expect(await ownTitles('full')).toContain(`${RUN}_weather_1`);
      expect(await ownTitles('other')).toContain(`${OTHER_RUN}_weather`);
      expect(holdsNothing(readLedger(ledger.file))).toBe(true);
    },
  );

  it.each([
    ['answered 2xx', 'created', 200],
    ['never answered', undefined, undefined],
  ])(
    "a create of an identity without the run's id (a reserved title) %s: never deleted, reported",
    async (_, answer, status) => {
      // What a reserved-title check sends: a title that may be the platform's or a person's.
      const at = new Date().toISOString();
      const lines = [
        { event: 'creating', ref: 'r1', kind: 'plugin', id: 'browser_search', role: 'full', at },
      ];
      if (answer !== undefined) lines.push({ event: answer, ref: 'r1', status, at } as never);
      appendFileSync(ledger.file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));

      const sent: string[] = [];
      const report = await sweepLedger(readLedger(ledger.file), sweepClients(sent), ledger.writer);
      expect(sent).toEqual([]);
      expect(report.removed).toEqual([]);
      expect(report.problems).toEqual([
        "plugin browser_search (account A): its identity does not carry the run's id, so it may be another's: left alone",
      ]);
    },
  );

  it('a base whose create was answered 2xx without its id, under a name not of this run: reported as answered, never looked for', async () => {
    const at = new Date().toISOString();
    const lines = [
      { event: 'creating', ref: 'r1', kind: 'knowledge base', name: 'Handbook', role: 'full', at },
      { event: 'created', ref: 'r1', status: 201, at },
    ];
    appendFileSync(ledger.file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    const sent: string[] = [];
    const report = await sweepLedger(readLedger(ledger.file), sweepClients(sent), ledger.writer);
    expect(sent).toEqual([]);
    expect(report.problems).toEqual([
      'knowledge base named "Handbook" (account A): its create was answered 2xx with no identity to delete it by and its name does not carry the run\'s id: left alone',
    ]);
  });

  it('a kind without a listing is read by identity, one get each', async () => {
    expect(await create(runClient('full'), `${RUN}_unlisted`, 'name')).toBe(404);
    const kinds = new KindRegistry(
      RESOURCE_KINDS.map((kind): ResourceKind => {
        if (kind.name !== 'plugin') return kind;
        const { leftovers: _unlisted, ...rest } = kind;
        return rest;
      }),
    );
    const sent: string[] = [];
    const report = await sweepLedger(
      readLedger(ledger.file, kinds),
      sweepClients(sent),
      ledger.writer,
      kinds,
    );
    expect(report).toEqual({ removed: [], gone: 1, problems: [] });
    expect(sent).toEqual(['getPlugin on A']);
  });

  it('what cannot be looked for is a problem, and stays in the ledger for a later cleanup', async () => {
    expect(await create(runClient('other'), `${RUN}_unreachable`, 'name')).toBe(404);
    const report = await sweepLedger(readLedger(ledger.file), { A: personClient('full') }, ledger.writer);
    expect(report.problems).toEqual([
      `plugin ${RUN}_unreachable (account B, its create refused): no key for account B to look`,
    ]);
    expect(readLedger(ledger.file).refused.map((entry) => entry.id)).toEqual([`${RUN}_unreachable`]);
  });

  it('a target that stops answering is not waited out entry by entry: the rest is not tried, and stays open', async () => {
    expect(await create(runClient('full'), `${RUN}_open_1`)).toBe(200);
    expect(await create(runClient('full'), `${RUN}_open_2`)).toBe(200);
    const base = {
      method: 'POST',
      path: '/kb',
      operationId: 'createKnowledgeBase',
      input: { body: { name: `${RUN} base` } },
      authorization: undefined,
    };
    ledger.writer.answered(base, ledger.writer.sending(base), answered(400, {}, base));
    const sent: string[] = [];
    const silent = {
      call: (operationId: string) => {
        sent.push(operationId);
        const exchange = answered(0, {}, { operationId });
        return Promise.resolve({ ...exchange, response: undefined, error: 'socket hang up' });
      },
    } as unknown as ApiClient;
    const report = await sweepLedger(readLedger(ledger.file), { A: silent }, ledger.writer);
    expect(sent).toEqual(['deletePlugin']);
    expect(report.problems).toEqual([
      `plugin ${RUN}_open_1 (account A): account A: the delete got socket hang up`,
      `plugin ${RUN}_open_2 (account A): not tried: the target stopped answering`,
      `knowledge base named "${RUN} base" (account A, its create refused): not tried: the target stopped answering`,
    ]);
    const state = readLedger(ledger.file);
    expect([state.open.length, state.refused.length]).toEqual([2, 1]);
  });

  it('closes what it removed kind by kind: a sweep broken off later leaves the earlier kinds closed', async () => {
    // Assistants go before plugins (the kinds' order): the assistant's closing is written before
    // the plugin's delete throws (a second Ctrl-C, a broken client).
    const assistant = {
      method: 'POST',
      path: '/persona/enterprise/createPersona',
      operationId: 'createPersona',
      input: { body: { customPersonaId: `${RUN}-front-desk` } },
      authorization: `Bearer ${reference.server.keyring.keys.full}`,
    };
    ledger.writer.answered(assistant, ledger.writer.sending(assistant), answered(200, {}, assistant));
    expect(await create(runClient('full'), `${RUN}_broken_off`)).toBe(200);
    const breaking = {
      call: (operationId: string) =>
        operationId === 'deletePlugin'
          ? Promise.reject(new Error('broken off'))
          : Promise.resolve(answered(200, { status: 'ok' }, { operationId })),
    } as unknown as ApiClient;
    await expect(sweepLedger(readLedger(ledger.file), { A: breaking }, ledger.writer)).rejects.toThrow(
      'broken off',
    );
    expect(readLedger(ledger.file).open.map((entry) => entry.kind)).toEqual(['plugin']);
  });
});
