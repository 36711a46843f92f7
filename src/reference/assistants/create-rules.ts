import { lengthOf, openPoints, prefixOf } from '../open-points.ts';
import type { FaultSwitch } from '../fault-switch.ts';
import {
  has,
  isAbsoluteHttpUrl,
  isBoolean,
  isEmail,
  isPlainObject,
  isString,
  isStringArray,
  optional,
  requireString,
  type Body,
} from '../http/body.ts';
import { HttpError, badRequest, notFound, statedStatus } from '../http/errors.ts';
import { isObjectId, newObjectId } from '../http/ids.ts';
import { isOsList, type OsName } from '../platforms.ts';
import { VOICE_CATALOG, voiceById } from '../voices/catalog.ts';
import { assistantFault } from './faults.ts';
import type { PersonaDoc } from './store.ts';

const PERSONALITY_MAX = 2100;
const ANDROID_PROMPT_MAX = 5000;
const DEFAULT_TAG = 'General';
/** Slug-like and safe in a path segment. */
const CUSTOM_PERSONA_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const LANGUAGE_REGION = /^[A-Za-z]{2,3}-[A-Za-z0-9]{2,4}$/;

const isObjectIdList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isObjectId);
/** Plugin titles (snake_case), for the fault that takes accessible_plugin for titles. */
// The fault's reading of accessible_plugin: plugin titles, never an _id. A title pattern alone let
// an _id that starts with a letter (a to f) pass for a title, so whether the fault showed depended
// on the ids the run happened to draw.
const isTitleList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((t) => typeof t === 'string' && /^[a-z][a-z0-9_]*$/.test(t) && !isObjectId(t));
const isEmailList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isEmail);

/** A voice must be a catalog `_id`; the provider's `voice_id` is named as such in the refusal. */
export function requireCatalogVoice(value: unknown, faults: FaultSwitch): string {
  if (!isString(value)) throw badRequest('voice is required and must be a voice _id from the voice catalog');
  const byProviderId =
    assistantFault(faults, 'assistants.provider-voice-id-accepted') &&
    VOICE_CATALOG.some((v) => v.voice_id === value);
  if (!voiceById(value) && !byProviderId) {
    throw badRequest(
      'voice must be the _id of a voice in the voice catalog (a provider voice_id is not accepted)',
    );
  }
  return value;
}

/** The Android cap applies only when Android is the assistant's one target platform. */
function isAndroidOnly(os: readonly OsName[]): boolean {
  return os.length > 0 && os.every((o) => o === 'android');
}

/** How much of the prompt is kept: 5,000 characters for an android-only assistant, all of it otherwise. */
function androidPromptCap(os: readonly OsName[], faults: FaultSwitch): number {
  if (assistantFault(faults, 'assistants.android-not-truncated')) return Infinity;
  if (assistantFault(faults, 'assistants.prompt-cap-every-platform')) return ANDROID_PROMPT_MAX;
  const capped = assistantFault(faults, 'assistants.android-cap-any-android')
    ? os.includes('android')
    : isAndroidOnly(os);
  if (capped && assistantFault(faults, 'assistants.android-cap-4999')) return ANDROID_PROMPT_MAX - 1;
  return capped ? ANDROID_PROMPT_MAX : Infinity;
}

/** isPublic must be present: its omission is a 400, not a default. */
function readIsPublic(body: Body, faults: FaultSwitch): boolean {
  if (!has(body, 'isPublic')) {
    if (assistantFault(faults, 'assistants.create-is-public-optional')) return false;
    if (assistantFault(faults, 'assistants.is-public-missing-404')) throw notFound('isPublic is required');
    throw statedStatus(badRequest('isPublic is required'));
  }
  if (!isBoolean(body.isPublic)) throw badRequest('isPublic must be a boolean');
  return body.isPublic;
}

/** The longest start of `text` that fits in `bytes` bytes of UTF-8 (for the faults that count bytes). */
export function utf8Prefix(text: string, bytes: number): string {
  let kept = '';
  let used = 0;
  for (const char of text) {
    used += Buffer.byteLength(char);
    if (used > bytes) break;
    kept += char;
  }
  return kept;
}

function personalityTooLong(personality: string, faults: FaultSwitch): boolean {
  if (assistantFault(faults, 'assistants.personality-limit-bytes'))
    return Buffer.byteLength(personality) > PERSONALITY_MAX;
  if (assistantFault(faults, 'assistants.personality-2101-accepted'))
    return personality.length > PERSONALITY_MAX + 1;
  if (assistantFault(faults, 'assistants.personality-2100-refused'))
    return personality.length >= PERSONALITY_MAX;
  if (assistantFault(faults, 'assistants.personality-limit-2048')) return personality.length > 2048;
  if (assistantFault(faults, 'assistants.personality-limit-trimmed'))
    return lengthOf(personality.trim()) > PERSONALITY_MAX;
  if (assistantFault(faults, 'assistants.personality-nfd-counted'))
    return lengthOf(personality.normalize('NFD')) > PERSONALITY_MAX;
  return lengthOf(personality) > PERSONALITY_MAX;
}

/**
 * A create body after every rule of the create table: what the store keeps, minus the ids and
 * dates and the lists the server fills itself.
 */
export type PersonaDraft = Omit<
  PersonaDoc,
  '_id' | 'hobbies' | 'accessible_rag_folders' | 'createdAt' | 'updatedAt'
>;

/** Whether a create body leaves out a required field the faults may let through. */
function missing(body: Body, key: string): boolean {
  return !has(body, key);
}

export function readPersonaDraft(body: Body, faults: FaultSwitch): PersonaDraft {
  const fault = (id: Parameters<typeof assistantFault>[1]) => assistantFault(faults, id);
  // The planted fault takes the customPersonaId for a missing name.
  const nameDefaulted = fault('assistants.create-name-optional') && missing(body, 'name');
  const name = nameDefaulted ? String(body.customPersonaId) : requireString(body, 'name', { nonEmpty: true });
  const customPersonaId =
    missing(body, 'customPersonaId') && fault('assistants.create-generates-custom-id')
      ? `persona-${newObjectId()}`
      : requireString(body, 'customPersonaId', { nonEmpty: true });
  if (!CUSTOM_PERSONA_ID.test(customPersonaId)) {
    throw badRequest(
      'customPersonaId must be 1-128 characters of letters, digits, ".", "_" or "-", starting with a letter or digit',
    );
  }
  const isPublic = readIsPublic(body, faults);
  const os = optional(
    body,
    'os',
    fault('assistants.create-os-values-unchecked')
      ? (isStringArray as (v: unknown) => v is OsName[])
      : isOsList,
    'an array of nt, android, web',
  ) ?? [...openPoints().defaultOs];
  const voiceOptional =
    fault('assistants.voice-optional-web') && missing(body, 'voice') && !os.includes('nt');
  const voice = voiceOptional ? '' : requireCatalogVoice(body.voice, faults);
  if (fault('assistants.create-first-voice-only') && voice !== VOICE_CATALOG[0]?._id)
    throw badRequest('voice must be the default voice');
  const tagsOptional = fault('assistants.tags-optional') && missing(body, 'tags');
  if (!tagsOptional && !has(body, 'tags'))
    throw badRequest('tags is required (send an array, possibly empty)');
  const sentTags = tagsOptional ? [] : body.tags;
  if (!isStringArray(sentTags)) throw badRequest('tags must be an array of strings');

  let personality = optional(body, 'personality', isString, 'a string');
  if (personality !== undefined && personalityTooLong(personality, faults)) {
    if (fault('assistants.personality-truncated')) personality = personality.slice(0, PERSONALITY_MAX);
    else if (fault('assistants.personality-422'))
      throw new HttpError(422, `personality must be at most ${PERSONALITY_MAX} characters`);
    else throw statedStatus(badRequest(`personality must be at most ${PERSONALITY_MAX} characters`));
  }
  const prompt = optional(body, 'base_sys_prompt', isString, 'a string') ?? '';
  const promptCap = androidPromptCap(os, faults);
  if (fault('assistants.android-5000-refused') && isAndroidOnly(os) && prompt.length >= ANDROID_PROMPT_MAX)
    throw badRequest(`base_sys_prompt must be shorter than ${ANDROID_PROMPT_MAX} characters`);
  if (fault('assistants.android-overlong-refused') && prompt.length > promptCap)
    throw badRequest(`base_sys_prompt must be at most ${ANDROID_PROMPT_MAX} characters`);
  const isAgenticTool = fault('assistants.agentic-tool-object')
    ? (optional(body, 'is_agentic_tool', isPlainObject, 'an object {status, object}')?.status ?? false) ===
      true
    : (optional(body, 'is_agentic_tool', isBoolean, 'a boolean') ?? false);
  // The duplicated-tag fault appends General without looking whether it was sent.
  const appendDefault =
    (!sentTags.includes(DEFAULT_TAG) || fault('assistants.general-tag-duplicated')) &&
    !fault('assistants.general-tag-not-appended');
  const tags = appendDefault ? [...sentTags, DEFAULT_TAG] : [...sentTags];
  const title = optional(body, 'title', isString, 'a string') ?? '';
  const mainAgentKey = fault('assistants.main-agent-lowercase-read') ? 'is_main_agent' : 'Is_main_agent';
  const mainAgent = optional(body, mainAgentKey, isBoolean, 'a boolean');
  const plugins = fault('assistants.plugins-as-titles')
    ? optional(body, 'accessible_plugin', isTitleList, 'an array of plugin titles')
    : optional(body, 'accessible_plugin', isObjectIdList, 'an array of plugin _id values');
  const providerVoiceId = fault('assistants.voice-stored-provider-id')
    ? voiceById(voice)?.voice_id
    : undefined;

  return {
    customPersonaId: fault('assistants.custom-id-slugified')
      ? customPersonaId.replaceAll('-', '_')
      : customPersonaId,
    name: fault('assistants.create-name-from-title') && title !== '' ? title : name,
    isPublic: fault('assistants.create-always-private') ? false : isPublic,
    voice: providerVoiceId ?? voice,
    tags,
    base_sys_prompt:
      fault('assistants.android-cap-trimmed') && lengthOf(prompt.trim()) <= promptCap
        ? prompt
        : fault('assistants.android-keeps-last-5000')
          ? prompt.slice(Math.max(0, prompt.length - promptCap))
          : fault('assistants.android-cap-bytes') && promptCap !== Infinity
            ? utf8Prefix(prompt, promptCap)
            : prefixOf(prompt, promptCap),
    title: fault('assistants.title-dropped') ? '' : title,
    personality,
    gender: optional(
      body,
      'gender',
      fault('assistants.gender-letter-code') ? (v): v is string => v === 'M' || v === 'F' : isString,
      'a string',
    ),
    languages:
      optional(
        body,
        'languages',
        fault('assistants.languages-iso-codes')
          ? (v): v is string[] => isStringArray(v) && v.every((l) => /^[a-z]{2}$/.test(l))
          : isStringArray,
        'an array of strings',
      ) ?? [],
    behavior: fault('assistants.behavior-string-only')
      ? [optional(body, 'behavior', isString, 'a string')].filter((b): b is string => b !== undefined)
      : (optional(body, 'behavior', isStringArray, 'an array of strings') ?? []),
    os: fault('assistants.os-adds-nt') && !os.includes('nt') ? [...os, 'nt'] : [...os],
    Is_main_agent: fault('assistants.main-agent-false-ignored')
      ? true // the default written as `Is_main_agent || true`: a false is lost
      : (mainAgent ?? (fault('assistants.main-agent-lowercase-read') ? false : !isAgenticTool)),
    is_agentic_tool: isAgenticTool,
    accessible_plugin: fault('assistants.plugins-dropped') ? [] : [...(plugins ?? [])],
    authorised_users_email: [
      ...(optional(body, 'authorised_users_email', isEmailList, 'an array of email addresses') ?? []),
    ],
    logo: optional(
      body,
      'logo',
      fault('assistants.logo-needs-extension')
        ? (v): v is string => isAbsoluteHttpUrl(v) && /\.(png|jpe?g|gif|svg|webp)$/i.test(v)
        : isAbsoluteHttpUrl,
      'an absolute http(s) URL',
    ),
    voice_language: optional(
      body,
      'voice_language',
      (v): v is string =>
        isString(v) &&
        (fault('assistants.voice-language-underscore') ? /^[a-z]{2}_[A-Z]{2}$/ : LANGUAGE_REGION).test(v),
      'a language-region code such as en-US',
    ),
  };
}
