import type { FastifyRequest } from 'fastify';
import type {} from '../caller.ts';
import type { KnowledgeDeps, PageFetcher } from './deps.ts';
import { timestamp } from '../open-points.ts';
import { KbError, notFound } from './errors.ts';
import { knowledgeFault, type FaultCheck } from './faults.ts';
import type { Recrawler } from './refresh.ts';
import type { KnowledgeBase, KnowledgeStore, VisibleBase } from './store.ts';

/** Everything a route of this module needs, built once per server by `knowledgeRoutes`. */
export interface KnowledgeContext {
  store: KnowledgeStore;
  deps: KnowledgeDeps;
  recrawler: Recrawler;
  fetchPage: PageFetcher;
  /** Aborted when the server closes, so a fetch in flight does not hold it open. */
  closing: AbortSignal;
  now(): number;
  timestamp(): string;
  fault: FaultCheck;
}

/**
 * The base the caller may read: its own or one granted to it. Another account's base answers
 * exactly like an unknown id (404), so ids of other accounts cannot be probed.
 */
export function readableBase(context: KnowledgeContext, request: FastifyRequest, kbId: string): VisibleBase {
  const visible = context.store.visible(request.caller.accountId, kbId);
  if (!visible) throw notFound.base(kbId);
  return visible;
}

/** A base the caller owns; a base merely granted to it is read-only (403). */
export function ownedBase(context: KnowledgeContext, request: FastifyRequest, kbId: string): KnowledgeBase {
  const { base, shared } = readableBase(context, request, kbId);
  if (shared)
    throw new KbError(403, 'kb_read_only', `knowledge base ${kbId} is shared with this account read-only`);
  return base;
}

export function createContext(
  store: KnowledgeStore,
  deps: KnowledgeDeps,
  recrawler: Recrawler,
  fetchPage: PageFetcher,
  closing: AbortSignal,
): KnowledgeContext {
  const now = deps.now ?? Date.now;
  return {
    store,
    deps,
    recrawler,
    fetchPage,
    closing,
    now,
    timestamp: () => timestamp(now()),
    fault: (id) => knowledgeFault(deps.faults, id),
  };
}
