import type { FaultSwitch } from '../fault-switch.ts';
import {
  has,
  isAbsoluteHttpUrl,
  isBoolean,
  isEmail,
  isString,
  isStringArray,
  optional,
  requireString,
  type Body,
} from '../http/body.ts';
import { badRequest } from '../http/errors.ts';
import { isObjectId } from '../http/ids.ts';
import { isOsList, type OsName } from '../platforms.ts';
import { VOICE_CATALOG, voiceById } from '../voices/catalog.ts';
import { assistantFault } from './faults.ts';

const PERSONALITY_MAX = 2100;
const ANDROID_PROMPT_MAX = 5000;
const DEFAULT_TAG = 'General';
/** Slug-like and safe in a path segment. */
const CUSTOM_PERSONA_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const LANGUAGE_REGION = /^[A-Za-z]{2,3}-[A-Za-z0-9]{2,4}$/;

const isObjectIdList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isObjectId);
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
  const capped = assistantFault(faults, 'assistants.android-cap-any-android')
    ? os.includes('android')
    : isAndroidOnly(os);
  return capped ? ANDROID_PROMPT_MAX : Infinity;
}

/** isPublic must be present: its omission is a 400, not a default. */
function readIsPublic(body: Body, faults: FaultSwitch): boolean {
  if (!has(body, 'isPublic')) {
    if (assistantFault(faults, 'assistants.create-is-public-optional')) return false;
    throw badRequest('isPublic is required');
  }
  if (!isBoolean(body.isPublic)) throw badRequest('isPublic must be a boolean');
  return body.isPublic;
}

function personalityTooLong(personality: string, faults: FaultSwitch): boolean {
  if (assistantFault(faults, 'assistants.personality-2101-accepted'))
    return personality.length > PERSONALITY_MAX + 1;
  if (assistantFault(faults, 'assistants.personality-2100-refused'))
    return personality.length >= PERSONALITY_MAX;
  return personality.length > PERSONALITY_MAX;
}

/** A create body after every rule of the create table; what the store keeps, minus ids and dates. */
export interface PersonaDraft {
  customPersonaId: string;
  name: string;
  isPublic: boolean;
  voice: string;
  tags: string[];
  base_sys_prompt: string;
  title: string;
  personality?: string;
  gender?: string;
  languages: string[];
  behavior: string[];
  os: OsName[];
  Is_main_agent: boolean;
  is_agentic_tool: boolean;
  accessible_plugin: string[];
  authorised_users_email: string[];
  logo?: string;
  voice_language?: string;
}

export function readPersonaDraft(body: Body, faults: FaultSwitch): PersonaDraft {
  const name = requireString(body, 'name', { nonEmpty: true });
  const customPersonaId = requireString(body, 'customPersonaId', { nonEmpty: true });
  if (!CUSTOM_PERSONA_ID.test(customPersonaId)) {
    throw badRequest(
      'customPersonaId must be 1-128 characters of letters, digits, ".", "_" or "-", starting with a letter or digit',
    );
  }
  const isPublic = readIsPublic(body, faults);
  const voice = requireCatalogVoice(body.voice, faults);
  if (!has(body, 'tags')) throw badRequest('tags is required (send an array, possibly empty)');
  if (!isStringArray(body.tags)) throw badRequest('tags must be an array of strings');

  const personality = optional(body, 'personality', isString, 'a string');
  if (personality !== undefined && personalityTooLong(personality, faults)) {
    throw badRequest(`personality must be at most ${PERSONALITY_MAX} characters`);
  }
  const os = optional(body, 'os', isOsList, 'an array of nt, android, web') ?? ['nt'];
  const prompt = optional(body, 'base_sys_prompt', isString, 'a string') ?? '';
  const isAgenticTool = optional(body, 'is_agentic_tool', isBoolean, 'a boolean') ?? false;
  const appendDefault =
    !body.tags.includes(DEFAULT_TAG) && !assistantFault(faults, 'assistants.general-tag-not-appended');
  const tags = appendDefault ? [...body.tags, DEFAULT_TAG] : [...body.tags];

  return {
    customPersonaId,
    name,
    isPublic,
    voice,
    tags,
    base_sys_prompt: prompt.slice(0, androidPromptCap(os, faults)),
    title: optional(body, 'title', isString, 'a string') ?? '',
    personality,
    gender: optional(body, 'gender', isString, 'a string'),
    languages: optional(body, 'languages', isStringArray, 'an array of strings') ?? [],
    behavior: optional(body, 'behavior', isStringArray, 'an array of strings') ?? [],
    os: [...os],
    Is_main_agent: optional(body, 'Is_main_agent', isBoolean, 'a boolean') ?? !isAgenticTool,
    is_agentic_tool: isAgenticTool,
    accessible_plugin: [
      ...(optional(body, 'accessible_plugin', isObjectIdList, 'an array of plugin _id values') ?? []),
    ],
    authorised_users_email: [
      ...(optional(body, 'authorised_users_email', isEmailList, 'an array of email addresses') ?? []),
    ],
    logo: optional(body, 'logo', isAbsoluteHttpUrl, 'an absolute http(s) URL'),
    voice_language: optional(
      body,
      'voice_language',
      (v): v is string => isString(v) && LANGUAGE_REGION.test(v),
      'a language-region code such as en-US',
    ),
  };
}
