import type { ResourceKind } from './kind.ts';

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
} as const satisfies ResourceKind;

/** A base attached to an assistant: it goes with either. */
export const ATTACHMENT = {
  name: 'attachment',
  parents: ['assistant', 'knowledge base'],
  creates: [{ operationId: 'attachKnowledgeBase' }],
} as const satisfies ResourceKind;

/** A share-link token minted for an assistant. */
export const SHARE_LINK = {
  name: 'share link',
  parents: ['assistant'],
  creates: [{ operationId: 'sharePersona', planLabel: 'share tokens' }],
} as const satisfies ResourceKind;
