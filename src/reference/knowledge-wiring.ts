import type { FastifyInstance } from 'fastify';
import { findVisible } from './assistants/store.ts';
import { knowledgeRoutes } from './knowledge/index.ts';
import type { KnowledgeDeps } from './knowledge/deps.ts';
import type { ReferenceState } from './state.ts';

/** What the knowledge-base routes get from the rest of the reference. */
function knowledgeDeps(state: ReferenceState): KnowledgeDeps {
  return {
    attachments: state.attachments,
    findPersona: (accountId, customPersonaId) => {
      const record = findVisible(state.personas, accountId, customPersonaId);
      return record ? { customPersonaId: record.doc.customPersonaId } : undefined;
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
