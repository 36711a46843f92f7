import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GroundingMode } from '../../attachments.ts';
import { readableBase, type KnowledgeContext } from '../context.ts';
import { KbError, notFound } from '../errors.ts';
import { attachmentBody, type AttachmentBody } from '../schemas.ts';
import { totalSize } from '../views.ts';

/** The document's limit: an assistant has at most this many bases attached. */
const MAX_BASES_PER_ASSISTANT = 3;

type AttachParams = { Params: { kbId: string; personaId: string }; Body: AttachmentBody | null };

/**
 * GET /kb/persona/:personaId and POST, PATCH, DELETE /kb/:kbId/personas/:personaId: the
 * attachment state table of the document, row by row. An assistant the caller cannot see is a 404.
 */
export function attachmentRoutes(app: FastifyInstance, context: KnowledgeContext): void {
  const { attachments } = context.deps;

  app.get<{ Params: { personaId: string } }>('/kb/persona/:personaId', (request) => {
    const personaId = visiblePersona(context, request, request.params.personaId);
    const kbs = attachments.list(personaId).flatMap((attachment) => {
      const visible = context.store.visible(request.caller.accountId, attachment.kbId);
      if (!visible) return [];
      const { base } = visible;
      return [
        {
          kbId: base.kbId,
          enabled: attachment.enabled,
          grounding_mode: attachment.grounding_mode,
          name: base.name,
          description: base.description,
          docsCount: base.documents.size,
          totalSize: totalSize(base),
        },
      ];
    });
    return { status: 'ok', personaId, kbs };
  });

  app.post<AttachParams>('/kb/:kbId/personas/:personaId', { schema: { body: attachmentBody } }, (request) => {
    const { base } = readableBase(context, request, request.params.kbId);
    const personaId = visiblePersona(context, request, request.params.personaId);
    // A repeated POST applies the body with its documented defaults, as the first one does.
    const grounding_mode: GroundingMode = request.body?.grounding_mode ?? 'supplemental';
    const enabled = request.body?.enabled ?? true;
    const already = attachments.find(personaId, base.kbId) !== undefined;
    if (
      !already &&
      attachments.list(personaId).length >= MAX_BASES_PER_ASSISTANT &&
      !context.fault('kb.attach-no-limit')
    ) {
      throw new KbError(
        400,
        'attachment_limit',
        `assistant ${personaId} already has ${MAX_BASES_PER_ASSISTANT} knowledge bases attached; detach one first`,
      );
    }
    attachments.put(personaId, { kbId: base.kbId, enabled, grounding_mode });
    const outcome = already ? { updated: true } : { attached: true };
    return { status: 'ok', kbId: base.kbId, personaId, grounding_mode, enabled, ...outcome };
  });

  app.patch<AttachParams>(
    '/kb/:kbId/personas/:personaId',
    { schema: { body: attachmentBody } },
    (request) => {
      const { base } = readableBase(context, request, request.params.kbId);
      const personaId = visiblePersona(context, request, request.params.personaId);
      const current = attachments.find(personaId, base.kbId);
      if (!current) throw notFound.attachment(base.kbId, personaId);
      attachments.put(personaId, {
        kbId: base.kbId,
        enabled: request.body?.enabled ?? current.enabled,
        grounding_mode: request.body?.grounding_mode ?? current.grounding_mode,
      });
      return { status: 'ok', kbId: base.kbId, personaId, updated: true };
    },
  );

  app.delete<AttachParams>('/kb/:kbId/personas/:personaId', (request) => {
    const { base } = readableBase(context, request, request.params.kbId);
    const personaId = visiblePersona(context, request, request.params.personaId);
    if (!attachments.remove(personaId, base.kbId)) throw notFound.attachment(base.kbId, personaId);
    if (context.fault('kb.detach-deletes-base')) {
      context.recrawler.cancel(base.kbId);
      context.store.delete(base.kbId);
    }
    return { status: 'ok', kbId: base.kbId, personaId, detached: true };
  });
}

function visiblePersona(context: KnowledgeContext, request: FastifyRequest, personaId: string): string {
  const persona = context.deps.findPersona(request.caller.accountId, personaId);
  if (!persona) throw notFound.persona(personaId);
  return persona.customPersonaId;
}
