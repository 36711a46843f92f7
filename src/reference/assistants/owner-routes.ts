import type { FastifyPluginCallback } from 'fastify';
import { isBoolean, isString, objectBody, optional } from '../http/body.ts';
import { HttpError, badRequest } from '../http/errors.ts';
import { isObjectId } from '../http/ids.ts';
import { operationRoute } from '../http/operation-route.ts';
import type { StateOptions } from '../state.ts';
import { assistantFault, type AssistantFault } from './faults.ts';
import { SHARE_TOKEN_PREFIX } from './share-links.ts';
import { canEdit, isOwner } from './store.ts';
import { UNAUTHORIZED_USER } from './write-routes.ts';

/** Delete, share and transfer. */
export const personaOwnerRoutes: FastifyPluginCallback<StateOptions> = (api, { state }, done) => {
  const fault = (id: AssistantFault) => assistantFault(state.faults, id);

  api.route<{ Params: { personaId: string } }>({
    ...operationRoute('deletePersona'),
    handler: (request) => {
      const { accountId } = request.caller;
      const record = state.personas.get(request.params.personaId);
      if (!record || !isOwner(accountId, record)) throw badRequest(UNAUTHORIZED_USER);
      // Captured before the document goes, so the trail entry stays readable.
      const { customPersonaId, name } = record.doc;
      state.personas.remove(customPersonaId);
      if (!fault('assistants.delete-keeps-attachments')) state.attachments.removePersona(customPersonaId);
      state.shareLinks.removeFor(customPersonaId);
      state.events.record({
        type: 'assistant.deleted',
        accountId,
        customPersonaId,
        name,
        at: state.now().toISOString(),
      });
      return { status: true, message: 'persona deleted successfully' };
    },
  });

  api.route<{ Params: { customPersonaId: string } }>({
    ...operationRoute('sharePersona'),
    handler: (request) => {
      const record = state.personas.get(request.params.customPersonaId);
      if (!record || !canEdit(request.caller.accountId, record)) throw badRequest(UNAUTHORIZED_USER);
      const prefix = fault('assistants.share-token-unprefixed') ? 'sh_' : SHARE_TOKEN_PREFIX;
      return {
        status: true,
        message: 'share link created',
        data: state.shareLinks.mint(record.doc.customPersonaId, prefix),
      };
    },
  });

  api.route<{ Params: { personaId: string } }>({
    ...operationRoute('transferOwnership'),
    handler: (request) => {
      const { personaId } = request.params;
      const byCustomId = fault('assistants.transfer-accepts-custom-id')
        ? state.personas.get(personaId)
        : undefined;
      if (!isObjectId(personaId) && !byCustomId) {
        throw badRequest('personaId must be the assistant _id (a 24-character hexadecimal object id)');
      }
      const body = objectBody(request);
      const email = optional(body, 'newOwnerEmail', isString, 'a string');
      if (email === undefined || email.trim() === '') throw badRequest('newOwnerEmail is required');
      const keepAccess = optional(body, 'keepAccess', isBoolean, 'a boolean') ?? false;

      const { accountId } = request.caller;
      const record = byCustomId ?? state.personas.getByObjectId(personaId);
      if (!record || !isOwner(accountId, record)) throw badRequest(UNAUTHORIZED_USER);
      const target = state.accounts.byOwnerEmail(email);
      if (!target && fault('assistants.transfer-unknown-email-accepted')) {
        record.ownerAccountId = `pending:${email.trim()}`;
        record.editors.delete(accountId);
        return { status: true, message: `ownership transferred to ${email.trim()}` };
      }
      if (!target) throw new HttpError(404, `no account found for ${email.trim()}`);
      if (target.id === accountId) throw badRequest('the assistant already belongs to that account');

      record.ownerAccountId = target.id;
      record.editors.delete(target.id);
      if (keepAccess) record.editors.add(accountId);
      else record.editors.delete(accountId);
      record.doc.updatedAt = state.now().toISOString();
      const message = `ownership transferred to ${target.ownerEmail}`;
      return keepAccess && !fault('assistants.transfer-keep-access-without-note')
        ? { status: true, message, note: 'you keep full access to this assistant as an editor' }
        : { status: true, message };
    },
  });

  done();
};
