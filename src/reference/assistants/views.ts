import type { Attachment, AttachmentStore } from '../attachments.ts';
import type { FaultSwitch } from '../fault-switch.ts';
import { openPoints } from '../open-points.ts';
import { voiceById } from '../voices/catalog.ts';
import { assistantFault } from './faults.ts';
import type { PersonaDoc, PersonaRecord } from './store.ts';

function attachedKbs(
  attachments: AttachmentStore,
  customPersonaId: string,
  faults: FaultSwitch,
): Array<Attachment | Record<string, unknown>> {
  const fault = (id: Parameters<typeof assistantFault>[1]) => assistantFault(faults, id);
  return attachments.list(customPersonaId).map((a) => {
    if (fault('assistants.attached-kb-id-snake'))
      return { kb_id: a.kbId, enabled: a.enabled, grounding_mode: a.grounding_mode };
    if (fault('assistants.attached-enabled-string'))
      return { kbId: a.kbId, enabled: String(a.enabled), grounding_mode: a.grounding_mode };
    if (fault('assistants.attached-grounding-camel'))
      return { kbId: a.kbId, enabled: a.enabled, groundingMode: a.grounding_mode };
    return { kbId: a.kbId, enabled: a.enabled, grounding_mode: a.grounding_mode };
  });
}

/** Drops `key` from `item` when the fault is planted (a projection that forgot a field). */
function without(item: Record<string, unknown>, key: string, planted: boolean): Record<string, unknown> {
  if (!planted) return item;
  const { [key]: _dropped, ...rest } = item;
  return rest;
}

/** Moves `from` to the end of `item` as `to` when the fault is planted (a field under the wrong key). */
function movedTo(
  item: Record<string, unknown>,
  from: string,
  to: string,
  planted: boolean,
): Record<string, unknown> {
  return planted ? { ...without(item, from, true), [to]: item[from] } : item;
}

/** Exactly the documented list fields. */
export function listItem(
  record: PersonaRecord,
  attachments: AttachmentStore,
  faults: FaultSwitch,
): Record<string, unknown> {
  const fault = (id: Parameters<typeof assistantFault>[1]) => assistantFault(faults, id);
  const d = record.doc;
  // Fields read from the copy made at create, which no update refreshes (planted faults).
  const name = fault('assistants.list-name-stale') ? record.asCreated.name : d.name;
  const voice = fault('assistants.list-voice-stale') ? record.asCreated.voice : d.voice;
  const isPublic = fault('assistants.list-is-public-stale') ? record.asCreated.isPublic : d.isPublic;
  const providerVoice = fault('assistants.list-voice-provider-id') ? voiceById(voice)?.voice_id : undefined;
  let item: Record<string, unknown> = {
    _id: d._id,
    customPersonaId: d.customPersonaId,
    name,
    title: d.title,
    isPublic: fault('assistants.list-is-public-string') ? String(isPublic) : isPublic,
    voice: providerVoice ?? voice,
    os: fault('assistants.list-os-joined') ? d.os.join(',') : [...d.os],
    Is_main_agent: d.Is_main_agent,
    attached_kbs: attachedKbs(attachments, d.customPersonaId, faults),
    createdAt: fault('assistants.list-created-at-epoch') ? Date.parse(d.createdAt) : d.createdAt,
  };
  item = without(item, '_id', fault('assistants.list-omits-id'));
  item = movedTo(item, 'customPersonaId', 'personaId', fault('assistants.list-persona-id-key'));
  item = without(item, 'name', fault('assistants.list-omits-name'));
  item = without(item, 'title', fault('assistants.list-omits-title'));
  item = movedTo(item, 'Is_main_agent', 'is_main_agent', fault('assistants.list-main-agent-lowercase'));
  item = without(item, 'attached_kbs', fault('assistants.list-omits-attached-kbs'));
  // The alternative personality carries more than the documented fields.
  if (openPoints().extraFields === 'alternative')
    return { ...item, tags: [...d.tags], is_agentic_tool: d.is_agentic_tool, updatedAt: d.updatedAt };
  return item;
}

export function searchItem(record: PersonaRecord, faults: FaultSwitch): Record<string, unknown> {
  const fault = (id: Parameters<typeof assistantFault>[1]) => assistantFault(faults, id);
  let item: Record<string, unknown> = {
    _id: record.doc._id,
    customPersonaId: record.doc.customPersonaId,
    name: fault('assistants.search-name-is-title')
      ? record.doc.title
      : fault('assistants.search-item-name-stale')
        ? record.asCreated.name
        : record.doc.name,
  };
  item = without(item, '_id', fault('assistants.search-omits-id'));
  item = without(item, 'customPersonaId', fault('assistants.search-omits-custom-id'));
  // The alternative personality carries more than the documented fields.
  if (openPoints().extraFields === 'alternative')
    return { ...item, title: record.doc.title, isPublic: record.doc.isPublic, os: [...record.doc.os] };
  return item;
}

/** The whole document, its attachments, and `isOwner` for the calling account. */
export function fullDocument(
  record: PersonaRecord,
  attachments: AttachmentStore,
  accountId: string,
  faults: FaultSwitch,
): Record<string, unknown> {
  const fault = (id: Parameters<typeof assistantFault>[1]) => assistantFault(faults, id);
  const doc: PersonaDoc = structuredClone(record.doc);
  let data: Record<string, unknown> = {
    ...doc,
    attached_kbs: attachedKbs(attachments, doc.customPersonaId, faults),
    isOwner: record.ownerAccountId === accountId,
  };
  if (fault('assistants.get-voice-populated')) {
    const voice = voiceById(doc.voice);
    data.voice = { _id: doc.voice, title: voice?.title ?? '' };
  }
  if (fault('assistants.get-plugins-joined')) data.accessible_plugin = doc.accessible_plugin.join(',');
  data = without(data, '_id', fault('assistants.get-omits-id'));
  data = movedTo(data, 'customPersonaId', 'personaId', fault('assistants.get-persona-id-key'));
  data = without(data, 'name', fault('assistants.get-omits-name'));
  data = without(data, 'base_sys_prompt', fault('assistants.get-hides-prompt'));
  data = without(data, 'attached_kbs', fault('assistants.get-omits-attached-kbs'));
  // The alternative personality: only the fields the document says get carries.
  if (openPoints().extraFields === 'alternative') {
    const shown = ['_id', 'customPersonaId', 'name', 'base_sys_prompt', 'voice', 'accessible_plugin'];
    return Object.fromEntries(
      Object.entries(data).filter(([key]) => [...shown, 'attached_kbs'].includes(key)),
    );
  }
  return data;
}
