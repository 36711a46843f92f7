import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inListOrder } from '../../open-points.ts';
import { ownedBase, type KnowledgeContext } from '../context.ts';
import { KbError } from '../errors.ts';
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
    if (context.fault('kb.list-empty-404') && visible.length === 0)
      throw new KbError(404, 'not_found', 'this account has no knowledge bases');
    // Creation order (the alternative personality: newest first).
    const kbs = inListOrder(visible).map(({ base, shared }) =>
      baseView(
        base,
        context.fault('kb.shared-by-key') ? base.createdByKey !== request.caller.keyId : shared,
        context.fault,
      ),
    );
    return { status: 'ok', [context.fault('kb.list-key-bases') ? 'bases' : 'kbs']: kbs };
  });

  app.post<{ Body: CreateBaseBody }>('/kb', { schema: { body: createBaseBody } }, (request, reply) => {
    const { name, description = '' } = request.body;
    const base = context.store.create(
      request.caller.accountId,
      context.fault('kb.create-name-lowercased') ? name.toLowerCase() : name,
      description,
      context.timestamp(),
      context.fault('kb.base-id-object-id') ? randomBytes(12).toString('hex') : undefined,
    );
    base.createdByKey = request.caller.keyId;
    return reply.code(context.fault('kb.create-returns-200') ? 200 : 201).send({
      status: 'ok',
      [context.fault('kb.create-answer-id-field') ? 'id' : 'kbId']: base.kbId,
      name: base.name,
      description: context.fault('kb.create-description-omitted')
        ? request.body.description
        : base.description,
    });
  });

  app.delete<KbParams>('/kb/:kbId', (request) => {
    const base = ownedBase(context, request, request.params.kbId);
    context.recrawler.cancel(base.kbId);
    if (!context.fault('kb.delete-base-kept')) context.store.delete(base.kbId);
    // Documents and vectors go with the base; clearing them also tells a re-crawl in flight to drop its result.
    base.documents.clear();
    if (!context.fault('kb.delete-base-keeps-attachments'))
      context.deps.attachments.removeBase(base.kbId, context.fault('kb.delete-base-detaches-first-only'));
    if (context.fault('kb.delete-base-answer-no-kbid')) return { status: 'ok', deleted: true };
    return { status: 'ok', deleted: true, kbId: base.kbId };
  });
}
