import type { FastifyPluginCallback } from 'fastify';
import { objectBody, requireString } from '../http/body.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { newObjectId } from '../http/ids.ts';
import { operationRoute } from '../http/operation-route.ts';
import type { StateOptions } from '../state.ts';
import { readPersonaDraft } from './create-rules.ts';
import { canEdit } from './store.ts';
import { readPersonaChanges } from './update-rules.ts';

export const UNAUTHORIZED_USER = 'unauthorized user';

/** Create and update. */
export const personaWriteRoutes: FastifyPluginCallback<StateOptions> = (api, { state }, done) => {
  api.route({
    ...operationRoute('createPersona'),
    handler: (request) => {
      const draft = readPersonaDraft(objectBody(request));
      if (state.personas.has(draft.customPersonaId)) {
        throw notFound(`persona already exists with customPersonaId ${draft.customPersonaId}`);
      }
      const now = state.now().toISOString();
      const { accountId } = request.caller;
      const grantees = draft.authorised_users_email
        .map((email) => state.accounts.byOwnerEmail(email)?.id)
        .filter((id): id is string => id !== undefined && id !== accountId);
      state.personas.add({
        doc: { _id: newObjectId(), ...draft, hobbies: [], accessible_rag_folders: [], createdAt: now, updatedAt: now },
        ownerAccountId: accountId,
        editors: new Set(),
        grantees: new Set(grantees),
      });
      for (const email of draft.authorised_users_email) {
        state.events.record({ type: 'invitation.sent', accountId, customPersonaId: draft.customPersonaId, email, at: now });
      }
      return { status: true, message: 'persona created successfully' };
    },
  });

  api.route({
    ...operationRoute('updatePersona'),
    handler: (request) => {
      const body = objectBody(request);
      const personaId = requireString(body, 'personaId', { nonEmpty: true });
      const record = state.personas.get(personaId);
      if (!record || !canEdit(request.caller.accountId, record)) throw badRequest(UNAUTHORIZED_USER);
      const changes = readPersonaChanges(body, record.doc);
      record.doc = { ...record.doc, ...changes, updatedAt: state.now().toISOString() };
      return { status: true, message: 'persona updated successfully' };
    },
  });

  done();
};
