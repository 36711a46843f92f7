import type { FastifyPluginCallback } from 'fastify';
import { objectBody, requireString } from '../http/body.ts';
import { HttpError, badRequest, notFound } from '../http/errors.ts';
import { newObjectId } from '../http/ids.ts';
import { operationRoute } from '../http/operation-route.ts';
import type { StateOptions } from '../state.ts';
import { readPersonaDraft } from './create-rules.ts';
import { assistantFault, type AssistantFault } from './faults.ts';
import { canEdit, canSee } from './store.ts';
import { readPersonaChanges } from './update-rules.ts';

export const UNAUTHORIZED_USER = 'unauthorized user';

/** Create and update. */
export const personaWriteRoutes: FastifyPluginCallback<StateOptions> = (api, { state }, done) => {
  const fault = (id: AssistantFault) => assistantFault(state.faults, id);

  api.route({
    ...operationRoute('createPersona'),
    handler: (request) => {
      const draft = readPersonaDraft(objectBody(request), state.faults);
      if (state.personas.has(draft.customPersonaId)) {
        const message = `persona already exists with customPersonaId ${draft.customPersonaId}`;
        throw fault('assistants.duplicate-id-409') ? new HttpError(409, message) : notFound(message);
      }
      const now = state.now().toISOString();
      const { accountId } = request.caller;
      const grantees = draft.authorised_users_email
        .map((email) => state.accounts.byOwnerEmail(email)?.id)
        .filter((id): id is string => id !== undefined && id !== accountId);
      const doc = {
        _id: newObjectId(),
        ...draft,
        hobbies: [],
        accessible_rag_folders: [],
        createdAt: now,
        updatedAt: now,
      };
      state.personas.add({
        doc,
        ownerAccountId: accountId,
        editors: new Set(),
        grantees: new Set(grantees),
      });
      for (const email of draft.authorised_users_email) {
        state.events.record({
          type: 'invitation.sent',
          accountId,
          customPersonaId: draft.customPersonaId,
          email,
          at: now,
        });
      }
      const created = { status: true, message: 'persona created successfully' };
      return fault('assistants.create-echoes-document')
        ? { ...created, personaData: structuredClone(doc) }
        : created;
    },
  });

  api.route({
    ...operationRoute('updatePersona'),
    handler: (request) => {
      const body = objectBody(request);
      const personaId = requireString(body, 'personaId', { nonEmpty: true });
      const record = state.personas.get(personaId);
      const { accountId } = request.caller;
      const allowed =
        record &&
        (fault('assistants.update-by-any-viewer') ? canSee(accountId, record) : canEdit(accountId, record));
      if (!record || !allowed) throw badRequest(UNAUTHORIZED_USER);
      const changes = readPersonaChanges(body, record.doc, state.faults);
      record.doc = { ...record.doc, ...changes, updatedAt: state.now().toISOString() };
      return { status: true, message: 'persona updated successfully' };
    },
  });

  done();
};
