import {
  has,
  isAbsoluteHttpUrl,
  isBoolean,
  isPlainObject,
  isString,
  isStringArray,
  type Body,
} from '../http/body.ts';
import type { FaultSwitch } from '../fault-switch.ts';
import { badRequest, notFound, statedMessage } from '../http/errors.ts';
import { isOsList } from '../platforms.ts';
import { pluginFault } from './faults.ts';

/** Required on create and changeable by update; both lists name them in this order. */
const DESCRIPTION_AND_CODE = [
  'human_description',
  'ai_description',
  'parameters',
  'func_schema',
  'func_run',
  'isPublic',
] as const;

export const REQUIRED_PLUGIN_FIELDS = [
  'title',
  'name',
  'tags',
  'authentication_required',
  'os',
  ...DESCRIPTION_AND_CODE,
  'isAnonymous',
] as const;

const RESERVED_TITLES: readonly string[] = ['browser_search', 'code_interpreter'];

/** Server-managed fields; any of them in an update body makes it `Invalid Body`. */
export const SERVER_MANAGED_FIELDS = ['_id', 'userId', 'status', 'appVersion', 'createdAt', '__v'] as const;

/** The optional fields update may change (title identifies the plugin and cannot change). */
export const UPDATABLE_FIELDS = ['name', ...DESCRIPTION_AND_CODE, 'tags', 'os', 'logo'] as const;

interface FieldRule {
  check: (v: unknown) => boolean;
  expected: string;
}

const isJsonText = (v: unknown): boolean => {
  if (!isString(v)) return false;
  try {
    JSON.parse(v);
    return true;
  } catch {
    return false;
  }
};

/** The document requires the body to define `def _run(self, ...)`. */
const definesRun = (v: unknown): boolean => isString(v) && /\bdef\s+_run\s*\(\s*self\b/.test(v);

const isAgenticTool = (v: unknown): boolean => isPlainObject(v) && isBoolean(v.status);

const BOOLEAN: FieldRule = { check: isBoolean, expected: 'a boolean' };
const TEXT: FieldRule = { check: isString, expected: 'a string' };
const HTTP_URL: FieldRule = { check: isAbsoluteHttpUrl, expected: 'an absolute http(s) URL' };

const FIELD_RULES: Record<string, FieldRule> = {
  title: {
    check: (v) => isString(v) && /^\S{1,128}$/.test(v),
    expected: 'a string of 1-128 characters without spaces',
  },
  name: { check: (v) => isString(v) && v.trim() !== '', expected: 'a non-empty string' },
  tags: { check: isStringArray, expected: 'an array of strings' },
  authentication_required: BOOLEAN,
  os: { check: isOsList, expected: 'an array of nt, android, web' },
  human_description: TEXT,
  ai_description: TEXT,
  parameters: { check: isPlainObject, expected: 'a JSON-Schema object' },
  func_schema: { check: isJsonText, expected: 'a JSON string' },
  func_run: { check: definesRun, expected: 'Python source defining def _run(self, ...)' },
  isPublic: BOOLEAN,
  isAnonymous: BOOLEAN,
  connection_url: HTTP_URL,
  logo: HTTP_URL,
  is_agentic_tool: { check: isAgenticTool, expected: 'an object {status: boolean, object}' },
};

/** Checks the type of every listed field the body carries. */
export function checkFieldTypes(body: Body, fields: readonly string[]): void {
  for (const field of fields) {
    const rule = FIELD_RULES[field];
    if (rule && has(body, field) && !rule.check(body[field]))
      throw badRequest(`${field} must be ${rule.expected}`);
  }
}

/** Presence, not truthiness: one 404 naming every required field and which of them are missing. */
function checkRequiredPresent(body: Body, faults: FaultSwitch): void {
  const required = pluginFault(faults, 'plugins.is-anonymous-not-required')
    ? REQUIRED_PLUGIN_FIELDS.filter((field) => field !== 'isAnonymous')
    : REQUIRED_PLUGIN_FIELDS;
  if (pluginFault(faults, 'plugins.missing-title-400') && !has(body, 'title'))
    throw badRequest('title is required');
  const missing = required.filter((field) => !has(body, field));
  if (missing.length > 0 && pluginFault(faults, 'plugins.missing-fields-first-only'))
    throw notFound(`${missing[0]} is required`);
  if (missing.length > 0) {
    const message = pluginFault(faults, 'plugins.missing-fields-message-static')
      ? 'required fields are missing'
      : `required fields: ${required.join(', ')}; missing: ${missing.join(', ')}`;
    throw pluginFault(faults, 'plugins.missing-fields-400')
      ? badRequest(message)
      : statedMessage(notFound(message));
  }
}

/** The reserved titles the server refuses (the planted fault forgets the second). */
function reservedTitles(faults: FaultSwitch): readonly string[] {
  return pluginFault(faults, 'plugins.code-interpreter-accepted')
    ? RESERVED_TITLES.slice(0, 1)
    : RESERVED_TITLES;
}

/** `connection_url` is required when `authentication_required` is true. */
export function checkConnectionUrl(body: Body): void {
  if (body.authentication_required === true && !has(body, 'connection_url')) {
    throw badRequest('connection_url is required when authentication_required is true');
  }
}

export function checkReservedTitle(body: Body): void {
  if (RESERVED_TITLES.includes(body.title as string))
    throw badRequest(`title ${String(body.title)} is reserved for a built-in tool`);
}

export function checkCreateRules(body: Body, faults: FaultSwitch): void {
  checkRequiredPresent(body, faults);
  // The planted faults: name taken as it comes, os checked only for being a list of strings.
  const nameUnchecked = pluginFault(faults, 'plugins.create-name-any-type');
  const osValuesUnchecked = pluginFault(faults, 'plugins.create-os-values-unchecked');
  checkFieldTypes(
    body,
    [...REQUIRED_PLUGIN_FIELDS, 'connection_url', 'logo', 'is_agentic_tool'].filter(
      (field) => !(field === 'name' && nameUnchecked) && !(field === 'os' && osValuesUnchecked),
    ),
  );
  if (osValuesUnchecked && !isStringArray(body.os)) throw badRequest('os must be an array of strings');
  // The planted faults: the reserved-title check forgotten, or made after the save (write-routes.ts).
  const reserved =
    reservedTitles(faults).includes(body.title as string) &&
    !pluginFault(faults, 'plugins.reserved-title-accepted') &&
    !pluginFault(faults, 'plugins.reserved-title-saved-then-refused');
  if (reserved) checkReservedTitle(body);
  if (pluginFault(faults, 'plugins.logo-required') && !has(body, 'logo'))
    throw badRequest('logo is required');
  if (pluginFault(faults, 'plugins.empty-tags-refused') && Array.isArray(body.tags) && body.tags.length === 0)
    throw badRequest('tags must not be empty');
  if (pluginFault(faults, 'plugins.connection-url-always-required') && !has(body, 'connection_url'))
    throw badRequest('connection_url is required');
  // The planted faults: the check forgotten, or made only after the plugin was saved (write-routes.ts).
  const skipped =
    pluginFault(faults, 'plugins.connection-url-optional') ||
    pluginFault(faults, 'plugins.auth-url-checked-after-save');
  if (!skipped) checkConnectionUrl(body);
}
