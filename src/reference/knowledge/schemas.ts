import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import type { FaultCheck, KnowledgeFault } from './faults.ts';

/**
 * Request bodies are checked against these schemas by an Ajv of this module's own, which never
 * coerces: `text: 5`, `topK: "x"` or `enabled: "yes"` is a 400, not a silently converted value
 * (Fastify's default validator would coerce them).
 *
 * One Ajv and one compiled validator per distinct schema for the whole process: the self-test
 * starts a reference per planted fault (hundreds in a process), and compiling every route's schema
 * again for each cost its main thread, which serves all of them, about 30 ms a reference. A
 * validator keeps no state between calls but `errors`, which Fastify reads at once.
 */
const ajv = new Ajv({
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  allErrors: false,
  strict: false,
});
const validators = new Map<string, ValidateFunction>();

function validatorOf(schema: unknown): ValidateFunction {
  // By content: a planted fault's schema is a new object with one rule taken out.
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (validate === undefined) {
    validate = ajv.compile(schema as object);
    validators.set(key, validate);
  }
  return validate;
}

export function installValidator(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => validatorOf(schema));
}

const nonEmptyString = { type: 'string', minLength: 1 } as const;

/**
 * A body schema with one of its rules taken out, for a planted fault: the field's type (and
 * allowed values), or its presence.
 */
function withoutRule<S extends { properties: object; required?: readonly string[] }>(
  schema: S,
  field: string,
  rule: 'type' | 'required',
): S {
  if (rule === 'required') return { ...schema, required: (schema.required ?? []).filter((f) => f !== field) };
  return { ...schema, properties: { ...schema.properties, [field]: {} } };
}

/** A rule of a body schema that a planted fault takes out: the fault, the field, and which rule. */
type Loosening = readonly [fault: KnowledgeFault, field: string, rule: 'type' | 'required'];

/**
 * Route options that check the body against `schema`, less each rule whose planted fault is on
 * (the planted faults take a rule of the body out of its schema).
 */
export function bodySchema<S extends { properties: object; required?: readonly string[] }>(
  schema: S,
  fault: FaultCheck,
  rules: readonly Loosening[] = [],
): { schema: { body: S } } {
  const body = rules.reduce(
    (current, [id, field, rule]) => (fault(id) ? withoutRule(current, field, rule) : current),
    schema,
  );
  return { schema: { body } };
}

export interface CreateBaseBody {
  name: string;
  description?: string;
}
export const createBaseBody = {
  type: 'object',
  required: ['name'],
  properties: { name: nonEmptyString, description: { type: 'string' } },
} as const;

export interface IngestTextBody {
  text: string;
  title: string;
  mimeType?: string;
  source?: string;
  mode?: 'auto' | 'vector' | 'inline';
}
export const ingestTextBody = {
  type: 'object',
  required: ['text', 'title'],
  properties: {
    text: nonEmptyString,
    title: nonEmptyString,
    mimeType: nonEmptyString,
    source: nonEmptyString,
    mode: { enum: ['auto', 'vector', 'inline'] },
  },
} as const;

export interface IngestUrlBody {
  url: string;
  title?: string;
}
export const ingestUrlBody = {
  type: 'object',
  required: ['url'],
  properties: { url: nonEmptyString, title: nonEmptyString },
} as const;

export interface QueryBody {
  query: string;
  topK?: number;
}
export const queryBody = {
  type: 'object',
  required: ['query'],
  properties: { query: nonEmptyString, topK: { type: 'number', exclusiveMinimum: 0 } },
} as const;

export interface AttachmentBody {
  grounding_mode?: 'strict' | 'supplemental';
  enabled?: boolean;
}
/** Attach and update take an optional body: none at all means "all defaults". */
export const attachmentBody = {
  type: ['object', 'null'],
  properties: { grounding_mode: { enum: ['strict', 'supplemental'] }, enabled: { type: 'boolean' } },
} as const;

export interface AutoRefreshBody {
  enabled: boolean;
  intervalDays?: number;
  intervalHours?: number;
}
export const autoRefreshBody = {
  type: 'object',
  required: ['enabled'],
  properties: {
    enabled: { type: 'boolean' },
    intervalDays: { type: 'number', minimum: 0, maximum: 3650 },
    intervalHours: { type: 'number', minimum: 0, maximum: 87_600 },
  },
} as const;
