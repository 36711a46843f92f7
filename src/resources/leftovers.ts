import type { ApiClient } from '../http/client.ts';
import { deleteAssistant } from './assistants.ts';
import { ALL_PLATFORMS } from './drafts.ts';
import { bodyOf, objectsIn, type JsonObject } from '../http/json.ts';
import { deleteKnowledgeBase } from './knowledge-bases.ts';
import { collectPages } from './pages.ts';
import { deletePlugin } from './plugins.ts';
import { RUN_NAME_PATTERN } from './run-id.ts';

type LeftoverKind = 'assistant' | 'plugin' | 'knowledge base';

export interface Leftover {
  kind: LeftoverKind;
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

function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';
}

async function ownAssistants(client: ApiClient, pattern: RegExp): Promise<Leftover[]> {
  // Owned or granted, on every platform: the only reads that reach the account's own assistants.
  const items = await collectPages(client, 'listPersonas', {
    query: { isPublic: 'private', isMainAgent: 'all', os: ALL_PLATFORMS },
  });
  return items
    .filter((a) => carriesPrefix(a.customPersonaId, pattern) || carriesPrefix(a.name, pattern))
    .map((a) => ({
      kind: 'assistant',
      id: String(a.customPersonaId),
      label: `${String(a.customPersonaId)} (${String(a.name)})`,
    }));
}

async function ownPlugins(client: ApiClient, pattern: RegExp): Promise<Leftover[]> {
  const items = await collectPages(client, 'listPlugins', {
    query: { isPublic: 'private', status: 'all', os: 'all' },
  });
  return items
    .filter((p) => carriesPrefix(p.title, pattern))
    .map((p) => ({ kind: 'plugin', id: String(p.title), label: String(p.title) }));
}

async function ownBases(client: ApiClient, pattern: RegExp): Promise<Leftover[]> {
  const exchange = await client.call('listKnowledgeBases');
  if (exchange.response?.status !== 200) {
    throw new Error(
      `listKnowledgeBases answered ${exchange.response?.status ?? exchange.error ?? 'nothing'}`,
    );
  }
  return objectsIn(bodyOf(exchange), 'kbs')
    .filter((kb: JsonObject) => kb.shared !== true && carriesPrefix(kb.name, pattern))
    .map((kb) => ({
      kind: 'knowledge base',
      id: String(kb.kbId),
      label: `${String(kb.kbId)} (${String(kb.name)})`,
    }));
}

/**
 * What the suite left behind on the key's account: its own assistants, plugins and knowledge bases
 * whose identity or name starts with the prefix. Assistants come first, so that their attachments
 * go with them before the bases do.
 */
export async function findLeftovers(client: ApiClient, pattern: RegExp): Promise<LeftoverScan> {
  const found: Leftover[] = [];
  const problems: string[] = [];
  const sources: Array<[string, () => Promise<Leftover[]>]> = [
    ['assistants', () => ownAssistants(client, pattern)],
    ['plugins', () => ownPlugins(client, pattern)],
    ['knowledge bases', () => ownBases(client, pattern)],
  ];
  for (const [what, read] of sources) {
    try {
      found.push(...(await read()));
    } catch (error) {
      problems.push(`could not list ${what}: ${reason(error)}`);
    }
  }
  return { found, problems };
}

/** Deletes one leftover; returns why it could not be, or undefined when it is gone. */
export async function removeLeftover(client: ApiClient, leftover: Leftover): Promise<string | undefined> {
  try {
    if (leftover.kind === 'assistant') await deleteAssistant(client, leftover.id);
    else if (leftover.kind === 'plugin') await deletePlugin(client, leftover.id);
    else await deleteKnowledgeBase(client, leftover.id);
    return undefined;
  } catch (error) {
    return reason(error);
  }
}
