import type { FastifyInstance } from 'fastify';
import { ownedBase, type KnowledgeContext } from '../context.ts';
import { createBaseBody, type CreateBaseBody } from '../schemas.ts';
import { baseView } from '../views.ts';

type KbParams = { Params: { kbId: string } };

/** GET /kb, POST /kb, DELETE /kb/:kbId */
export function baseRoutes(app: FastifyInstance, context: KnowledgeContext): void {
  app.get('/kb', (request) => {
    const { accountId } = request.caller;
    const visible = context.fault('kb.list-shows-other-accounts')
      ? [...context.store.all()].map((base) => ({ base, shared: base.ownerAccountId !== accountId }))
      : context.store.listVisible(accountId);
    return { status: 'ok', kbs: visible.map(({ base, shared }) => baseView(base, shared)) };
  });

  app.post<{ Body: CreateBaseBody }>('/kb', { schema: { body: createBaseBody } }, (request, reply) => {
    const { name, description = '' } = request.body;
    const base = context.store.create(request.caller.accountId, name, description, context.timestamp());
    return reply
      .code(context.fault('kb.create-returns-200') ? 200 : 201)
      .send({ status: 'ok', kbId: base.kbId, name: base.name, description: base.description });
  });

  app.delete<KbParams>('/kb/:kbId', (request) => {
    const base = ownedBase(context, request, request.params.kbId);
    context.recrawler.cancel(base.kbId);
    context.store.delete(base.kbId);
    // Documents and vectors go with the base; clearing them also tells a re-crawl in flight to drop its result.
    base.documents.clear();
    context.deps.attachments.removeBase(base.kbId);
    return { status: 'ok', deleted: true, kbId: base.kbId };
  });
}
