import type { ApiClient } from '../http/client.ts';
import { answer } from './kinds/read.ts';
import type { TrackedKind } from './kinds/kind.ts';
import { KINDS, type KindRegistry } from './kinds/registry.ts';
import {
  carriesRunId,
  LedgerWriter,
  type LedgerAccount,
  type LedgerState,
  type OpenEntry,
  type RefusedEntry,
} from './ledger.ts';
import { locateRefused } from './refused-creates.ts';

/**
 * Removes what a ledger says may still exist, by the identity the ledger holds and nothing else, in
 * the order of the resource kinds (src/resources/kinds/): assistants first (their attachments go
 * with them), then plugins, then bases. An assistant may have been handed to account B by a
 * transfer check, so it is also tried there; a plugin or a base only on the account that created it.
 * A create the target refused is looked for on the account whose key sent it (refused-creates.ts),
 * and removed only when found: a faulty implementation may have saved it all the same.
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

/** Deletes by identity on one account: removed, or gone when a read shows the account does not have it. */
async function removeOn(
  kind: TrackedKind,
  id: string,
  account: LedgerAccount,
  client: ApiClient,
): Promise<Outcome> {
  const { operationId, input } = kind.tracked.delete;
  const exchange = await client.call(operationId, input(id));
  if (exchange.response === undefined)
    return { problem: `account ${account}: the delete got ${answer(exchange)}`, silent: true };
  const status = exchange.response.status;
  if (status >= 200 && status < 300) return { removedOn: account };
  const there = await kind.tracked.present(client, id);
  if (there === true) return { problem: `account ${account}: the delete answered ${answer(exchange)}` };
  if (there !== false) return { problem: `account ${account}: ${there}` };
  return { gone: true };
}

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
    const outcome = await removeOn(kind, entry.id, account, client);
    if ('removedOn' in outcome || ('problem' in outcome && outcome.silent === true)) return outcome;
    if ('problem' in outcome) problems.push(outcome.problem);
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
function unknownKind(entry: { kind: string }): string {
  return `"${entry.kind}" is not a resource kind this version of the suite knows: left alone`;
}

function describe(entry: OpenEntry | RefusedEntry): string {
  const refused = 'created' in entry ? '' : ', its create refused';
  return `${entry.kind} ${entry.id ?? `named "${entry.name ?? ''}"`} (account ${entry.account}${refused})`;
}

/**
 * The ledger's closing lines, written after each kind is swept and only for identities nothing in
 * it failed on: an open create and a refused one may share an identity (a duplicate the target refused
 * on another account), and the one found gone must not close the other while it may still be there.
 */
class Closings {
  private readonly marks = new Map<string, () => void>();
  private readonly troubled = new Set<string>();

  constructor(private readonly writer: LedgerWriter) {}

  private static key(kind: string, entry: { id?: string; name?: string }): string {
    return entry.id !== undefined
      ? `${kind}\u0000id\u0000${entry.id}`
      : `${kind}\u0000name\u0000${entry.name ?? ''}`;
  }

  close(kind: string, entry: { id?: string; name?: string }): void {
    const { id, name } = entry;
    this.marks.set(
      Closings.key(kind, entry),
      id !== undefined
        ? () => this.writer.markDeleted(kind, id)
        : () => this.writer.markNameDeleted(kind, name ?? ''),
    );
  }

  /** Something of this identity could not be removed: it stays open, and so does every entry holding it. */
  trouble(kind: string, entry: { id?: string; name?: string }): void {
    this.troubled.add(Closings.key(kind, entry));
  }

  /** Writes the closings so far (after each kind: an identity's entries are all of one kind). */
  write(): void {
    for (const [key, mark] of this.marks) if (!this.troubled.has(key)) mark();
    this.marks.clear();
    this.troubled.clear();
  }
}

interface Sweep {
  state: LedgerState;
  clients: AccountClients;
  kinds: KindRegistry;
  report: SweepReport;
  closings: Closings;
  /** The target gave no answer at all: every entry not yet tried is reported, not sent. */
  stopped: boolean;
}

/** A problem with an entry: reported, and its identity left open in the ledger. */
function fail({ report, closings }: Sweep, entry: OpenEntry | RefusedEntry, problem: string): void {
  report.problems.push(`${describe(entry)}: ${problem}`);
  closings.trouble(entry.kind, entry);
}

/** Whether the target stopped answering before this entry: then it is reported, and not tried. */
function notTried(sweep: Sweep, entry: OpenEntry | RefusedEntry): boolean {
  if (sweep.stopped) fail(sweep, entry, 'not tried: the target stopped answering');
  return sweep.stopped;
}

/** A delete that got no answer: a target that does not answer would make every further entry wait out its timeout. */
function stopIfSilent(sweep: Sweep, outcome: Outcome): void {
  if ('problem' in outcome && outcome.silent === true) sweep.stopped = true;
}

/** Open entries of one kind, by identity or (a base never answered) by name. */
async function sweepOpen(sweep: Sweep, entries: readonly OpenEntry[]): Promise<void> {
  const { state, clients, kinds, report, closings } = sweep;
  for (const entry of entries) {
    if (notTried(sweep, entry)) continue;
    const { id, name } = entry;
    const kind = kinds.tracked(entry.kind);
    if (kind === undefined) {
      fail(sweep, entry, unknownKind(entry));
      continue;
    }
    if (id !== undefined) {
      // An identity the suite chose (a customPersonaId, a plugin's title) is deleted only when it
      // carries this run's id: a reserved or built-in one (browser_search), sent to see it refused,
      // may be the platform's or a person's, whatever the target answered to its create.
      if (kind.tracked.idInBody !== undefined && !carriesRunId(id, state.runId)) {
        fail(sweep, entry, "its identity does not carry the run's id, so it may be another's: left alone");
        continue;
      }
      const outcome = await removeById(kind, { ...entry, id }, clients);
      stopIfSilent(sweep, outcome);
      if ('problem' in outcome) fail(sweep, entry, outcome.problem);
      else {
        closings.close(entry.kind, { id });
        if ('gone' in outcome) report.gone += 1;
        else report.removed.push(`${entry.kind} ${id} (account ${outcome.removedOn})`);
      }
      continue;
    }
    // A base whose create was never answered: found by its exact name, and only when that name
    // carries this run's id, so that no name a person chose can ever match.
    const client = clients[entry.account];
    const findByName = kind.tracked.findByName;
    if (findByName === undefined || client === undefined || !carriesRunId(name, state.runId)) {
      const why =
        findByName === undefined
          ? `a ${entry.kind} cannot be found by name`
          : client === undefined
            ? `there is no key for account ${entry.account}`
            : "its name does not carry the run's id";
      // A create answered 2xx without the identity a delete needs: a base whose answer lacked its
      // kbId (a plugin sent without a title never gets here: nothing could find it, readLedger).
      const answered = entry.created
        ? 'its create was answered 2xx with no identity to delete it by'
        : 'its create was never answered';
      fail(sweep, entry, `${answered} and ${why}: left alone`);
      continue;
    }
    const found = await findByName(client, name);
    if (typeof found === 'string') {
      fail(sweep, entry, found);
      continue;
    }
    let failed = false;
    for (const foundId of found) {
      const outcome = await removeById(kind, { ...entry, id: foundId }, clients);
      stopIfSilent(sweep, outcome);
      if ('problem' in outcome) {
        failed = true;
        fail(sweep, entry, outcome.problem);
      } else if ('removedOn' in outcome)
        report.removed.push(`${entry.kind} ${foundId} "${name}" (account ${entry.account})`);
    }
    if (!failed) {
      closings.close(entry.kind, { name });
      if (found.length === 0) report.gone += 1;
    }
  }
}

/**
 * Refused creates of one kind: which exist is read first (a listing per account), then only those
 * found are deleted, by identity, on the account whose key sent the create. On a correct
 * implementation none is found, and the ledger entries are closed.
 */
async function sweepRefused(sweep: Sweep, entries: readonly RefusedEntry[]): Promise<void> {
  const { clients, kinds, report, closings } = sweep;
  if (entries.length === 0 || sweep.stopped) {
    for (const entry of entries) notTried(sweep, entry);
    return;
  }
  const where = await locateRefused(entries, clients, kinds);
  for (const [index, entry] of entries.entries()) {
    if (notTried(sweep, entry)) continue;
    const found = where[index] ?? { problem: 'not looked for' };
    if ('problem' in found) {
      fail(sweep, entry, found.problem);
      continue;
    }
    let failed = false;
    for (const id of found.ids) {
      const outcome = await removeOn(found.kind, id, entry.account, found.client);
      stopIfSilent(sweep, outcome);
      if ('problem' in outcome) {
        failed = true;
        fail(sweep, entry, outcome.problem);
      } else if ('removedOn' in outcome)
        report.removed.push(
          `${entry.kind} ${id}${entry.name !== undefined ? ` "${entry.name}"` : ''} (account ${entry.account}, saved though its create was refused)`,
        );
    }
    if (!failed) {
      closings.close(entry.kind, entry);
      if (found.ids.length === 0) report.gone += 1;
    }
  }
}

/**
 * Removes what the ledger says may still exist, kind by kind in the kinds' order, and never
 * anything the ledger does not hold. Within a kind, the refused creates found on their accounts
 * all the same go first: one refused as a duplicate on another account and saved there took the
 * identity over, so the open create's delete would be refused; once it is gone, that entry reads as
 * gone. The ledger's entries are closed as each kind is done, those of an identity it failed on
 * left open for a later cleanup.
 */
export async function sweepLedger(
  state: LedgerState,
  clients: AccountClients,
  writer: LedgerWriter,
  kinds: KindRegistry = KINDS,
): Promise<SweepReport> {
  const sweep: Sweep = {
    state,
    clients,
    kinds,
    report: { removed: [], gone: 0, problems: [] },
    closings: new Closings(writer),
    stopped: false,
  };
  const rank = (entry: { kind: string }) => kinds.sweepRank(entry.kind);
  const ranks = [...new Set([...state.refused, ...state.open].map(rank))].sort((a, b) => a - b);
  for (const at of ranks) {
    await sweepRefused(
      sweep,
      state.refused.filter((entry) => rank(entry) === at),
    );
    await sweepOpen(
      sweep,
      state.open.filter((entry) => rank(entry) === at),
    );
    // Written kind by kind, not at the end: a second Ctrl-C during a slow sweep then leaves a
    // ledger that does not send again what was removed.
    sweep.closings.write();
  }
  return sweep.report;
}
