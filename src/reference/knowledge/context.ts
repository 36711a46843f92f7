import type { FastifyRequest } from 'fastify';
import type {} from '../caller.ts';
import type { KnowledgeDeps, PageFetcher } from './deps.ts';
import { timestamp } from '../open-points.ts';
import { KbError, notFound } from './errors.ts';
import { knowledgeFault, type FaultCheck, type KnowledgeFault } from './faults.ts';
import type { Recrawler } from './refresh.ts';
import { StaleViews } from './stale-views.ts';
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
  /** Read answers a planted fault serves from a copy (none without one). */
  views: StaleViews;
  /**
   * Bases attached per assistant as a running tally beside the attachments, kept and counted only
   * while a planted `kb.limit-counts-*` fault is on (the correct limit counts the attachments).
   */
  limitTally: Map<string, number>;
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

/**
 * The base a write names: the caller's own, or, under the planted fault `id`, any account's (the
 * account check its sibling routes make, skipped on this one).
 */
export function writableBase(
  context: KnowledgeContext,
  request: FastifyRequest,
  kbId: string,
  id: KnowledgeFault,
): KnowledgeBase {
  return (context.fault(id) && context.store.anyAccount(kbId)?.base) || ownedBase(context, request, kbId);
}

export const LIMIT_TALLY_FAULTS = [
  'kb.limit-counts-deleted-bases',
  'kb.limit-counts-detached',
  'kb.limit-counts-reattach',
] as const;

/** Moves the assistant's tally by `by`, while a planted `kb.limit-counts-*` fault keeps one. */
export function moveLimitTally(context: KnowledgeContext, personaId: string, by: number): void {
  if (!LIMIT_TALLY_FAULTS.some((id) => context.fault(id))) return;
  context.limitTally.set(personaId, (context.limitTally.get(personaId) ?? 0) + by);
}

export function createContext(
  store: KnowledgeStore,
  deps: KnowledgeDeps,
  recrawler: Recrawler,
  fetchPage: PageFetcher,
  closing: AbortSignal,
): KnowledgeContext {
  const now = deps.now ?? Date.now;
  const fault: FaultCheck = (id) => knowledgeFault(deps.faults, id);
  return {
    store,
    deps,
    recrawler,
    fetchPage,
    closing,
    now,
    timestamp: () => timestamp(now()),
    fault,
    views: new StaleViews(fault),
    limitTally: new Map(),
  };
}
