import type { Attachment, AttachmentStore } from '../attachments.ts';
import type { PersonaDoc, PersonaRecord } from './store.ts';

function attachedKbs(attachments: AttachmentStore, customPersonaId: string): Attachment[] {
  return attachments
    .list(customPersonaId)
    .map((a) => ({ kbId: a.kbId, enabled: a.enabled, grounding_mode: a.grounding_mode }));
}

/** Exactly the documented list fields. */
export function listItem(record: PersonaRecord, attachments: AttachmentStore): Record<string, unknown> {
  const d = record.doc;
  return {
    _id: d._id,
    customPersonaId: d.customPersonaId,
    name: d.name,
    title: d.title,
    isPublic: d.isPublic,
    voice: d.voice,
    os: [...d.os],
    Is_main_agent: d.Is_main_agent,
    attached_kbs: attachedKbs(attachments, d.customPersonaId),
    createdAt: d.createdAt,
  };
}

export function searchItem(record: PersonaRecord): Record<string, unknown> {
  return { _id: record.doc._id, customPersonaId: record.doc.customPersonaId, name: record.doc.name };
}

/** The whole document, its attachments, and `isOwner` for the calling account. */
export function fullDocument(
  record: PersonaRecord,
  attachments: AttachmentStore,
  accountId: string,
): Record<string, unknown> {
  const doc: PersonaDoc = structuredClone(record.doc);
  return {
    ...doc,
    attached_kbs: attachedKbs(attachments, doc.customPersonaId),
    isOwner: record.ownerAccountId === accountId,
  };
}
