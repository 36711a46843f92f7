import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inListOrder } from '../../open-points.ts';
import { moveLimitTally, ownedBase, type KnowledgeContext } from '../context.ts';
import { KbError } from '../errors.ts';
import { bodySchema, createBaseBody, type CreateBaseBody } from '../schemas.ts';
import type { ChunkIndex } from '../chunk-index.ts';
import type { KbDocument, KnowledgeBase } from '../store.ts';
import { baseView } from '../views.ts';

type KbParams = { Params: { kbId: string } };

/** GET /kb, POST /kb, DELETE /kb/:kbId */
export function baseRoutes(app: FastifyInstance, context: KnowledgeContext): void {
  /** Documents of deleted bases by `owner name`, kept only for the `kb.reused-base-name-revives-documents` fault. */
  const archived = new Map<string, { documents: Map<string, KbDocument>; index: ChunkIndex }>();

  app.get('/kb', (request) =>
    context.views.read('list', request.caller.accountId, () => listBases(context, request)),
  );

  function listBases(context: KnowledgeContext, request: FastifyRequest) {
    const { accountId } = request.caller;
    const visible = context.fault('kb.list-shows-other-accounts')
      ? [...context.store.all()].map((base) => ({ base, shared: base.ownerAccountId !== accountId }))
      : context.store.listVisible(accountId);
    if (context.fault('kb.list-empty-404') && visible.length === 0)
      throw new KbError(404, 'not_found', 'this account has no knowledge bases');
    // Creation order (the alternative personality: newest first).
    const kbs = inListOrder(visible).map(({ base, shared }) => {
      const view = baseView(
        base,
        context.fault('kb.shared-by-key') ? base.createdByKey !== request.caller.keyId : shared,
        context.fault,
      );
      // A planted fault tallies documents by the base's name, so same-named bases share a count.
      if (context.fault('kb.docs-count-by-name')) view.docsCount = sameNameDocuments(context, base);
      return view;
    });
    return { status: 'ok', [context.fault('kb.list-key-bases') ? 'bases' : 'kbs']: kbs };
  }

  const createOptions = bodySchema(createBaseBody, context.fault, [
    ['kb.create-base-name-any-type', 'name', 'type'],
    ['kb.create-base-name-optional', 'name', 'required'],
  ]);
  app.post<{ Body: CreateBaseBody }>('/kb', createOptions, (request, reply) => {
    const { name, description = '' } = request.body;
    const base = context.store.create(
      request.caller.accountId,
      context.fault('kb.create-name-lowercased') ? name.toLowerCase() : name,
      description,
      context.timestamp(),
      context.fault('kb.base-id-object-id') ? randomBytes(12).toString('hex') : undefined,
    );
    base.createdByKey = request.caller.keyId;
    // A planted fault: a deleted base's documents come back in a new base of the same name.
    const revived = context.fault('kb.reused-base-name-revives-documents')
      ? archived.get(`${base.ownerAccountId} ${base.name}`)
      : undefined;
    if (revived) {
      base.documents = new Map(revived.documents);
      base.index = revived.index;
    }
    context.views.wrote('create-base');
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
    if (context.fault('kb.reused-base-name-revives-documents'))
      archived.set(`${base.ownerAccountId} ${base.name}`, {
        documents: new Map(base.documents),
        index: base.index,
      });
    // A planted fault detaches every base of the assistants this one was attached to.
    // The planted limit faults' tally: each assistant holding the base has one base fewer (one fault forgets).
    if (!context.fault('kb.limit-counts-deleted-bases'))
      for (const personaId of context.deps.attachments.holders(base.kbId))
        moveLimitTally(context, personaId, -1);
    if (context.fault('kb.delete-base-detaches-siblings'))
      for (const personaId of context.deps.attachments.holders(base.kbId))
        for (const other of context.deps.attachments.list(personaId))
          context.deps.attachments.remove(personaId, other.kbId);
    if (!context.fault('kb.delete-base-kept')) context.store.delete(base.kbId);
    // Documents and vectors go with the base; clearing them also tells a re-crawl in flight to drop its result.
    base.documents.clear();
    if (!context.fault('kb.delete-base-keeps-attachments'))
      context.deps.attachments.removeBase(base.kbId, context.fault('kb.delete-base-detaches-first-only'));
    context.views.wrote('delete-base');
    if (context.fault('kb.delete-base-answer-no-kbid')) return { status: 'ok', deleted: true };
    return { status: 'ok', deleted: true, kbId: base.kbId };
  });
}

/** Documents of every base of the owner with this base's name: only the `kb.docs-count-by-name` fault counts these. */
export function sameNameDocuments(context: KnowledgeContext, base: KnowledgeBase): number {
  let count = 0;
  for (const each of context.store.all())
    if (each.ownerAccountId === base.ownerAccountId && each.name === base.name) count += each.documents.size;
  return count;
}
