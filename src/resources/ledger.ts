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
      // A 4xx created nothing; a 5xx or no answer leaves the entry open, to be tried by identity.
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
    if (del !== undefined && id !== undefined && status !== undefined && status >= 200 && status < 300)
      this.markDeleted(del.name, id);
  }

  markDeleted(kind: LedgerKind, id: string): void {
    this.append({ event: 'deleted', kind, id, at: new Date().toISOString() });
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

export interface LedgerState {
  runId: string;
  target: string;
  file: string;
  open: OpenEntry[];
  /** Lines that are not events of the ledger (a torn write, a hand edit), skipped. */
  unreadable: number;
}

function accountOf(role: Role | undefined): LedgerAccount {
  return role === 'other' ? 'B' : 'A';
}

/**
 * Folds a ledger file into what may still exist: creates not refused and not deleted since. An
 * entry with no identity is kept only when its kind can be found by name (a base whose create was
 * never answered): nothing could ever find any other.
 */
export function readLedger(file: string, kinds: KindRegistry = KINDS): LedgerState {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  let run: RunEvent | undefined;
  let unreadable = 0;
  const creating = new Map<string, CreatingEvent & { created: boolean }>();
  const deleted = new Set<string>();
  const deletedNames = new Set<string>();
  for (const line of lines) {
    let event: LedgerEvent;
    try {
      event = JSON.parse(line) as LedgerEvent;
    } catch {
      unreadable += 1;
      continue;
    }
    if (event.event === 'run') run ??= event;
    else if (event.event === 'creating') creating.set(event.ref, { ...event, created: false });
    else if (event.event === 'refused') creating.delete(event.ref);
    else if (event.event === 'created') {
      const entry = creating.get(event.ref);
      if (entry !== undefined) {
        entry.created = true;
        entry.id ??= event.id;
      }
    } else if (event.event === 'deleted') {
      if (event.id !== undefined) deleted.add(`${event.kind}\u0000${event.id}`);
      if (event.name !== undefined) deletedNames.add(`${event.kind}\u0000${event.name}`);
    } else unreadable += 1;
  }
  const open = [...creating.values()]
    .filter((entry) =>
      entry.id !== undefined
        ? !deleted.has(`${entry.kind}\u0000${entry.id}`)
        : !deletedNames.has(`${entry.kind}\u0000${entry.name ?? ''}`),
    )
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
      created: entry.created,
    }));
  return {
    runId: run?.runId ?? basename(file, '.jsonl'),
    target: run?.target ?? '',
    file,
    open,
    unreadable,
  };
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
