import { successMessage } from '../open-points.ts';
import type { FastifyPluginCallback } from 'fastify';
import { isBoolean, isString, objectBody, optional } from '../http/body.ts';
import { HttpError, badRequest, statedStatus } from '../http/errors.ts';
import { isObjectId } from '../http/ids.ts';
import { operationRoute } from '../http/operation-route.ts';
import type { StateOptions } from '../state.ts';
import { assistantFault, type AssistantFault } from './faults.ts';
import { SHARE_TOKEN_PREFIX } from './share-links.ts';
import { canEdit, isOwner } from './store.ts';
import { UNAUTHORIZED_USER } from './write-routes.ts';

/** The planted faults under which a delete only marks the record (each route then decides what it shows). */
const SOFT_DELETE_FAULTS: readonly AssistantFault[] = [
  'assistants.delete-soft',
  'assistants.deleted-id-reserved',
  'assistants.deleted-in-search',
  'assistants.deleted-in-private-list',
  'assistants.deleted-in-public-catalog',
  'assistants.deleted-readable-by-others',
  'assistants.deleted-counted',
  'assistants.deleted-in-total',
];

/** Delete, share and transfer. */
export const personaOwnerRoutes: FastifyPluginCallback<StateOptions> = (api, { state }, done) => {
  const fault = (id: AssistantFault) => assistantFault(state.faults, id);

  api.route<{ Params: { personaId: string } }>({
    ...operationRoute('deletePersona'),
    handler: (request) => {
      const { accountId } = request.caller;
      const record = fault('assistants.delete-by-object-id')
        ? state.personas.getByObjectId(request.params.personaId)
        : state.personas.live(request.params.personaId);
      const allowed = record && (fault('assistants.delete-any-caller') || isOwner(accountId, record));
      if (!record || !allowed) throw badRequest(UNAUTHORIZED_USER);
      // Captured before the document goes, so the trail entry stays readable.
      const { customPersonaId, name } = record.doc;
      // A prefix match (`^id`) reaches the caller's assistants whose ids extend this one (planted fault).
      const siblings = fault('assistants.delete-id-prefix')
        ? state.personas
            .all()
            .filter(
              (r) =>
                r !== record &&
                r.ownerAccountId === accountId &&
                r.doc.customPersonaId.startsWith(customPersonaId),
            )
            .map((r) => r.doc.customPersonaId)
        : [];
      if (SOFT_DELETE_FAULTS.some(fault)) record.softDeleted = true;
      // Removing by the wrong key (the _id) removes nothing.
      else
        state.personas.remove(fault('assistants.delete-removes-nothing') ? record.doc._id : customPersonaId);
      for (const id of siblings) state.personas.remove(id);
      for (const id of [customPersonaId, ...siblings]) {
        if (!fault('assistants.delete-keeps-attachments')) state.attachments.removePersona(id);
        state.shareLinks.removeFor(id);
      }
      state.events.record({
        type: 'assistant.deleted',
        accountId,
        customPersonaId,
        name,
        at: state.now().toISOString(),
      });
      return fault('assistants.delete-answers-deleted-flag')
        ? { deleted: true, customPersonaId }
        : { status: true, message: successMessage('persona deleted successfully') };
    },
  });

  api.route<{ Params: { customPersonaId: string } }>({
    ...operationRoute('sharePersona'),
    handler: (request) => {
      const record = fault('assistants.share-by-object-id')
        ? state.personas.getByObjectId(request.params.customPersonaId)
        : state.personas.live(request.params.customPersonaId);
      const allowed =
        record && (fault('assistants.share-any-caller') || canEdit(request.caller.accountId, record));
      if (!record || !allowed) throw badRequest(UNAUTHORIZED_USER);
      const prefix = fault('assistants.share-token-unprefixed') ? 'sh_' : SHARE_TOKEN_PREFIX;
      const token = state.shareLinks.mint(record.doc.customPersonaId, prefix);
      return fault('assistants.share-token-key')
        ? { status: true, message: 'share link created', token }
        : { status: true, message: successMessage('share link created'), data: token };
    },
  });

  api.route<{ Params: { personaId: string } }>({
    ...operationRoute('transferOwnership'),
    handler: (request) => {
      const { personaId } = request.params;
      const byCustomId = fault('assistants.transfer-accepts-custom-id')
        ? state.personas.live(personaId)
        : undefined;
      if (!isObjectId(personaId) && !byCustomId) {
        const message = 'personaId must be the assistant _id (a 24-character hexadecimal object id)';
        throw fault('assistants.transfer-non-object-id-404')
          ? new HttpError(404, message)
          : statedStatus(badRequest(message));
      }
      const body = objectBody(request);
      const email = optional(body, 'newOwnerEmail', isString, 'a string');
      if (email === undefined || email.trim() === '') throw badRequest('newOwnerEmail is required');
      const keepAccess =
        !fault('assistants.keep-access-ignored') &&
        (optional(body, 'keepAccess', isBoolean, 'a boolean') ??
          fault('assistants.keep-access-default-true'));

      const { accountId } = request.caller;
      // Looking the object id up among the customPersonaIds never finds the assistant.
      const record =
        byCustomId ??
        (fault('assistants.transfer-id-never-found')
          ? state.personas.live(personaId)
          : state.personas.getByObjectId(personaId));
      const mayTransfer = record && (fault('assistants.transfer-any-caller') || isOwner(accountId, record));
      if (!record || !mayTransfer) throw badRequest(UNAUTHORIZED_USER);
      const target = state.accounts.byOwnerEmail(email);
      if (!target && fault('assistants.transfer-unknown-email-accepted')) {
        record.ownerAccountId = `pending:${email.trim()}`;
        record.editors.delete(accountId);
        return { status: true, message: `ownership transferred to ${email.trim()}` };
      }
      if (!target) throw new HttpError(404, `no account found for ${email.trim()}`);
      if (target.id === record.ownerAccountId)
        throw badRequest('the assistant already belongs to that account');

      // The owner's other assistants of the same name, reached by a match on the name (planted fault).
      if (fault('assistants.transfer-same-name')) {
        for (const sibling of state.personas.all()) {
          if (
            sibling !== record &&
            sibling.ownerAccountId === accountId &&
            sibling.doc.name === record.doc.name
          )
            sibling.ownerAccountId = target.id;
        }
      }
      if (!fault('assistants.transfer-owner-unchanged')) record.ownerAccountId = target.id;
      record.editors.delete(target.id);
      // A former owner kept as a mere grantee can see the assistant but not edit it.
      if (keepAccess)
        (fault('assistants.keep-access-read-only') ? record.grantees : record.editors).add(accountId);
      else record.editors.delete(accountId);
      record.doc.updatedAt = state.now().toISOString();
      const message = `ownership transferred to ${target.ownerEmail}`;
      const answer: Record<string, unknown> = fault('assistants.transfer-without-message')
        ? { status: true }
        : { status: true, message };
      return keepAccess && !fault('assistants.transfer-keep-access-without-note')
        ? { ...answer, note: 'you keep full access to this assistant as an editor' }
        : answer;
    },
  });

  done();
};
