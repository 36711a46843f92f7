import type { FastifyPluginCallback } from 'fastify';
import { objectBody, requireString } from '../http/body.ts';
import { successMessage, timestamp } from '../open-points.ts';
import { HttpError, badRequest, notFound, statedMessage, statedStatus } from '../http/errors.ts';
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
      const { accountId } = request.caller;
      // A soft-deleted record (planted faults) frees its id, unless the fault keeps it reserved.
      const existing = fault('assistants.deleted-id-reserved')
        ? state.personas.get(draft.customPersonaId)
        : state.personas.live(draft.customPersonaId);
      // The uniqueness test scoped to the caller's own assistants, not the platform.
      const taken = fault('assistants.duplicate-per-account')
        ? existing !== undefined && existing.ownerAccountId === accountId
        : existing !== undefined;
      const upsert = fault('assistants.create-upserts') && existing?.ownerAccountId === accountId;
      if (taken && !upsert) {
        if (fault('assistants.duplicate-other-account-400') && existing?.ownerAccountId !== accountId)
          throw badRequest(UNAUTHORIZED_USER);
        const message = fault('assistants.duplicate-message-taken')
          ? `customPersonaId ${draft.customPersonaId} is already taken`
          : `persona already exists with customPersonaId ${draft.customPersonaId}`;
        throw fault('assistants.duplicate-id-409')
          ? new HttpError(409, message)
          : statedMessage(notFound(message));
      }
      const now = timestamp(state.now());
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
        asCreated: structuredClone(doc),
        creatorAccountId: accountId,
        ownerAccountId: accountId,
        editors: new Set(),
        grantees: new Set(fault('assistants.grants-ignored') ? [] : grantees),
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
      const created: Record<string, unknown> = fault('assistants.create-without-status')
        ? { success: true, message: 'persona created successfully' }
        : { status: true, message: successMessage('persona created successfully') };
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
      const record = fault('assistants.update-by-object-id')
        ? state.personas.getByObjectId(personaId)
        : state.personas.live(personaId);
      const { accountId } = request.caller;
      const allowed =
        record &&
        (fault('assistants.update-any-caller') ||
          (fault('assistants.update-by-any-viewer')
            ? canSee(accountId, record)
            : canEdit(accountId, record)));
      // The Errors table states both the status and the message of this refusal.
      if (!record || !allowed) throw statedMessage(statedStatus(badRequest(UNAUTHORIZED_USER)));
      const changes = readPersonaChanges(body, record.doc, state.faults);
      const updatedAt = state.now().toISOString();
      record.doc = { ...record.doc, ...changes, updatedAt };
      // Sibling assistants of the caller reached by a too-wide match (planted faults).
      for (const sibling of state.personas.all()) {
        if (sibling === record || sibling.softDeleted || sibling.ownerAccountId !== accountId) continue;
        if (fault('assistants.update-id-substring') && sibling.doc.customPersonaId.includes(personaId)) {
          const theirs = readPersonaChanges(body, sibling.doc, state.faults);
          sibling.doc = { ...sibling.doc, ...theirs, updatedAt };
        }
        if (fault('assistants.update-is-public-every-own') && changes.isPublic !== undefined)
          sibling.doc = { ...sibling.doc, isPublic: changes.isPublic, updatedAt };
      }
      return fault('assistants.update-without-message')
        ? { status: true }
        : { status: true, message: successMessage('persona updated successfully') };
    },
  });

  done();
};
