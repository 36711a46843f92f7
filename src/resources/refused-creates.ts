import type { ApiClient } from '../http/client.ts';
import type { JsonObject } from '../http/json.ts';
import type { TrackedKind } from './kinds/kind.ts';
import { KINDS, type KindRegistry } from './kinds/registry.ts';
import type { AccountClients } from './ledger-sweep.ts';
import type { RefusedEntry } from './ledger.ts';
import { listOwn, reason } from './leftovers.ts';

/**
 * Which of a run's refused creates exist all the same. A correct implementation saved none of them,
 * so the reads are kept to a few a run: per kind and account, the account's own listing is read
 * once (every page, as cleanup's scan reads it) for every refused create of that kind there; a kind
 * without a listing is read by identity, one get each. Reads only: removing is the sweep's.
 */

/**
 * The identities a refused create is held under on its account (none: it is not there), with the
 * kind and the client that delete them, or why that could not be told.
 */
export type RefusedWhere = { ids: string[]; kind: TrackedKind; client: ApiClient } | { problem: string };

type Found = { ids: string[] } | { problem: string };

type Listed = JsonObject[] | { problem: string };

/** The account's own items of a kind, read once per sweep however many refused creates ask. */
class OwnListings {
  private readonly read = new Map<string, Promise<Listed>>();

  get(kind: TrackedKind, account: string, client: ApiClient): Promise<Listed> | undefined {
    const scan = kind.leftovers;
    if (scan === undefined) return undefined;
    const key = `${kind.name}\u0000${account}`;
    let listed = this.read.get(key);
    if (listed === undefined) {
      listed = listOwn(client, kind, scan).catch((error: unknown) => ({
        problem: `could not list ${scan.plural}: ${reason(error)}`,
      }));
      this.read.set(key, listed);
    }
    return listed;
  }
}

/** The identities of the listed items a refused create may have become: its identity, or its name's items. */
function matching(kind: TrackedKind, entry: RefusedEntry, items: readonly JsonObject[]): string[] {
  const idField = kind.leftovers?.id ?? '';
  // A listing item carries the name under the create body's field (`name`, `title`).
  const same = (item: JsonObject) =>
    entry.id !== undefined ? item[idField] === entry.id : item[kind.tracked.nameField] === entry.name;
  return items.filter(same).flatMap((item) => (typeof item[idField] === 'string' ? [item[idField]] : []));
}

/** Without a listing: a read of the identity, or the kind's search by name. */
async function readEach(kind: TrackedKind, entry: RefusedEntry, client: ApiClient): Promise<Found> {
  const { present, findByName } = kind.tracked;
  if (entry.id !== undefined) {
    const there = await present(client, entry.id);
    return typeof there === 'string' ? { problem: there } : { ids: there ? [entry.id] : [] };
  }
  if (findByName === undefined || entry.name === undefined)
    return { problem: `a ${kind.name} cannot be found by name` };
  const found = await findByName(client, entry.name);
  return typeof found === 'string' ? { problem: found } : { ids: found };
}

/** Where each refused create is, in the order given (reads only). */
export async function locateRefused(
  entries: readonly RefusedEntry[],
  clients: AccountClients,
  kinds: KindRegistry = KINDS,
): Promise<RefusedWhere[]> {
  const listings = new OwnListings();
  const where: RefusedWhere[] = [];
  for (const entry of entries) {
    const kind = kinds.tracked(entry.kind);
    const client = clients[entry.account];
    if (kind === undefined)
      where.push({ problem: `"${entry.kind}" is not a resource kind this version knows` });
    else if (client === undefined) where.push({ problem: `no key for account ${entry.account} to look` });
    else {
      const listed = await listings.get(kind, entry.account, client);
      const found =
        listed === undefined
          ? await readEach(kind, entry, client)
          : Array.isArray(listed)
            ? { ids: matching(kind, entry, listed) }
            : listed;
      where.push('problem' in found ? found : { ...found, kind, client });
    }
  }
  return where;
}
