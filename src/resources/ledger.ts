import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { CallInput, ObservedCall } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { bodyOf, isObject } from '../http/json.ts';
import type { Keyring, Role } from '../target/keyring-types.ts';
import { KINDS, type KindRegistry } from './kinds/registry.ts';

/**
 * The run's ledger: `<report-dir>/ledger/<runId>.jsonl`, one JSON event per line, appended by every
 * worker. A create is written down *before* its request is sent (with the identity the suite chose),
 * its answer after, and every successful delete as it happens, so that whatever a run leaves behind
 * (a crash, Ctrl-C, a create whose answer never came) can be removed by identity alone, and nothing
 * the run did not create is ever touched. Appends are single short writes, which the OS keeps whole
 * between the processes appending to one file.
 */

/** A tracked resource kind's name (src/resources/kinds/): `assistant`, `knowledge base`. */
export type LedgerKind = string;

/** Which account a resource lives on: A (every role but `other`) or B (`other`). */
export type LedgerAccount = 'A' | 'B';

/** The ledger's first line: whose run it is and on which target, so cleanup never acts elsewhere. */
interface RunEvent {
  event: 'run';
  runId: string;
  target: string;
  at: string;
}

/** A create about to be sent. `id` is the identity a delete needs, when the suite chose it. */
interface CreatingEvent {
  event: 'creating';
  ref: string;
  kind: LedgerKind;
  id?: string;
  name?: string;
  /** The keyring role whose key sent it (undefined: a key the keyring does not hold). */
  role?: Role;
  at: string;
}

/** The create's answer: `created` (2xx, with the id when the server chose it) or `refused` (4xx). */
interface AnsweredEvent {
  event: 'created' | 'refused';
  ref: string;
  id?: string;
  status: number;
  at: string;
}

/** Removed (or found gone): by identity, or, for a base whose create was never answered, by name. */
interface DeletedEvent {
  event: 'deleted';
  kind: LedgerKind;
  id?: string;
  name?: string;
  /** The account whose key deleted it; none from a sweep (which looked on every account) or an older ledger. */
  account?: LedgerAccount;
  at: string;
}

type LedgerEvent = RunEvent | CreatingEvent | AnsweredEvent | DeletedEvent;

function jsonBodyOf(input: CallInput): Record<string, unknown> {
  if (isObject(input.body)) return input.body;
  if (typeof input.body !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(input.body);
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function ledgerFile(ledgerDir: string, runId: string): string {
  return join(ledgerDir, `${runId}.jsonl`);
}

/** Appends the run's events; one instance per process, any number of processes per file. */
export class LedgerWriter {
  private counter = 0;
  private readonly roleOfKey: Map<string, Role>;

  constructor(
    readonly file: string,
    keyring: Keyring,
    private readonly kinds: KindRegistry = KINDS,
  ) {
    this.roleOfKey = new Map(
      Object.entries(keyring.keys).flatMap(([role, key]) => (key ? [[key, role as Role]] : [])),
    );
  }

  /** The first line, written by the CLI before any check starts. */
  static start(file: string, runId: string, target: string): void {
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(
      file,
      `${JSON.stringify({ event: 'run', runId, target, at: new Date().toISOString() } satisfies RunEvent)}\n`,
    );
  }

  private append(event: LedgerEvent): void {
    appendFileSync(this.file, `${JSON.stringify(event)}\n`);
  }

  private roleOf(authorization: string | undefined): Role | undefined {
    const key = /^\s*bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    return key === undefined ? undefined : this.roleOfKey.get(key);
  }

  /** Before a request is sent: a create is written down. Returns the entry's ref, for {@link answered}. */
  sending(call: ObservedCall): string | undefined {
    const kind = call.operationId === undefined ? undefined : this.kinds.trackedCreate(call.operationId);
    if (kind === undefined) return undefined;
    this.counter += 1;
    // Unique across the processes and worker threads appending to the one file.
    const ref = `${process.pid}.${threadId}.${this.counter}`;
    const body = jsonBodyOf(call.input);
    const { idInBody, nameField } = kind.tracked;
    const id = idInBody === undefined ? undefined : text(body[idInBody]);
    const name = text(body[nameField]);
    const role = this.roleOf(call.authorization);
    this.append({
      event: 'creating',
      ref,
      kind: kind.name,
      ...(id !== undefined ? { id } : {}),
      ...(name !== undefined ? { name } : {}),
      ...(role !== undefined ? { role } : {}),
      at: new Date().toISOString(),
    });
    return ref;
  }

  /** After the answer: a create's outcome, or a delete that removed something. */
  answered(call: ObservedCall, ref: string | undefined, exchange: Exchange): void {
    const status = exchange.response?.status;
    const at = new Date().toISOString();
    if (ref !== undefined && status !== undefined) {
      // A 4xx should have created nothing (the fold keeps it apart, in case it did all the same); a
      // 5xx or no answer leaves the entry open, to be tried by identity.
      if (status >= 400 && status < 500) this.append({ event: 'refused', ref, status, at });
      else if (status >= 200 && status < 300) {
        const field = this.kinds.trackedCreate(call.operationId ?? '')?.tracked.idInAnswer;
        const id = field === undefined ? undefined : text(bodyOf(exchange)[field]);
        this.append({ event: 'created', ref, status, ...(id !== undefined ? { id } : {}), at });
      }
      return;
    }
    const del = call.operationId === undefined ? undefined : this.kinds.trackedDelete(call.operationId);
    const id = del === undefined ? undefined : text(del.tracked.delete.idOf(call.input));
    const role = this.roleOf(call.authorization);
    if (del !== undefined && id !== undefined && status !== undefined && status >= 200 && status < 300)
      this.markDeleted(del.name, id, role === undefined ? undefined : accountOf(role));
  }

  /** `account`: the account whose key deleted it (a check's delete); none when every account was looked at. */
  markDeleted(kind: LedgerKind, id: string, account?: LedgerAccount): void {
    this.append({
      event: 'deleted',
      kind,
      id,
      ...(account !== undefined ? { account } : {}),
      at: new Date().toISOString(),
    });
  }

  /** A base known by name only, found and removed (or found absent) by the sweep. */
  markNameDeleted(kind: LedgerKind, name: string): void {
    this.append({ event: 'deleted', kind, name, at: new Date().toISOString() });
  }
}

/** One resource the ledger says may still exist. */
export interface OpenEntry {
  kind: LedgerKind;
  /** The identity a delete takes; undefined for a base whose create was never answered (found by `name`). */
  id?: string;
  name?: string;
  account: LedgerAccount;
  role?: Role;
  /** Whether the create was answered 2xx (else: sent, answer unknown). */
  created: boolean;
}

/**
 * A create the target refused (4xx) that a faulty implementation may have saved all the same: held
 * by the identity the suite chose and sent, `id` (an assistant's customPersonaId, a plugin's title)
 * or, for a kind whose identity the server chooses but that can be found by name (a base), `name`.
 */
export interface RefusedEntry {
  kind: LedgerKind;
  id?: string;
  name?: string;
  account: LedgerAccount;
  role?: Role;
}

export interface LedgerState {
  runId: string;
  target: string;
  file: string;
  open: OpenEntry[];
  /** Refused creates that may exist all the same: a correct implementation saved none of them. */
  refused: RefusedEntry[];
  /** Lines that are not events of the ledger (a torn write, a hand edit), skipped. */
  unreadable: number;
}

/** Whether a ledger holds nothing that may still exist: its run, or a sweep, has done its job. */
export function holdsNothing(state: LedgerState): boolean {
  return state.open.length === 0 && state.refused.length === 0;
}

/**
 * Whether an identity or a name is this run's: it carries the run's id. Only such a one is ever
 * looked for by a name or by an identity the target refused, so that nothing a person named (a
 * reserved title, a customer's base) can ever match.
 */
export function carriesRunId(value: string | undefined, runId: string): value is string {
  return value !== undefined && runId !== '' && value.includes(runId);
}

function accountOf(role: Role | undefined): LedgerAccount {
  return role === 'other' ? 'B' : 'A';
}

type Folded = CreatingEvent & { answer: 'none' | 'created' | 'refused' };

/** Whether `created`, answered 2xx, holds the identity of `other` on the same account. */
function sameHolding(created: Folded, other: Folded): boolean {
  return (
    created !== other &&
    created.answer === 'created' &&
    created.kind === other.kind &&
    created.id !== undefined &&
    created.id === other.id &&
    accountOf(created.role) === accountOf(other.role)
  );
}

/**
 * Whether a deletion (by identity, or by name for an entry without one) closes an entry. A refused
 * create is closed only by a deletion on its own account (or a sweep's, which looked on each): a
 * copy saved on B despite the refusal is not gone because A deleted its own of the same identity.
 */
function closes(entry: Folded, event: DeletedEvent): boolean {
  if (entry.kind !== event.kind) return false;
  if (entry.answer === 'refused' && event.account !== undefined && event.account !== accountOf(entry.role))
    return false;
  if (event.id !== undefined) return entry.id === event.id;
  return entry.id === undefined && event.name !== undefined && entry.name === event.name;
}

/**
 * Folds a ledger file, in the order its events were written, into what may still exist: creates
 * not refused and not deleted since (`open`), and refused creates that may exist all the same
 * (`refused`). An entry with no identity is kept open only when its kind can be found by name (a
 * base whose create was never answered): nothing could ever find any other.
 */
export function readLedger(file: string, kinds: KindRegistry = KINDS): LedgerState {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  let run: RunEvent | undefined;
  let unreadable = 0;
  const entries = new Map<string, Folded>();
  const closeWhere = (settled: (entry: Folded) => boolean) => {
    for (const [ref, entry] of entries) if (settled(entry)) entries.delete(ref);
  };
  for (const line of lines) {
    let event: LedgerEvent;
    try {
      event = JSON.parse(line) as LedgerEvent;
    } catch {
      unreadable += 1;
      continue;
    }
    if (event.event === 'run') run ??= event;
    else if (event.event === 'creating') entries.set(event.ref, { ...event, answer: 'none' });
    else if (event.event === 'refused') {
      const entry = entries.get(event.ref);
      if (entry !== undefined) entry.answer = 'refused';
      // Refused as a duplicate of what the run holds on the same account (a check of IDS-06, IDS-11):
      // that create's entry holds the identity, and this one would only find the run's own.
      if (entry?.id !== undefined && [...entries.values()].some((other) => sameHolding(other, entry)))
        entries.delete(event.ref);
    } else if (event.event === 'created') {
      const entry = entries.get(event.ref);
      if (entry === undefined) continue;
      entry.answer = 'created';
      entry.id ??= event.id;
      // An identity is unique on the platform (IDS-06, IDS-11): a create of it that succeeded on
      // the account of a refused one means the refused one holds nothing; this entry now holds it.
      closeWhere((other) => other.answer === 'refused' && sameHolding(entry, other));
    } else if (event.event === 'deleted') closeWhere((entry) => closes(entry, event));
    else unreadable += 1;
  }
  const runId = run?.runId ?? basename(file, '.jsonl');
  const folded = [...entries.values()];
  const open = folded
    .filter((entry) => entry.answer !== 'refused')
    // No identity and no way to find it by name: nothing could ever remove it, so it is not held.
    .filter(
      (entry) =>
        entry.id !== undefined ||
        (entry.name !== undefined && kinds.tracked(entry.kind)?.tracked.findByName !== undefined),
    )
    .map((entry) => ({
      kind: entry.kind,
      ...(entry.id !== undefined ? { id: entry.id } : {}),
      ...(entry.name !== undefined ? { name: entry.name } : {}),
      account: accountOf(entry.role),
      ...(entry.role !== undefined ? { role: entry.role } : {}),
      created: entry.answer === 'created',
    }));
  const refused = folded
    .filter((entry) => entry.answer === 'refused')
    .flatMap((entry): RefusedEntry[] => {
      const identity = refusedIdentity(entry, kinds, runId);
      if (identity === undefined) return [];
      return [
        {
          kind: entry.kind,
          ...identity,
          account: accountOf(entry.role),
          ...(entry.role !== undefined ? { role: entry.role } : {}),
        },
      ];
    });
  return { runId, target: run?.target ?? '', file, open, refused, unreadable };
}

/**
 * What a refused create may be found by, or undefined when it cannot be looked for: its identity
 * when the suite chose it (in the body); else its name, for a kind found by name (the server would
 * have chosen the identity, a base's kbId, so only the name the suite sent can find it). A refused
 * create with neither (a body without its title, the very thing a check left out) was never named
 * by the suite: nothing can find it, and what a faulty implementation made of it is not the
 * ledger's to guess. Neither is an identity without the run's id (a reserved built-in title): it
 * may be a person's.
 */
function refusedIdentity(
  entry: Folded,
  kinds: KindRegistry,
  runId: string,
): { id: string } | { name: string } | undefined {
  if (entry.id !== undefined) return carriesRunId(entry.id, runId) ? { id: entry.id } : undefined;
  const findable = kinds.tracked(entry.kind)?.tracked.findByName !== undefined;
  return findable && carriesRunId(entry.name, runId) ? { name: entry.name } : undefined;
}

/** Every ledger in the directory (none when it does not exist). */
export function ledgerFiles(ledgerDir: string): string[] {
  try {
    return readdirSync(ledgerDir)
      .filter((name) => name.endsWith('.jsonl'))
      .sort()
      .map((name) => join(ledgerDir, name));
  } catch {
    return [];
  }
}

/** Removes a ledger that has done its job, and the ledger folder with it when nothing else is there. */
export function removeLedger(file: string): void {
  rmSync(file, { force: true });
  try {
    rmdirSync(dirname(file));
  } catch {
    // Other runs' ledgers are still there (or the folder is already gone): it stays.
  }
}
