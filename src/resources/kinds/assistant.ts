import { deleteByPath } from './delete.ts';
import type { ResourceKind } from './kind.ts';
import { gotten } from './read.ts';

/** Any non-empty value is accepted for the vestigial `sessionId` segment. */
export const SESSION_ID = 'conformance';

/** Every platform, for reads that must not filter an assistant out by `os`. */
export const ALL_PLATFORMS = 'nt,android,web';

/** An assistant: its identity, `customPersonaId`, is chosen by the suite and carries the run's id. */
export const ASSISTANT = {
  name: 'assistant',
  creates: [{ operationId: 'createPersona', planLabel: 'assistants' }],
  tracked: {
    idInBody: 'customPersonaId',
    nameField: 'name',
    transferable: true,
    delete: deleteByPath('deletePersona', 'personaId', { sessionId: SESSION_ID }),
    present: (client, id) =>
      gotten(
        client,
        'getPersona',
        { path: { sessionId: SESSION_ID, personaId: id } },
        'personaData',
        'customPersonaId',
        id,
      ),
  },
  leftovers: {
    plural: 'assistants',
    list: 'listPersonas',
    // Owned or granted, on every platform: the only reads that reach the account's own assistants.
    query: { isPublic: 'private', isMainAgent: 'all', os: ALL_PLATFORMS },
    marked: ['customPersonaId', 'name'],
    id: 'customPersonaId',
    label: (item) => `${String(item.customPersonaId)} (${String(item.name)})`,
  },
  lists: {
    listPersonas: { items: 'allPersonas', total: 'totalPersonas', path: { sessionId: SESSION_ID } },
    searchPersonas: { items: 'allPersonas', total: 'totalPersonas', path: {}, search: 'search' },
  },
  requests: {
    listPersonas: () => ({ input: { path: { sessionId: SESSION_ID } } }),
    searchPersonas: (bench) => ({ input: { query: { search: bench.prefix } } }),
    getPersona: async (bench) => {
      const { customPersonaId } = await bench.persona();
      return { input: { path: { sessionId: SESSION_ID, personaId: customPersonaId } } };
    },
    updatePersona: async (bench) => {
      const { customPersonaId } = await bench.persona();
      return { input: { body: { personaId: customPersonaId, title: 'Updated by the conformance suite' } } };
    },
    transferOwnership: async (bench) => {
      const persona = await bench.throwaway('assistant', 'to-transfer');
      // An address with no account: a transfer let through by mistake cannot move the assistant
      // anywhere. The document answers that setup with a refusal ("must already have an account").
      return {
        documentedAnswer: 'refused',
        input: {
          path: { personaId: await bench.personaObjectId(persona.id) },
          body: { newOwnerEmail: `nobody-${bench.prefix}@example.invalid` },
        },
      };
    },
  },
} as const satisfies ResourceKind;
