import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallInput, ObservedCall } from '../http/client.ts';
import { answered } from '../testing/exchanges.ts';
import { holdsNothing, ledgerFile, LedgerWriter, readLedger } from './ledger.ts';

const RUN = 'cfrun0mwvaaaaaaaaaaaaa';
const OTHER_RUN = 'cfrun0mwvbbbbbbbbbbbbb';
const KEYS = { full: 'key-of-account-a', other: 'key-of-account-b' } as const;

function call(operationId: string, input: CallInput, role: keyof typeof KEYS = 'full'): ObservedCall {
  return {
    method: 'POST',
    path: `/${operationId}`,
    operationId,
    input,
    authorization: `Bearer ${KEYS[role]}`,
  };
}

let dir: string;
let file: string;
let writer: LedgerWriter;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ledger-'));
  file = ledgerFile(dir, RUN);
  LedgerWriter.start(file, RUN, 'http://target');
  writer = new LedgerWriter(file, { keys: KEYS });
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A call as a run makes it: written down before it is sent, its answer after. */
function send(observed: ObservedCall, status: number, json: unknown = {}): void {
  const operationId = observed.operationId ?? '';
  writer.answered(observed, writer.sending(observed), answered(status, json, { operationId }));
}

const plugin = (title: string | undefined, role: keyof typeof KEYS = 'full') =>
  call('createPlugin', { body: title === undefined ? { name: 'No title' } : { title, name: 'Echo' } }, role);
const deletePlugin = (title: string, role: keyof typeof KEYS = 'full') =>
  call('deletePlugin', { body: { title } }, role);

describe('the fold of a ledger', () => {
  it('keeps a refused create apart, as may exist, by the identity the suite sent and the account that sent it', () => {
    send(plugin(`${RUN}_kept`), 200);
    send(plugin(`${RUN}_kept`, 'other'), 400);
    send(call('createPersona', { body: { customPersonaId: `${RUN}-a1`, name: 'x' } }), 400);
    const state = readLedger(file);
    expect(state.open).toEqual([
      { kind: 'plugin', id: `${RUN}_kept`, name: `${RUN}_kept`, account: 'A', role: 'full', created: true },
    ]);
    expect(state.refused).toEqual([
      { kind: 'plugin', id: `${RUN}_kept`, account: 'B', role: 'other' },
      { kind: 'assistant', id: `${RUN}-a1`, account: 'A', role: 'full' },
    ]);
    expect(holdsNothing(state)).toBe(false);
  });

  it('holds a refused base by the name it was sent with: the server would have chosen its kbId', () => {
    send(call('createKnowledgeBase', { body: { name: `${RUN} manual` } }), 409);
    expect(readLedger(file).refused).toEqual([
      { kind: 'knowledge base', name: `${RUN} manual`, account: 'A', role: 'full' },
    ]);
  });

  it('does not hold a refused create the suite never named, nor one whose identity is not the run’s', () => {
    send(plugin(undefined), 404);
    send(plugin('browser_search'), 400);
    send(plugin(`${OTHER_RUN}_theirs`), 400);
    send(call('createKnowledgeBase', { body: { name: 'Handbook' } }), 400);
    const state = readLedger(file);
    expect([state.open, state.refused]).toEqual([[], []]);
    expect(holdsNothing(state)).toBe(true);
  });

  it('is settled by a later delete of the identity, not by one before it', () => {
    send(plugin(`${RUN}_first`), 200);
    send(deletePlugin(`${RUN}_first`), 200);
    // Refused after the delete: what the delete removed says nothing of what this create made.
    send(plugin(`${RUN}_first`), 400);
    expect(readLedger(file).refused.map((entry) => entry.id)).toEqual([`${RUN}_first`]);
    send(deletePlugin(`${RUN}_first`), 200);
    expect(readLedger(file).refused).toEqual([]);
  });

  it('is settled by a later create of the identity answered 2xx, which then holds it open', () => {
    send(plugin(`${RUN}_again`), 400);
    send(plugin(`${RUN}_again`), 200);
    const state = readLedger(file);
    expect(state.refused).toEqual([]);
    expect(state.open.map((entry) => [entry.id, entry.created])).toEqual([[`${RUN}_again`, true]]);
  });

  it('is settled by the sweep’s closing of a base’s name', () => {
    send(call('createKnowledgeBase', { body: { name: `${RUN} manual` } }), 400);
    writer.markNameDeleted('knowledge base', `${RUN} manual`);
    expect(readLedger(file).refused).toEqual([]);
  });

  it('closes an open create only with a delete written after it', () => {
    send(plugin(`${RUN}_reused`), 200);
    send(deletePlugin(`${RUN}_reused`), 200);
    send(plugin(`${RUN}_reused`), 200);
    expect(readLedger(file).open.map((entry) => entry.id)).toEqual([`${RUN}_reused`]);
  });

  it('keeps a refused create on B open when A deletes its own of the same identity', () => {
    // A's create, B's duplicate refused (a faulty target may have saved B's copy), then A's delete.
    send(plugin(`${RUN}_shared`), 200);
    send(plugin(`${RUN}_shared`, 'other'), 400);
    send(deletePlugin(`${RUN}_shared`), 200);
    const state = readLedger(file);
    expect(state.open).toEqual([]);
    expect(state.refused.map((entry) => [entry.id, entry.account])).toEqual([[`${RUN}_shared`, 'B']]);
    // B's own delete (or a sweep's, which looks on every account) settles it.
    send(deletePlugin(`${RUN}_shared`, 'other'), 200);
    expect(readLedger(file).refused).toEqual([]);
  });

  it('drops a create refused as a duplicate of what the run holds on the same account', () => {
    // IDS-11 on one account: the refusal's identity is the run's own open create, which holds it.
    send(plugin(`${RUN}_twice`), 200);
    send(plugin(`${RUN}_twice`), 400);
    const state = readLedger(file);
    expect(state.refused).toEqual([]);
    expect(state.open.map((entry) => [entry.id, entry.account])).toEqual([[`${RUN}_twice`, 'A']]);
  });

  it('a 2xx create on one account does not settle a refused one on the other', () => {
    send(plugin(`${RUN}_split`, 'other'), 400);
    send(plugin(`${RUN}_split`), 200);
    expect(readLedger(file).refused.map((entry) => [entry.id, entry.account])).toEqual([
      [`${RUN}_split`, 'B'],
    ]);
  });
});
