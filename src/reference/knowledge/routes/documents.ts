import type { FastifyInstance } from 'fastify';
import { ownedBase, readableBase, type KnowledgeContext } from '../context.ts';
import { removeDocument } from '../documents.ts';
import { notFound } from '../errors.ts';
import { queryBody, type QueryBody } from '../schemas.ts';
import { documentView } from '../views.ts';

type KbParams = { kbId: string };

const TOP_K_DEFAULT = 5;
const TOP_K_MAX = 20;

/** GET /kb/:kbId/documents, DELETE /kb/:kbId/documents/:docId, POST /kb/:kbId/query, GET /kb/:kbId/stats */
export function documentRoutes(app: FastifyInstance, context: KnowledgeContext): void {
  app.get<{ Params: KbParams }>('/kb/:kbId/documents', (request) => {
    const { base } = readableBase(context, request, request.params.kbId);
    return { status: 'ok', kbId: base.kbId, documents: [...base.documents.values()].map(documentView) };
  });

  app.delete<{ Params: KbParams & { docId: string } }>('/kb/:kbId/documents/:docId', (request) => {
    const base = ownedBase(context, request, request.params.kbId);
    const { docId } = request.params;
    if (!base.documents.has(docId)) throw notFound.document(docId);
    if (context.fault('kb.query-returns-deleted')) base.documents.delete(docId);
    else removeDocument(base, docId);
    return { status: 'ok', deleted: true, docId, kbId: base.kbId };
  });

  app.post<{ Params: KbParams; Body: QueryBody }>(
    '/kb/:kbId/query',
    { schema: { body: queryBody } },
    (request) => {
      const { base } =
        (context.fault('kb.query-any-account') && context.store.anyAccount(request.params.kbId)) ||
        readableBase(context, request, request.params.kbId);
      const topK = context.fault('kb.query-ignores-topk') ? TOP_K_MAX : queryTopK(context, request.body.topK);
      const results = base.index.query(request.body.query, topK).map((hit) => ({
        text: hit.text,
        score: hit.score,
        docTitle: hit.docTitle,
        docId: hit.docId,
        chunkIndex: hit.chunkIndex,
      }));
      return { status: 'ok', kbId: base.kbId, results };
    },
  );

  app.get<{ Params: KbParams }>('/kb/:kbId/stats', (request) => {
    const { base } = readableBase(context, request, request.params.kbId);
    return {
      status: 'ok',
      kbId: base.kbId,
      documentsCount: base.documents.size,
      vectorCount: base.index.vectorCount,
    };
  });
}

/** The topK a query applies: {@link effectiveTopK}, unless a planted fault bends it. */
function queryTopK(context: KnowledgeContext, requested: number | undefined): number {
  if (context.fault('kb.query-topk-unbounded') && requested !== undefined)
    return Math.max(1, Math.floor(requested));
  const topK = effectiveTopK(requested);
  return context.fault('kb.query-max-off-by-one') ? Math.min(topK, TOP_K_MAX - 1) : topK;
}

/** Above the documented maximum the reference clamps to 20 rather than refusing; fractions round down. */
function effectiveTopK(requested: number | undefined): number {
  if (requested === undefined) return TOP_K_DEFAULT;
  return Math.min(TOP_K_MAX, Math.max(1, Math.floor(requested)));
}
