import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Attachment, GroundingMode } from '../../attachments.ts';
import { LIMIT_TALLY_FAULTS, moveLimitTally, readableBase, type KnowledgeContext } from '../context.ts';
import { KbError, notFound } from '../errors.ts';
import { attachmentBody, bodySchema, type AttachmentBody } from '../schemas.ts';
import type { VisibleBase } from '../store.ts';
import { openPoints } from '../../open-points.ts';
import { countedDocuments } from '../settled-counts.ts';
import { totalSize } from '../views.ts';
import { faultAttached } from './documents.ts';

/** The document's limit: an assistant has at most this many bases attached. */
const MAX_BASES_PER_ASSISTANT = 3;

type AttachParams = { Params: { kbId: string; personaId: string }; Body: AttachmentBody | null };

/**
 * GET /kb/persona/:personaId and POST, PATCH, DELETE /kb/:kbId/personas/:personaId: the
 * attachment state table of the document, row by row. An assistant the caller cannot see is a 404.
 */
export function attachmentRoutes(app: FastifyInstance, context: KnowledgeContext): void {
  const { attachments } = context.deps;
  /** `personaId kbId` of every attach, kept only for the `kb.attach-remembers-detached` fault. */
  const everAttached = new Set<string>();
  /** docsCount of each base when it was attached, kept only for the `kb.persona-bases-counts-at-attach` fault. */
  const countsAtAttach = new Map<string, number>();
  /**
   * The knowledge side's own copy of attachments by `personaId kbId`, written instead of the shared
   * store only by the `kb.attached-kbs-stale-after-*` faults (the assistant's attached_kbs reads the store).
   */
  const knowledgeSide = new Map<string, Attachment>();

  app.get<{ Params: { personaId: string } }>('/kb/persona/:personaId', (request) => {
    const personaId = visiblePersona(context, request, request.params.personaId);
    return context.views.read('persona', personaId, () => personaBases(request, personaId));
  });

  function personaBases(request: FastifyRequest, personaId: string) {
    const kbs = attachments.list(personaId).flatMap((stored) => {
      const attachment = knowledgeSide.get(`${personaId} ${stored.kbId}`) ?? stored;
      const visible = context.store.visible(request.caller.accountId, attachment.kbId);
      if (!visible) return [];
      if (!attachment.enabled && context.fault('kb.persona-bases-hide-disabled')) return [];
      const { base } = visible;
      return [
        {
          [context.fault('kb.persona-bases-id-as-underscore-id') ? '_id' : 'kbId']: base.kbId,
          enabled: attachment.enabled,
          grounding_mode: context.fault('kb.persona-bases-mode-fixed')
            ? 'supplemental'
            : attachment.grounding_mode,
          name: base.name,
          description: base.description,
          docsCount: context.fault('kb.persona-bases-counts-at-attach')
            ? (countsAtAttach.get(`${personaId} ${base.kbId}`) ?? 0)
            : (countedDocuments(base)?.length ?? base.documents.size),
          ...(context.fault('kb.persona-bases-without-total-size') ? {} : { totalSize: totalSize(base) }),
        },
      ];
    });
    return { status: 'ok', personaId, kbs };
  }

  app.post<AttachParams>(
    '/kb/:kbId/personas/:personaId',
    bodySchema(attachmentBody, context.fault, [
      ['kb.attach-mode-unchecked', 'grounding_mode', 'type'],
      ['kb.attach-enabled-any-type', 'enabled', 'type'],
    ]),
    (request, reply) => {
      const { base } =
        (context.fault('kb.attach-any-account') && context.store.anyAccount(request.params.kbId)) ||
        readableBase(context, request, request.params.kbId);
      const personaId = visiblePersona(context, request, request.params.personaId);
      // A repeated POST applies the body with its documented defaults, as the first one does
      // (the alternative personality keeps what it omits).
      const kept =
        openPoints().reattachOmitted === 'keep' ? attachments.find(personaId, base.kbId) : undefined;
      const grounding_mode: GroundingMode =
        (context.fault('kb.attach-mode-ignored') ? undefined : request.body?.grounding_mode) ??
        kept?.grounding_mode ??
        (context.fault('kb.attach-default-strict') ? 'strict' : 'supplemental');
      const enabled = context.fault('kb.attach-enabled-truthiness')
        ? request.body?.enabled || true
        : (request.body?.enabled ?? kept?.enabled ?? !context.fault('kb.attach-default-disabled'));
      const pair = `${personaId} ${base.kbId}`;
      // A planted fault takes a base once attached, then detached, for one still attached.
      const already =
        attachments.find(personaId, base.kbId) !== undefined ||
        (context.fault('kb.attach-remembers-detached') && everAttached.has(pair));
      const count = attachedCount(context, personaId, base.kbId);
      const attachment = { kbId: base.kbId, enabled, grounding_mode };
      // A planted fault stores the attachment before the limit is judged, so a refused one stays.
      if (context.fault('kb.attach-stored-before-limit')) attachments.put(personaId, attachment);
      const limit = MAX_BASES_PER_ASSISTANT - (context.fault('kb.attach-limit-off-by-one') ? 1 : 0);
      if (!already && count >= limit && !context.fault('kb.attach-no-limit')) {
        // A planted fault refuses in the body only, with a 200.
        if (context.fault('kb.attach-limit-soft-refusal'))
          return reply.code(200).send({ status: false, code: 'attachment_limit', message: 'limit reached' });
        throw new KbError(
          context.fault('kb.attach-limit-conflict') ? 409 : 400,
          'attachment_limit',
          `assistant ${personaId} already has ${MAX_BASES_PER_ASSISTANT} knowledge bases attached; detach one first`,
        );
      }
      // A planted fault keeps one base per assistant: a new attachment replaces the others.
      if (!already && context.fault('kb.attach-replaces-others'))
        for (const other of attachments.list(personaId)) attachments.remove(personaId, other.kbId);
      if (already && context.fault('kb.attach-again-duplicates')) attachments.append(personaId, attachment);
      // A planted fault writes a repeated attach to the knowledge side's copy only.
      else if (already && context.fault('kb.attached-kbs-stale-after-reattach'))
        knowledgeSide.set(pair, attachment);
      else if (!(already && context.fault('kb.attach-again-keeps-values')))
        attachments.put(personaId, {
          ...attachment,
          // A planted fault stores what the body said, without the default the answer shows.
          enabled: context.fault('kb.attach-enabled-unset') ? (request.body?.enabled as boolean) : enabled,
        });
      // A planted fault: the attach re-indexes the base for the assistant and loses the chunks already there.
      if (context.fault('kb.attach-drops-earlier-chunks'))
        for (const docId of base.documents.keys()) base.index.removeDocument(docId);
      if (context.fault('kb.query-deleted-after-reattach')) faultAttached(base);
      if (!already || context.fault('kb.limit-counts-reattach')) moveLimitTally(context, personaId, 1);
      // A planted fault: attaching hands the base's schedule to the assistant, turning auto-refresh off.
      if (context.fault('kb.attach-disables-schedule')) {
        base.autoRefresh.enabled = false;
        context.recrawler.schedule(base);
      }
      context.views.wrote(already ? 'reattach' : 'attach');
      if (context.fault('kb.attach-remembers-detached')) everAttached.add(pair);
      if (context.fault('kb.persona-bases-counts-at-attach')) countsAtAttach.set(pair, base.documents.size);
      const outcome = attachOutcome(context, already);
      // A planted fault echoes the documented defaults, not the values stored.
      const shown = context.fault('kb.attach-answer-shows-defaults')
        ? { grounding_mode: 'supplemental', enabled: true }
        : { grounding_mode, enabled };
      const answer = { status: 'ok', kbId: base.kbId, personaId, ...shown, ...outcome };
      if (context.fault('kb.attach-answer-without-persona'))
        delete (answer as Partial<typeof answer>).personaId;
      return reply.code(context.fault('kb.attach-answers-201') ? 201 : 200).send(answer);
    },
  );

  app.patch<AttachParams>(
    '/kb/:kbId/personas/:personaId',
    bodySchema(attachmentBody, context.fault, [
      ['kb.update-attachment-mode-unchecked', 'grounding_mode', 'type'],
      ['kb.update-attachment-enabled-any-type', 'enabled', 'type'],
    ]),
    (request) => {
      const { base } =
        (context.fault('kb.update-any-account') && context.store.anyAccount(request.params.kbId)) ||
        readableBase(context, request, request.params.kbId);
      // A planted fault looks the assistant up in the account owning the base, not the caller's.
      const personaId = context.fault('kb.update-any-account')
        ? visiblePersona(context, request, request.params.personaId, base.ownerAccountId)
        : visiblePersona(context, request, request.params.personaId);
      // A planted fault updates the assistant's first attachment, whichever base the path names.
      const pair = `${personaId} ${base.kbId}`;
      const current = context.fault('kb.update-first-attachment')
        ? attachments.list(personaId)[0]
        : (knowledgeSide.get(pair) ?? attachments.find(personaId, base.kbId));
      if (!current) throw notFound.attachment(base.kbId, personaId);
      // A planted fault reads `enabled` by truthiness, so false never applies.
      const enabled = context.fault('kb.update-ignores-disable')
        ? request.body?.enabled || current.enabled
        : (request.body?.enabled ?? (context.fault('kb.update-mode-enables') || current.enabled));
      const keptMode = context.fault('kb.update-resets-other-field')
        ? 'supplemental'
        : current.grounding_mode;
      // A planted fault takes disabling for detaching.
      const updated: Attachment = {
        kbId: current.kbId,
        enabled,
        grounding_mode: request.body?.grounding_mode ?? keptMode,
      };
      if (context.fault('kb.update-disable-detaches') && enabled === false)
        attachments.remove(personaId, base.kbId);
      // A planted fault writes the update to the knowledge side's copy only.
      else if (context.fault('kb.attached-kbs-stale-after-update')) knowledgeSide.set(pair, updated);
      else attachments.put(personaId, updated);
      context.views.wrote('update');
      if (context.fault('kb.update-answer-without-updated'))
        return { status: 'ok', kbId: base.kbId, personaId, patched: true };
      if (context.fault('kb.update-answer-without-kbid')) return { status: 'ok', personaId, updated: true };
      return { status: 'ok', kbId: base.kbId, personaId, updated: true };
    },
  );

  app.delete<AttachParams>('/kb/:kbId/personas/:personaId', (request) => {
    const { base } = detachedBase(context, request);
    // A planted fault looks the assistant up in the account owning the base, not the caller's.
    const personaId = context.fault('kb.detach-any-account')
      ? visiblePersona(context, request, request.params.personaId, base.ownerAccountId)
      : visiblePersona(context, request, request.params.personaId);
    const current = attachments.find(personaId, base.kbId);
    if (!current) throw notFound.attachment(base.kbId, personaId);
    // A planted fault only disables the attachment instead of removing it.
    if (context.fault('kb.detach-only-disables')) attachments.put(personaId, { ...current, enabled: false });
    // A planted fault removes the assistant's newest attachment, whichever base the path names.
    else if (context.fault('kb.detach-newest-attachment'))
      attachments.remove(personaId, attachments.list(personaId).at(-1)?.kbId ?? base.kbId);
    // A planted fault detaches the base from every assistant, not only the one named.
    else if (context.fault('kb.detach-from-every-assistant')) attachments.removeBase(base.kbId);
    else attachments.remove(personaId, base.kbId);
    knowledgeSide.delete(`${personaId} ${base.kbId}`);
    if (!context.fault('kb.limit-counts-detached')) moveLimitTally(context, personaId, -1);
    context.views.wrote('detach');
    if (context.fault('kb.detach-deletes-base')) {
      context.recrawler.cancel(base.kbId);
      context.store.delete(base.kbId);
    }
    if (context.fault('kb.detach-answer-deleted'))
      return { status: 'ok', kbId: base.kbId, personaId, deleted: true };
    if (context.fault('kb.detach-answer-without-persona'))
      return { status: 'ok', kbId: base.kbId, detached: true };
    return { status: 'ok', kbId: base.kbId, personaId, detached: true };
  });
}

/** `attached: true` for a new attachment, `updated: true` for an existing one (unless a planted fault bends it). */
function attachOutcome(context: KnowledgeContext, already: boolean): Record<string, true> {
  if (!already) return context.fault('kb.attach-answers-updated') ? { updated: true } : { attached: true };
  if (context.fault('kb.attach-again-answers-attached')) return { attached: true };
  if (context.fault('kb.attach-again-both-flags')) return { updated: true, attached: true };
  return { updated: true };
}

/** How many bases count against the assistant's limit: all of its attachments, unless a planted fault bends it. */
function attachedCount(context: KnowledgeContext, personaId: string, kbId: string): number {
  const { attachments } = context.deps;
  if (context.fault('kb.attach-limit-counts-all-assistants')) return attachments.total();
  // Planted faults: a running tally beside the attachments, or the base's side counted instead.
  if (LIMIT_TALLY_FAULTS.some((id) => context.fault(id))) return context.limitTally.get(personaId) ?? 0;
  if (context.fault('kb.limit-counted-per-base')) return attachments.holders(kbId).length;
  const list = attachments.list(personaId);
  return context.fault('kb.attach-limit-enabled-only') ? list.filter((a) => a.enabled).length : list.length;
}

/** The base a detach names; a planted fault finds it in any account. */
function detachedBase(context: KnowledgeContext, request: FastifyRequest<AttachParams>): VisibleBase {
  const { kbId } = request.params;
  return (
    (context.fault('kb.detach-any-account') && context.store.anyAccount(kbId)) ||
    readableBase(context, request, kbId)
  );
}

function visiblePersona(
  context: KnowledgeContext,
  request: FastifyRequest,
  personaId: string,
  accountId = request.caller.accountId,
): string {
  const persona = context.deps.findPersona(accountId, personaId);
  if (!persona) throw notFound.persona(personaId);
  return persona.customPersonaId;
}
