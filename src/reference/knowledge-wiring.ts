import type { FastifyInstance } from 'fastify';
import { canSee, findVisible, type PersonaRecord } from './assistants/store.ts';
import { knowledgeRoutes } from './knowledge/index.ts';
import type { KnowledgeDeps } from './knowledge/deps.ts';
import { knowledgeFault } from './knowledge/faults.ts';
import type { ReferenceState } from './state.ts';

/** The visible assistant whose object `_id` is `id`: what the `kb.persona-by-object-id` fault looks up. */
function findVisibleByObjectId(
  state: ReferenceState,
  accountId: string,
  id: string,
): PersonaRecord | undefined {
  const record = state.personas.getByObjectId(id);
  return record && canSee(accountId, record) ? record : undefined;
}

/** What the knowledge-base routes get from the rest of the reference. */
function knowledgeDeps(state: ReferenceState): KnowledgeDeps {
  return {
    attachments: state.attachments,
    findPersona: (accountId, customPersonaId) => {
      const record = knowledgeFault(state.faults, 'kb.persona-by-object-id')
        ? findVisibleByObjectId(state, accountId, customPersonaId)
        : findVisible(state.personas, accountId, customPersonaId);
      if (!record) return undefined;
      // A planted fault: the assistant is keyed by its object _id from here on.
      if (knowledgeFault(state.faults, 'kb.persona-answered-by-object-id'))
        return { customPersonaId: record.doc._id };
      return { customPersonaId: record.doc.customPersonaId };
    },
    events: state.events,
    faults: state.faults,
    now: () => state.now().getTime(),
  };
}

/** The one place the knowledge-base module is connected to the server. */
export function registerKnowledgeRoutes(api: FastifyInstance, state: ReferenceState): void {
  void api.register(knowledgeRoutes, knowledgeDeps(state));
}
