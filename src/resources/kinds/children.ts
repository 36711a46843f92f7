import { ARTICLE } from '../../target/fixture-pages.ts';
import type { ResourceKind } from './kind.ts';
import { SAMPLE_TEXT } from './knowledge-base.ts';

/**
 * The kinds that live in another and go with it: the run never deletes them one by one, so they
 * have no ledger entry, no sweep and no leftover scan of their own.
 */

/** A document of a base: pasted text, a fetched page or an uploaded file. */
export const DOCUMENT = {
  name: 'document',
  parents: ['knowledge base'],
  creates: [
    { operationId: 'ingestText', planLabel: 'documents (text)' },
    { operationId: 'ingestUrl', planLabel: 'documents (URL)' },
    { operationId: 'uploadFile', planLabel: 'documents (file)' },
  ],
  requests: {
    ingestText: async (bench) => ({
      input: {
        path: { kbId: (await bench.base()).kbId },
        body: { title: 'Keeper notes', text: SAMPLE_TEXT },
      },
    }),
    ingestUrl: async (bench) => ({
      input: {
        path: { kbId: (await bench.base()).kbId },
        body: { url: `${bench.fixtureBaseUrl}${ARTICLE.path}` },
      },
    }),
    uploadFile: async (bench) => ({
      input: {
        path: { kbId: (await bench.base()).kbId },
        multipart: {
          file: {
            filename: 'keeper-notes.txt',
            contentType: 'text/plain',
            content: new TextEncoder().encode(SAMPLE_TEXT),
          },
          title: 'Keeper notes (file)',
        },
      },
    }),
    listDocuments: async (bench) => ({ input: { path: { kbId: (await bench.base()).kbId } } }),
    deleteDocument: async (bench) => {
      const { kbId } = await bench.base();
      const docId = await bench.ingestText(kbId, 'Document to delete', SAMPLE_TEXT);
      return { input: { path: { kbId, docId } } };
    },
  },
} as const satisfies ResourceKind;

/** A base attached to an assistant: it goes with either. */
export const ATTACHMENT = {
  name: 'attachment',
  parents: ['assistant', 'knowledge base'],
  creates: [{ operationId: 'attachKnowledgeBase' }],
  requests: {
    listPersonaKnowledgeBases: async (bench) => ({
      input: { path: { personaId: (await bench.persona()).customPersonaId } },
    }),
    attachKnowledgeBase: async (bench) => {
      const [base, persona] = await Promise.all([bench.base(), bench.persona()]);
      return {
        input: {
          path: { kbId: base.kbId, personaId: persona.customPersonaId },
          body: { grounding_mode: 'supplemental' },
        },
      };
    },
    updateAttachment: async (bench) => {
      const [base, persona] = await Promise.all([bench.base(), bench.persona()]);
      await bench.attach(base.kbId, persona.customPersonaId);
      return {
        input: { path: { kbId: base.kbId, personaId: persona.customPersonaId }, body: { enabled: true } },
      };
    },
    detachKnowledgeBase: async (bench) => {
      const [base, persona] = await Promise.all([bench.detachableBase(), bench.persona()]);
      await bench.attach(base.kbId, persona.customPersonaId);
      return { input: { path: { kbId: base.kbId, personaId: persona.customPersonaId } } };
    },
  },
} as const satisfies ResourceKind;

/** A share-link token minted for an assistant. */
export const SHARE_LINK = {
  name: 'share link',
  parents: ['assistant'],
  creates: [{ operationId: 'sharePersona', planLabel: 'share tokens' }],
  requests: {
    sharePersona: async (bench) => ({
      input: { path: { customPersonaId: (await bench.persona()).customPersonaId } },
    }),
  },
} as const satisfies ResourceKind;
