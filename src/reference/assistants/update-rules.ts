import { openPoints } from '../open-points.ts';
import type { FaultSwitch } from '../fault-switch.ts';
import { has, isAbsoluteHttpUrl, isBoolean, isString, optional, type Body } from '../http/body.ts';
import { badRequest } from '../http/errors.ts';
import { isObjectId } from '../http/ids.ts';
import { isOsName } from '../platforms.ts';
import { requireCatalogVoice, utf8Prefix } from './create-rules.ts';
import { assistantFault } from './faults.ts';
import type { PersonaDoc } from './store.ts';

/** The planted fault's cap of an android-only prompt on update, counted in bytes. */
const ANDROID_PROMPT_BYTES = 5000;

/** Fields where an array replaces the value and a bare string appends one entry. */
const LIST_FIELDS = ['os', 'languages', 'tags', 'behavior', 'hobbies', 'accessible_rag_folders'] as const;
type ListField = (typeof LIST_FIELDS)[number];

/** An array replaces; a bare string appends unless already present. */
function applyListField(
  current: readonly string[],
  value: unknown,
  field: ListField,
  faults: FaultSwitch,
): string[] {
  const valid = field === 'os' ? isOsName : isString;
  if (Array.isArray(value)) {
    if (!value.every(valid))
      throw badRequest(`${field} must be ${field === 'os' ? 'nt, android or web' : 'strings'}`);
    return assistantFault(faults, 'assistants.update-array-appends')
      ? [...new Set([...current, ...value])]
      : [...value];
  }
  if (assistantFault(faults, 'assistants.update-string-replaces') && valid(value)) return [value];
  // The planted fault checks the values of an array only: a bare string is appended as sent.
  if (field === 'os' && assistantFault(faults, 'assistants.update-os-string-unchecked') && isString(value))
    return current.includes(value) ? [...current] : [...current, value];
  if (!valid(value))
    throw badRequest(
      `${field} must be an array or a single ${field === 'os' ? 'nt, android or web' : 'string'}`,
    );
  return current.includes(value) && openPoints().bareStringAppend === 'distinct'
    ? [...current]
    : [...current, value];
}

/** An array adds plugin ids (without duplicating); a bare string removes that one id. */
function applyPlugins(current: readonly string[], value: unknown, faults: FaultSwitch): string[] {
  if (Array.isArray(value)) {
    if (!value.every(isObjectId)) throw badRequest('accessible_plugin must hold plugin _id values');
    const added = value.map((v) => v.toLowerCase());
    if (assistantFault(faults, 'assistants.update-plugin-array-replaces')) return [...new Set(added)];
    return [...new Set([...current, ...added])];
  }
  if (!isObjectId(value))
    throw badRequest('accessible_plugin must be an array of plugin _id values or one _id to remove');
  const removed = value.toLowerCase();
  if (assistantFault(faults, 'assistants.update-plugin-string-adds'))
    return [...new Set([...current, removed])];
  if (assistantFault(faults, 'assistants.update-plugin-string-clears')) return [];
  return current.filter((id) => id !== removed);
}

/**
 * The changes an update body asks for, validated in full before anything is applied so that a
 * refused update leaves the assistant untouched. Fields outside the update table are ignored.
 */
export function readPersonaChanges(body: Body, doc: PersonaDoc, faults: FaultSwitch): Partial<PersonaDoc> {
  const changes: Partial<PersonaDoc> = assistantFault(faults, 'assistants.update-resets-unsent')
    ? { base_sys_prompt: '', title: '' }
    : {};
  if (assistantFault(faults, 'assistants.update-resets-os')) changes.os = ['nt'];
  const prompt = optional(body, 'base_sys_prompt', isString, 'a string');
  if (prompt !== undefined)
    changes.base_sys_prompt = assistantFault(faults, 'assistants.update-prompt-appends')
      ? `${doc.base_sys_prompt}${prompt}`
      : assistantFault(faults, 'assistants.update-prompt-cap-bytes') && doc.os.every((o) => o === 'android')
        ? utf8Prefix(prompt, ANDROID_PROMPT_BYTES)
        : prompt;
  for (const field of LIST_FIELDS) {
    if (has(body, field))
      (changes as Record<ListField, string[]>)[field] = applyListField(
        doc[field],
        body[field],
        field,
        faults,
      );
  }
  if (has(body, 'accessible_plugin'))
    changes.accessible_plugin = applyPlugins(doc.accessible_plugin, body.accessible_plugin, faults);
  if (has(body, 'name') && assistantFault(faults, 'assistants.update-name-any-type'))
    changes.name = body.name as string;
  const name = assistantFault(faults, 'assistants.update-name-any-type')
    ? undefined
    : optional(body, 'name', isString, 'a string');
  if (name !== undefined) {
    if (name.trim() === '') throw badRequest('name must not be empty');
    changes.name = name;
  }
  const title = optional(body, 'title', isString, 'a string');
  if (title !== undefined && !assistantFault(faults, 'assistants.update-title-ignored'))
    changes.title = title;
  if (has(body, 'voice')) {
    const voice = requireCatalogVoice(body.voice, faults);
    if (!assistantFault(faults, 'assistants.update-voice-ignored')) changes.voice = voice;
  }
  const logo = optional(body, 'logo', isAbsoluteHttpUrl, 'an absolute http(s) URL');
  if (logo !== undefined) changes.logo = logo;
  const isPublic = optional(
    body,
    'isPublic',
    assistantFault(faults, 'assistants.update-is-public-any-type')
      ? (v: unknown): v is boolean => v !== undefined
      : isBoolean,
    'a boolean',
  );
  // The unpublish fault applies isPublic only when it is true.
  const unpublishLost = isPublic === false && assistantFault(faults, 'assistants.update-cannot-unpublish');
  if (
    isPublic !== undefined &&
    !assistantFault(faults, 'assistants.update-is-public-ignored') &&
    !unpublishLost
  )
    changes.isPublic = isPublic;
  return changes;
}
