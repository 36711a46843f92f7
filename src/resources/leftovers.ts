import type { ApiClient } from '../http/client.ts';
import { bodyOf, objectsIn, type JsonObject } from '../http/json.ts';
import { removeOne } from './kinds/create.ts';
import type { LeftoverListing, ResourceKind } from './kinds/kind.ts';
import type { TrackedKind } from './kinds/kind.ts';
import { KINDS, type KindRegistry } from './kinds/registry.ts';
import { collectListed } from './pages.ts';
import { RUN_NAME_PATTERN } from './run-id.ts';

export interface Leftover {
  /** The resource kind's name (src/resources/kinds/): `assistant`, `plugin`, `knowledge base`. */
  kind: string;
  /** What deletes it: `customPersonaId`, plugin `title` or `kbId`. */
  id: string;
  /** How it reads in the report (name and id). */
  label: string;
}

export interface LeftoverScan {
  found: Leftover[];
  /** Collections that could not be read (a key without that module, a failing route). */
  problems: string[];
}

/** A name carries the prefix when it starts with it: every identity the suite gives starts so. */
export function carriesPrefix(value: unknown, pattern: RegExp): boolean {
  return typeof value === 'string' && pattern.test(value);
}

/** The pattern for one run's id (identities starting with it), or for any run id's whole shape. */
export function prefixPattern(runId: string | undefined): RegExp {
  return runId === undefined ? RUN_NAME_PATTERN : new RegExp(`^${runId.replace(/[^0-9a-z]/g, '')}`);
}

/** An error's first line, for a report of what could not be read or removed. */
export function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';
}

/** The items of the kind's listing: every page of a paginated one, else the one answer (a 200). */
async function listItems(
  client: ApiClient,
  kind: ResourceKind,
  scan: LeftoverListing,
): Promise<JsonObject[]> {
  const listing = kind.lists?.[scan.list];
  if (listing === undefined) throw new Error(`${kind.name}: ${scan.list} is not one of its listings`);
  if (listing.total !== undefined)
    return collectListed(client, scan.list, listing, { ...(scan.query ? { query: scan.query } : {}) });
  const exchange = await client.call(scan.list, { ...(scan.query ? { query: scan.query } : {}) });
  if (exchange.response?.status !== 200)
    throw new Error(`${scan.list} answered ${exchange.response?.status ?? exchange.error ?? 'nothing'}`);
  return objectsIn(bodyOf(exchange), listing.items);
}

/** The account's own items of a kind, as cleanup's listing reads them (every page); throws when it cannot. */
export async function listOwn(
  client: ApiClient,
  kind: ResourceKind,
  scan: LeftoverListing,
): Promise<JsonObject[]> {
  return (await listItems(client, kind, scan)).filter((item) => scan.own?.(item) ?? true);
}

async function ownLeftovers(
  client: ApiClient,
  kind: ResourceKind,
  scan: LeftoverListing,
  pattern: RegExp,
): Promise<Leftover[]> {
  return (await listOwn(client, kind, scan))
    .filter((item) => scan.marked.some((f) => carriesPrefix(item[f], pattern)))
    .map((item) => ({ kind: kind.name, id: String(item[scan.id]), label: scan.label(item) }));
}

/**
 * What the suite left behind on the key's account: its own resources of every kind cleanup can
 * scan for (assistants, plugins, knowledge bases), whose identity or name starts with the prefix,
 * in the kinds' order, so that assistants' attachments go with them before the bases do.
 */
export async function findLeftovers(
  client: ApiClient,
  pattern: RegExp,
  kinds: KindRegistry = KINDS,
): Promise<LeftoverScan> {
  const found: Leftover[] = [];
  const problems: string[] = [];
  for (const kind of kinds.kinds) {
    const scan = kind.leftovers;
    if (scan === undefined) continue;
    try {
      found.push(...(await ownLeftovers(client, kind, scan, pattern)));
    } catch (error) {
      problems.push(`could not list ${scan.plural}: ${reason(error)}`);
    }
  }
  return { found, problems };
}

/** Deletes one leftover; returns why it could not be, or undefined when it is gone. */
export async function removeLeftover(
  client: ApiClient,
  leftover: Leftover,
  kinds: KindRegistry = KINDS,
): Promise<string | undefined> {
  const kind: TrackedKind | undefined = kinds.tracked(leftover.kind);
  if (kind === undefined) return `"${leftover.kind}" is not a resource kind the suite removes`;
  try {
    await removeOne(kind, client, leftover.id);
    return undefined;
  } catch (error) {
    return reason(error);
  }
}
