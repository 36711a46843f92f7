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
import { voiceById } from '../voices/catalog.ts';

export const PERSONALITY_MAX = 2100;
export const ANDROID_PROMPT_MAX = 5000;
export const DEFAULT_TAG = 'General';
/** Slug-like and safe in a path segment. */
const CUSTOM_PERSONA_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const LANGUAGE_REGION = /^[A-Za-z]{2,3}-[A-Za-z0-9]{2,4}$/;

const isObjectIdList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isObjectId);
const isEmailList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isEmail);

/** A voice must be a catalog `_id`; the provider's `voice_id` is named as such in the refusal. */
export function requireCatalogVoice(value: unknown): string {
  if (!isString(value)) throw badRequest('voice is required and must be a voice _id from the voice catalog');
  if (!voiceById(value)) {
    throw badRequest('voice must be the _id of a voice in the voice catalog (a provider voice_id is not accepted)');
  }
  return value;
}

/** The Android cap applies only when Android is the assistant's one target platform. */
export function isAndroidOnly(os: readonly OsName[]): boolean {
  return os.length > 0 && os.every((o) => o === 'android');
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

export function readPersonaDraft(body: Body): PersonaDraft {
  const name = requireString(body, 'name', { nonEmpty: true });
  const customPersonaId = requireString(body, 'customPersonaId', { nonEmpty: true });
  if (!CUSTOM_PERSONA_ID.test(customPersonaId)) {
    throw badRequest('customPersonaId must be 1-128 characters of letters, digits, ".", "_" or "-", starting with a letter or digit');
  }
  if (!has(body, 'isPublic')) throw badRequest('isPublic is required');
  if (!isBoolean(body.isPublic)) throw badRequest('isPublic must be a boolean');
  const voice = requireCatalogVoice(body.voice);
  if (!has(body, 'tags')) throw badRequest('tags is required (send an array, possibly empty)');
  if (!isStringArray(body.tags)) throw badRequest('tags must be an array of strings');

  const personality = optional(body, 'personality', isString, 'a string');
  if (personality !== undefined && personality.length > PERSONALITY_MAX) {
    throw badRequest(`personality must be at most ${PERSONALITY_MAX} characters`);
  }
  const os = optional(body, 'os', isOsList, 'an array of nt, android, web') ?? ['nt'];
  const prompt = optional(body, 'base_sys_prompt', isString, 'a string') ?? '';
  const isAgenticTool = optional(body, 'is_agentic_tool', isBoolean, 'a boolean') ?? false;
  const tags = body.tags.includes(DEFAULT_TAG) ? [...body.tags] : [...body.tags, DEFAULT_TAG];

  return {
    customPersonaId,
    name,
    isPublic: body.isPublic,
    voice,
    tags,
    base_sys_prompt: isAndroidOnly(os) ? prompt.slice(0, ANDROID_PROMPT_MAX) : prompt,
    title: optional(body, 'title', isString, 'a string') ?? '',
    personality,
    gender: optional(body, 'gender', isString, 'a string'),
    languages: optional(body, 'languages', isStringArray, 'an array of strings') ?? [],
    behavior: optional(body, 'behavior', isStringArray, 'an array of strings') ?? [],
    os: [...os],
    Is_main_agent: optional(body, 'Is_main_agent', isBoolean, 'a boolean') ?? !isAgenticTool,
    is_agentic_tool: isAgenticTool,
    accessible_plugin: [...(optional(body, 'accessible_plugin', isObjectIdList, 'an array of plugin _id values') ?? [])],
    authorised_users_email: [...(optional(body, 'authorised_users_email', isEmailList, 'an array of email addresses') ?? [])],
    logo: optional(body, 'logo', isAbsoluteHttpUrl, 'an absolute http(s) URL'),
    voice_language: optional(body, 'voice_language', (v): v is string => isString(v) && LANGUAGE_REGION.test(v), 'a language-region code such as en-US'),
  };
}
