import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inListOrder, openPoints } from '../../open-points.ts';
import { readableBase, writableBase, type KnowledgeContext } from '../context.ts';
import type { ChunkHit } from '../chunk-index.ts';
import type { KnowledgeBase } from '../store.ts';
import { removeDocument } from '../documents.ts';
import { KbError, notFound } from '../errors.ts';
import { bodySchema, queryBody, type QueryBody } from '../schemas.ts';
import { countedDocuments, countedVectors } from '../settled-counts.ts';
import { documentView } from '../views.ts';
import { sameNameDocuments } from './bases.ts';

type KbParams = { kbId: string };

const TOP_K_DEFAULT = 5;
const TOP_K_MAX = 20;

/** Bases attached once, and those attached again, while `kb.query-deleted-after-reattach` is planted. */
const attachedBases = new WeakSet<object>();
const reattachedBases = new WeakSet<object>();

/** The planted fault's bookkeeping: a base attached (again, after a detach, or to another assistant). */
export function faultAttached(base: object): void {
  if (attachedBases.has(base)) reattachedBases.add(base);
  attachedBases.add(base);
}

/** Chunk texts of deleted documents by base and title, kept only for the `kb.reused-title-revives-chunks` fault. */
const parkedChunks = new WeakMap<KnowledgeBase, Map<string, string[]>>();

/** The chunks a deleted document of this title left parked (the planted fault takes them back). */
export function takeParkedChunks(base: KnowledgeBase, title: string): string[] {
  const parked = parkedChunks.get(base)?.get(title) ?? [];
  parkedChunks.get(base)?.delete(title);
  return parked;
}

/** GET /kb/:kbId/documents, DELETE /kb/:kbId/documents/:docId, POST /kb/:kbId/query, GET /kb/:kbId/stats */
export function documentRoutes(app: FastifyInstance, context: KnowledgeContext): void {
  app.get<{ Params: KbParams }>('/kb/:kbId/documents', (request) => {
    const { base } =
      (context.fault('kb.documents-any-account') && context.store.anyAccount(request.params.kbId)) ||
      readableBase(context, request, request.params.kbId);
    return context.views.read('documents', base.kbId, () => listDocuments(request, base));
  });

  function listDocuments(request: FastifyRequest, base: KnowledgeBase) {
    if (context.fault('kb.documents-empty-404') && base.documents.size === 0)
      throw new KbError(404, 'not_found', 'this knowledge base has no documents');
    // The fault lists the documents of every base of the account, as if they were looked up by owner.
    const bases = context.fault('kb.documents-of-every-base')
      ? context.store.listVisible(request.caller.accountId).map((visible) => visible.base)
      : [base];
    // Ingest order (the alternative personality: newest first).
    const documents = bases.flatMap((each) =>
      inListOrder([...each.documents.values()]).map((doc) => documentView(doc, base.kbId, context.fault)),
    );
    return {
      status: context.fault('kb.documents-status-true') ? true : 'ok',
      ...(context.fault('kb.documents-answer-no-kbid') ? {} : { kbId: base.kbId }),
      documents,
    };
  }

  app.delete<{ Params: KbParams & { docId: string } }>('/kb/:kbId/documents/:docId', (request, reply) => {
    const base = writableBase(context, request, request.params.kbId, 'kb.delete-document-any-account');
    const { docId: named } = request.params;
    if (!base.documents.has(named)) throw notFound.document(named);
    // The fault deletes the base's first document, whichever one was named.
    const docId = context.fault('kb.delete-document-deletes-first')
      ? (base.documents.keys().next().value ?? named)
      : named;
    const deleted = DELETE_FAULTS.some((id) => context.fault(id)) ? beforeDelete(base, docId) : undefined;
    if (context.fault('kb.query-returns-deleted')) base.documents.delete(docId);
    // A planted fault: once the base was attached again, a delete only unlists the document.
    else if (context.fault('kb.query-deleted-after-reattach') && reattachedBases.has(base))
      base.documents.delete(docId);
    else if (context.fault('kb.delete-document-still-listed')) base.index.removeDocument(docId);
    else removeDocument(base, docId, context.fault('kb.delete-document-keeps-vector-count'));
    if (deleted) deleteDocumentFaults(context, base, deleted);
    context.views.wrote('delete-document');
    if (context.fault('kb.delete-document-204')) return reply.code(204).send();
    if (context.fault('kb.delete-document-answer-no-docid'))
      return { status: 'ok', deleted: true, kbId: base.kbId };
    return { status: 'ok', deleted: true, docId: named, kbId: base.kbId };
  });

  app.post<{ Params: KbParams; Body: QueryBody }>(
    '/kb/:kbId/query',
    // The planted fault lets topK through as text too.
    bodySchema(queryBody, context.fault, [['kb.query-top-k-text-unclamped', 'topK', 'type']]),
    (request, reply) => {
      const { base } =
        (context.fault('kb.query-any-account') && context.store.anyAccount(request.params.kbId)) ||
        readableBase(context, request, request.params.kbId);
      if (context.fault('kb.query-needs-topk') && request.body.topK === undefined)
        throw new KbError(400, 'invalid_body', 'topK is required');
      // A planted fault: a base without documents has no index yet, and a query of it is a 404.
      if (context.fault('kb.query-empty-base-not-found') && base.documents.size === 0)
        throw new KbError(404, 'not_found', `knowledge base ${base.kbId} has no index yet`);
      // A planted fault takes the maximum as exclusive: topK 20 is refused.
      if (context.fault('kb.query-top-k-20-refused') && (request.body.topK ?? 0) >= TOP_K_MAX)
        throw new KbError(400, 'invalid_body', `topK must be below ${TOP_K_MAX}`);
      const topK = context.fault('kb.query-ignores-topk') ? TOP_K_MAX : queryTopK(context, request.body.topK);
      const results = cachedQuery(context, base, request.body.query, topK).map((hit) =>
        resultItem(context, hit, base),
      );
      const answer = context.fault('kb.query-answer-without-kbid')
        ? { status: 'ok', results }
        : { status: 'ok', kbId: base.kbId, results };
      return reply.code(context.fault('kb.query-answers-201') ? 201 : 200).send(answer);
    },
  );

  app.get<{ Params: KbParams }>('/kb/:kbId/stats', (request) => {
    const { base } =
      (context.fault('kb.stats-any-account') && context.store.anyAccount(request.params.kbId)) ||
      readableBase(context, request, request.params.kbId);
    return context.views.read('stats', base.kbId, () => stats(base));
  });

  function stats(base: KnowledgeBase) {
    // A planted fault: a base without documents has no index yet, and its stats are a 404.
    if (context.fault('kb.stats-empty-base-not-found') && base.documents.size === 0)
      throw new KbError(404, 'not_found', `knowledge base ${base.kbId} has no index yet`);
    const counted = countedDocuments(base);
    return {
      status: 'ok',
      kbId: base.kbId,
      documentsCount: counted ? counted.length : documentsCount(context, base),
      vectorCount: counted ? countedVectors(counted) : base.index.vectorCount,
    };
  }
}

/**
 * What the planted faults of a document delete do besides it (`docId` is gone already): reach the
 * documents ingested after it or of the same title, park its chunks under its title, or turn the
 * base's auto-refresh off.
 */
function deleteDocumentFaults(
  context: KnowledgeContext,
  base: KnowledgeBase,
  deleted: DeletedDocument,
): void {
  if (context.fault('kb.delete-document-drops-later-chunks'))
    for (const later of deleted.later) base.index.removeDocument(later);
  if (context.fault('kb.delete-document-drops-same-title'))
    for (const doc of [...base.documents.values()])
      if (doc.title === deleted.title) removeDocument(base, doc.docId);
  if (context.fault('kb.reused-title-revives-chunks')) {
    const parked = parkedChunks.get(base) ?? new Map<string, string[]>();
    parked.set(deleted.title, deleted.chunks);
    parkedChunks.set(base, parked);
  }
  if (context.fault('kb.document-delete-disables-schedule')) {
    base.autoRefresh.enabled = false;
    context.recrawler.schedule(base);
  }
}

const DELETE_FAULTS = [
  'kb.delete-document-drops-later-chunks',
  'kb.delete-document-drops-same-title',
  'kb.reused-title-revives-chunks',
  'kb.document-delete-disables-schedule',
] as const;

/** What a delete's planted faults need of the document, read before it goes. */
interface DeletedDocument {
  title: string;
  chunks: string[];
  /** Documents ingested after it. */
  later: string[];
}

/** Results a planted fault remembers per base, query and topK, never dropped when a document goes. */
const queryCache = new WeakMap<KnowledgeBase, Map<string, ChunkHit[]>>();

/** The base's hits for the query; under `kb.query-results-cached`, the first answer to the same question. */
function cachedQuery(
  context: KnowledgeContext,
  base: KnowledgeBase,
  query: string,
  topK: number,
): ChunkHit[] {
  if (!context.fault('kb.query-results-cached')) return base.index.query(query, topK);
  const cache = queryCache.get(base) ?? new Map<string, ChunkHit[]>();
  queryCache.set(base, cache);
  const key = JSON.stringify([query, topK]);
  const hits = cache.get(key) ?? base.index.query(query, topK);
  cache.set(key, hits);
  return hits;
}

/** documentsCount of the stats: every document of the base (unless a planted fault counts otherwise). */
function documentsCount(context: KnowledgeContext, base: KnowledgeBase): number {
  if (context.fault('kb.stats-by-name')) return sameNameDocuments(context, base);
  if (context.fault('kb.stats-documents-as-chunks')) return base.index.vectorCount;
  if (context.fault('kb.stats-documents-vector-only'))
    return [...base.documents.values()].filter((doc) => doc.mode === 'vector').length;
  return base.documents.size;
}

/** One result item of a query, as the document lists its fields (unless a planted fault bends one). */
function resultItem(context: KnowledgeContext, hit: ChunkHit, base: KnowledgeBase): Record<string, unknown> {
  // A planted fault cites the base's name instead of the document's title.
  const title = context.fault('kb.query-title-is-base-name') ? base.name : undefined;
  return {
    [context.fault('kb.query-text-as-content') ? 'content' : 'text']: hit.text,
    score: context.fault('kb.query-score-as-string') ? hit.score.toFixed(3) : hit.score,
    docTitle: context.fault('kb.query-title-is-doc-id') ? hit.docId : (title ?? hit.docTitle),
    docId: context.fault('kb.query-doc-id-with-chunk') ? `${hit.docId}#${hit.chunkIndex}` : hit.docId,
    chunkIndex: context.fault('kb.query-chunk-index-as-string') ? String(hit.chunkIndex) : hit.chunkIndex,
  };
}

/** The topK a query applies: {@link effectiveTopK}, unless a planted fault bends it. */
function queryTopK(context: KnowledgeContext, requested: number | undefined): number {
  // The planted fault parses a topK sent as text and honours it: the clamp below compares numbers.
  if (context.fault('kb.query-top-k-text-unclamped') && typeof requested === 'string')
    return Math.max(1, Number.parseInt(requested, 10));
  if (context.fault('kb.query-default-top-k-10') && requested === undefined) return 10;
  if (context.fault('kb.query-topk-unbounded') && requested !== undefined)
    return Math.max(1, Math.floor(requested));
  const topK = effectiveTopK(requested) + (context.fault('kb.query-top-k-plus-one') ? 1 : 0);
  return context.fault('kb.query-max-off-by-one') ? Math.min(topK, TOP_K_MAX - 1) : topK;
}

/** Above the documented maximum the reference clamps to 20 rather than refusing; fractions round down. */
function effectiveTopK(requested: number | undefined): number {
  if (requested === undefined) return TOP_K_DEFAULT;
  // The alternative personality refuses a topK above the maximum instead of clamping it.
  if (requested > TOP_K_MAX && openPoints().topKAboveMax === 'refuse')
    throw new KbError(400, 'invalid_body', `topK must be at most ${TOP_K_MAX}`);
  return Math.min(TOP_K_MAX, Math.max(1, Math.floor(requested)));
}

function beforeDelete(base: KnowledgeBase, docId: string): DeletedDocument {
  const ids = [...base.documents.keys()];
  return {
    title: base.documents.get(docId)?.title ?? '',
    chunks: base.index.chunkTexts(docId),
    later: ids.slice(ids.indexOf(docId) + 1),
  };
}
