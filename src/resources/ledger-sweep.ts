import type { ApiClient } from '../http/client.ts';
import { answer } from './kinds/read.ts';
import type { TrackedKind } from './kinds/kind.ts';
import { KINDS, type KindRegistry } from './kinds/registry.ts';
import { LedgerWriter, type LedgerAccount, type LedgerState, type OpenEntry } from './ledger.ts';

/**
 * Removes what a ledger says may still exist, by the identity the ledger holds and nothing else, in
 * the order of the resource kinds (src/resources/kinds/): assistants first (their attachments go
 * with them), then plugins, then bases. An assistant may have been handed to account B by a
 * transfer check, so it is also tried there; a plugin or a base only on the account that created it.
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

/** `silent`: the target gave no answer at all, so the sweep stops rather than wait out every entry. */
type Outcome = { removedOn: LedgerAccount } | { gone: true } | { problem: string; silent?: boolean };

/** Deletes by identity on each account in turn; gone when no account has it any more. */
async function removeById(
  kind: TrackedKind,
  entry: OpenEntry & { id: string },
  clients: AccountClients,
): Promise<Outcome> {
  const problems: string[] = [];
  for (const account of accountsToTry(kind, entry)) {
    const client = clients[account];
    if (client === undefined) {
      // Without the other account's key, an assistant handed over there is out of reach; it is
      // only a problem for the account that made it.
      if (account === entry.account) problems.push(`no key for account ${account}`);
      continue;
    }
    const { operationId, input } = kind.tracked.delete;
    const exchange = await client.call(operationId, input(entry.id));
    if (exchange.response === undefined)
      return { problem: `account ${account}: the delete got ${answer(exchange)}`, silent: true };
    const status = exchange.response.status;
    if (status >= 200 && status < 300) return { removedOn: account };
    const there = await kind.tracked.present(client, entry.id);
    if (there === true) problems.push(`account ${account}: the delete answered ${answer(exchange)}`);
    else if (there !== false) problems.push(`account ${account}: ${there}`);
  }
  return problems.length === 0 ? { gone: true } : { problem: problems.join(', ') };
}

/** The accounts a sweep tries for an entry, in its order: an assistant may have been handed to the other. */
function accountsToTry(kind: TrackedKind, entry: OpenEntry): LedgerAccount[] {
  const other: LedgerAccount = entry.account === 'A' ? 'B' : 'A';
  return kind.tracked.transferable === true ? [entry.account, other] : [entry.account];
}

/**
 * Where an open entry is now, found by reads only (`cleanup --dry-run`): the account holding it (a
 * transferred assistant is on B), gone from every account, or why it could not be told. An entry
 * known by name only is where it was created.
 */
export async function locateEntry(
  entry: OpenEntry,
  clients: AccountClients,
  kinds: KindRegistry = KINDS,
): Promise<{ on: LedgerAccount } | { gone: true } | { problem: string }> {
  const kind = kinds.tracked(entry.kind);
  if (kind === undefined) return { problem: unknownKind(entry) };
  if (entry.id === undefined) return { on: entry.account };
  const problems: string[] = [];
  for (const account of accountsToTry(kind, entry)) {
    const client = clients[account];
    if (client === undefined) {
      problems.push(`no key for account ${account} to look`);
      continue;
    }
    const there = await kind.tracked.present(client, entry.id);
    if (there === true) return { on: account };
    if (there !== false) problems.push(`account ${account}: ${there}`);
  }
  return problems.length === 0 ? { gone: true } : { problem: problems.join(', ') };
}

/** An entry a ledger holds for a kind this version does not describe: nothing here can remove it. */
function unknownKind(entry: OpenEntry): string {
  return `"${entry.kind}" is not a resource kind this version of the suite knows: left alone`;
}

function describe(entry: OpenEntry): string {
  return `${entry.kind} ${entry.id ?? `named "${entry.name ?? ''}"`} (account ${entry.account})`;
}

export async function sweepLedger(
  state: LedgerState,
  clients: AccountClients,
  writer: LedgerWriter,
  kinds: KindRegistry = KINDS,
): Promise<SweepReport> {
  const report: SweepReport = { removed: [], gone: 0, problems: [] };
  const entries = [...state.open].sort((a, b) => kinds.sweepRank(a.kind) - kinds.sweepRank(b.kind));
  for (const [index, entry] of entries.entries()) {
    const { id, name } = entry;
    const kind = kinds.tracked(entry.kind);
    if (kind === undefined) {
      report.problems.push(`${describe(entry)}: ${unknownKind(entry)}`);
      continue;
    }
    if (id !== undefined) {
      const outcome = await removeById(kind, { ...entry, id }, clients);
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
    const findByName = kind.tracked.findByName;
    if (
      findByName === undefined ||
      client === undefined ||
      name === undefined ||
      !name.includes(state.runId)
    ) {
      const why =
        findByName === undefined
          ? `a ${entry.kind} cannot be found by name`
          : client === undefined
            ? `there is no key for account ${entry.account}`
            : "its name does not carry the run's id";
      report.problems.push(`${describe(entry)}: its create was never answered and ${why}: left alone`);
      continue;
    }
    const found = await findByName(client, name);
    if (typeof found === 'string') {
      report.problems.push(`${describe(entry)}: ${found}`);
      continue;
    }
    let failed = false;
    for (const foundId of found) {
      const outcome = await removeById(kind, { ...entry, id: foundId }, clients);
      if ('problem' in outcome) {
        failed = true;
        report.problems.push(`${describe(entry)}: ${outcome.problem}`);
      } else if ('removedOn' in outcome)
        report.removed.push(`${entry.kind} ${foundId} "${name}" (account ${entry.account})`);
    }
    if (!failed) {
      writer.markNameDeleted(entry.kind, name);
      if (found.length === 0) report.gone += 1;
    }
  }
  return report;
}
