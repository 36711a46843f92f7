import type { ApiClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { bodyOf, isObject, objectsIn } from '../http/json.ts';
import { SESSION_ID } from './assistants.ts';
import {
  LedgerWriter,
  type LedgerAccount,
  type LedgerKind,
  type LedgerState,
  type OpenEntry,
} from './ledger.ts';

/**
 * Removes what a ledger says may still exist, by the identity the ledger holds and nothing else.
 * Assistants go first (their attachments go with them), then plugins, then bases. An assistant may
 * have been handed to account B by a transfer check, so it is also tried there; a plugin or a base
 * only on the account that created it.
 */

/** A client per account: A through the `full` key, B through `other` (absent: that account is not reachable). */
export type AccountClients = Partial<Record<LedgerAccount, ApiClient>>;

export interface SweepReport {
  /** `assistant cfrun… (account A)`: removed now. */
  removed: string[];
  /** Open in the ledger, but the target no longer has it (already deleted, or never created). */
  gone: number;
  /** What could not be removed, each with the reason; they stay open in the ledger. */
  problems: string[];
}

const ORDER: readonly LedgerKind[] = ['assistant', 'plugin', 'knowledge base'];

function answer(exchange: Exchange): string {
  return exchange.response ? `HTTP ${exchange.response.status}` : (exchange.error ?? 'no answer');
}

function deleteCall(client: ApiClient, kind: LedgerKind, id: string): Promise<Exchange> {
  if (kind === 'assistant')
    return client.call('deletePersona', { path: { sessionId: SESSION_ID, personaId: id } });
  if (kind === 'plugin') return client.call('deletePlugin', { body: { title: id } });
  return client.call('deleteKnowledgeBase', { path: { kbId: id } });
}

/** `silent`: the target gave no answer at all, so the sweep stops rather than wait out every entry. */
type Outcome = { removedOn: LedgerAccount } | { gone: true } | { problem: string; silent?: boolean };

/**
 * Whether the account still has it, by a read: the status a delete of something absent gets is
 * not stated in the document (400, 404 and 200 are all readings), so absence is never judged from it.
 */
async function stillThere(client: ApiClient, kind: LedgerKind, id: string): Promise<boolean | string> {
  if (kind === 'knowledge base') {
    const exchange = await client.call('listKnowledgeBases');
    if (exchange.response?.status !== 200) return `listing the bases answered ${answer(exchange)}`;
    return objectsIn(bodyOf(exchange), 'kbs').some((kb) => kb.kbId === id && kb.shared !== true);
  }
  const exchange =
    kind === 'assistant'
      ? await client.call('getPersona', { path: { sessionId: SESSION_ID, personaId: id } })
      : await client.call('getPlugin', { query: { title: id } });
  if (exchange.response === undefined) return `reading it got ${answer(exchange)}`;
  const found = bodyOf(exchange)[kind === 'assistant' ? 'personaData' : 'plugin'];
  const field = kind === 'assistant' ? 'customPersonaId' : 'title';
  return exchange.response.status === 200 && isObject(found) && found[field] === id;
}

/** Deletes by identity on each account in turn; gone when no account has it any more. */
async function removeById(entry: OpenEntry & { id: string }, clients: AccountClients): Promise<Outcome> {
  const problems: string[] = [];
  for (const account of accountsToTry(entry)) {
    const client = clients[account];
    if (client === undefined) {
      // Without the other account's key, an assistant handed over there is out of reach; it is
      // only a problem for the account that made it.
      if (account === entry.account) problems.push(`no key for account ${account}`);
      continue;
    }
    const exchange = await deleteCall(client, entry.kind, entry.id);
    if (exchange.response === undefined)
      return { problem: `account ${account}: the delete got ${answer(exchange)}`, silent: true };
    const status = exchange.response.status;
    if (status >= 200 && status < 300) return { removedOn: account };
    const there = await stillThere(client, entry.kind, entry.id);
    if (there === true) problems.push(`account ${account}: the delete answered ${answer(exchange)}`);
    else if (there !== false) problems.push(`account ${account}: ${there}`);
  }
  return problems.length === 0 ? { gone: true } : { problem: problems.join(', ') };
}

/** The accounts a sweep tries for an entry, in its order: an assistant may have been handed to the other. */
function accountsToTry(entry: OpenEntry): LedgerAccount[] {
  const other: LedgerAccount = entry.account === 'A' ? 'B' : 'A';
  return entry.kind === 'assistant' ? [entry.account, other] : [entry.account];
}

/**
 * Where an open entry is now, found by reads only (`cleanup --dry-run`): the account holding it (a
 * transferred assistant is on B), gone from every account, or why it could not be told. An entry
 * known by name only is where it was created.
 */
export async function locateEntry(
  entry: OpenEntry,
  clients: AccountClients,
): Promise<{ on: LedgerAccount } | { gone: true } | { problem: string }> {
  if (entry.id === undefined) return { on: entry.account };
  const problems: string[] = [];
  for (const account of accountsToTry(entry)) {
    const client = clients[account];
    if (client === undefined) {
      problems.push(`no key for account ${account} to look`);
      continue;
    }
    const there = await stillThere(client, entry.kind, entry.id);
    if (there === true) return { on: account };
    if (there !== false) problems.push(`account ${account}: ${there}`);
  }
  return problems.length === 0 ? { gone: true } : { problem: problems.join(', ') };
}

/** The kbIds of the account's own bases named exactly `name`. */
async function basesNamed(client: ApiClient, name: string): Promise<string[] | string> {
  const exchange = await client.call('listKnowledgeBases');
  if (exchange.response?.status !== 200) return `listing the bases answered ${answer(exchange)}`;
  return objectsIn(bodyOf(exchange), 'kbs')
    .filter((kb) => kb.shared !== true && kb.name === name && typeof kb.kbId === 'string')
    .map((kb) => String(kb.kbId));
}

function describe(entry: OpenEntry): string {
  return `${entry.kind} ${entry.id ?? `named "${entry.name ?? ''}"`} (account ${entry.account})`;
}

export async function sweepLedger(
  state: LedgerState,
  clients: AccountClients,
  writer: LedgerWriter,
): Promise<SweepReport> {
  const report: SweepReport = { removed: [], gone: 0, problems: [] };
  const entries = [...state.open].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  for (const [index, entry] of entries.entries()) {
    const { id, name } = entry;
    if (id !== undefined) {
      const outcome = await removeById({ ...entry, id }, clients);
      if ('problem' in outcome) {
        report.problems.push(`${describe(entry)}: ${outcome.problem}`);
        if (outcome.silent === true) {
          // A target that does not answer would make every further entry wait out its timeout.
          for (const rest of entries.slice(index + 1))
            report.problems.push(`${describe(rest)}: not tried: the target stopped answering`);
          break;
        }
      } else {
        writer.markDeleted(entry.kind, id);
        if ('gone' in outcome) report.gone += 1;
        else report.removed.push(`${entry.kind} ${id} (account ${outcome.removedOn})`);
      }
      continue;
    }
    // A base whose create was never answered: found by its exact name, and only when that name
    // carries this run's id, so that no name a person chose can ever match.
    const client = clients[entry.account];
    if (name === undefined || !name.includes(state.runId) || client === undefined) {
      report.problems.push(
        `${describe(entry)}: its create was never answered and ${client === undefined ? `there is no key for account ${entry.account}` : "its name does not carry the run's id"}: left alone`,
      );
      continue;
    }
    const found = await basesNamed(client, name);
    if (typeof found === 'string') {
      report.problems.push(`${describe(entry)}: ${found}`);
      continue;
    }
    let failed = false;
    for (const kbId of found) {
      const outcome = await removeById({ ...entry, id: kbId }, clients);
      if ('problem' in outcome) {
        failed = true;
        report.problems.push(`${describe(entry)}: ${outcome.problem}`);
      } else if ('removedOn' in outcome)
        report.removed.push(`knowledge base ${kbId} "${name}" (account ${entry.account})`);
    }
    if (!failed) {
      writer.markNameDeleted(entry.kind, name);
      if (found.length === 0) report.gone += 1;
    }
  }
  return report;
}
