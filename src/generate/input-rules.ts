import {
  loadOperationIndexSync,
  parsedSpecDocument,
  type JsonSchema,
  type Operation,
} from '../spec/openapi.ts';

/**
 * The input rules of every write path, derived from spec/openapi.yaml as the scope matrix is: for
 * each field of each JSON request body (and each query parameter of each paged route), the same
 * classes of case: a value of the wrong type, the field left out where it is required, each
 * allowed value and one outside, and lengths at a stated limit and one past it in four scripts.
 * A new field, or a new operation with a body, gets its cases without a new check file.
 *
 * What the document states about the answer is carried by the spec's own annotations, once:
 * `x-requirement` (the requirement stating the field), `x-limit` (a stated limit and what happens
 * beyond it), `x-when-missing`, `x-when-forbidden` and `x-when-reserved`. A case without a stated
 * answer is judged only by what the document implies (src/rules/judge.ts).
 */

/** The annotations spec/openapi.yaml carries for input rules: ajv is told they are keywords. */
export const INPUT_RULE_KEYWORDS = [
  'x-requirement',
  'x-limit',
  'x-when-missing',
  'x-when-forbidden',
  'x-when-reserved',
  'x-file-types',
] as const;

type RuleClass =
  | 'wrong-type'
  | 'missing'
  | 'enum-value'
  | 'enum-outside'
  | 'at-limit'
  | 'past-limit'
  | 'forbidden'
  | 'reserved'
  | 'page-size'
  | 'file-type';

/** How a length is written: characters that are one unit however counted, but not one byte. */
export type Script = 'ascii' | 'accented' | 'cjk' | 'padded';
export const SCRIPTS: readonly Script[] = ['ascii', 'accented', 'cjk', 'padded'];

/** What the document states the answer is. A case without one is judged by what it implies. */
type StatedAnswer =
  /** A 2xx, and the write shows where it is read back. */
  | { kind: 'accepted' }
  /** Refused: with this status when stated, else any 4xx (or a false status); nothing created. */
  | { kind: 'refused'; status?: number; message?: string; names?: string }
  /** Accepted, and stored as its first `length` characters. */
  | { kind: 'truncated'; length: number }
  /** A page of exactly `limit` items when more match. */
  | { kind: 'page'; limit: number };

/** What a field holds, read from its schema: for judging a view where the answer is not stated. */
export interface FieldConstraint {
  /** JSON types of the value (`array` for a list; `integer` counts as `number`). */
  types: string[];
  /** Allowed values of the value, or of its items for a list. */
  values?: string[];
}

/** A stated cap on an answer: never more than `max` items, whatever was asked (topK). */
interface AnswerCap {
  max: number;
  requirements: string[];
}

export interface InputCase {
  /** `<operationId>.<field>.<class>[.<variant>]`, unique. */
  id: string;
  operationId: string;
  in: 'body' | 'query';
  field: string;
  ruleClass: RuleClass;
  variant: string;
  /** The value sent; undefined with `absent`, which drops the field. */
  value: unknown;
  absent: boolean;
  /** Fields the subject needs for the rule to apply (os [android] for the prompt cap). */
  context: Record<string, unknown>;
  constraint: FieldConstraint;
  stated: StatedAnswer | undefined;
  /** A stated cap on the answer that holds whatever the case sends. */
  cap: AnswerCap | undefined;
  /** The field's requirement, then those stating the answer. */
  requirements: string[];
}

/** Operations with a body that are left out, and why. */
export const EXCLUDED_OPERATIONS: Readonly<Record<string, string>> = {
  transferOwnership: 'a transfer hands the assistant to another account: its body is not an input rule',
  deletePlugin: 'a delete: its one field names what is removed',
};

interface Limit {
  unit?: string;
  maxLength?: number;
  when?: Record<string, unknown>;
  beyond: 'truncated' | 'at-most' | { status: number };
  requirements: string[];
}

interface WhenMissing {
  refused?: boolean;
  status?: number;
  'names-missing'?: boolean;
  requirements: string[];
}

const components = (): Record<string, JsonSchema> =>
  (parsedSpecDocument().components as { schemas?: Record<string, JsonSchema> } | undefined)?.schemas ?? {};

/** A schema with its local `$ref` and `allOf` merged in (its own keys win), recursively. */
function resolveSchema(schema: JsonSchema): JsonSchema {
  let merged: JsonSchema = { ...schema };
  const ref = merged.$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    const target = components()[name];
    if (!target) throw new Error(`spec: unresolved ${ref}`);
    delete merged.$ref;
    merged = { ...resolveSchema(target), ...merged };
  }
  if (Array.isArray(merged.allOf)) {
    const parts = (merged.allOf as JsonSchema[]).map(resolveSchema);
    delete merged.allOf;
    merged = Object.assign({}, ...parts, merged) as JsonSchema;
  }
  return merged;
}

/** The types and allowed values of a field, from its schema (`anyOf` branches united). */
function constraintOf(schema: JsonSchema): FieldConstraint {
  const resolved = resolveSchema(schema);
  if (Array.isArray(resolved.anyOf)) {
    const branches = (resolved.anyOf as JsonSchema[]).map(constraintOf);
    const values = branches.flatMap((b) => b.values ?? []);
    return {
      types: [...new Set(branches.flatMap((b) => b.types))],
      ...(values.length > 0 ? { values: [...new Set(values)] } : {}),
    };
  }
  const declared = resolved.type;
  const types = (Array.isArray(declared) ? declared : declared === undefined ? [] : [declared]).map((t) =>
    t === 'integer' ? 'number' : String(t),
  );
  const items = resolved.items ? resolveSchema(resolved.items as JsonSchema) : undefined;
  const values = (resolved.enum ?? items?.enum) as unknown[] | undefined;
  return {
    types,
    ...(values ? { values: values.map(String) } : {}),
  };
}

/**
 * A value of a type the field does not take: for a list of allowed values, one of them bare (the
 * plausible slip); a number where text is asked; text where anything else is. For a number with a
 * stated maximum, that maximum plus one as text, so a path honouring it unparsed shows.
 */
function wrongTypeValue(constraint: FieldConstraint, schema: JsonSchema): unknown {
  const { types, values } = constraint;
  if (types.includes('string')) return 42;
  if (types.includes('array')) return values?.[0] ?? 'text';
  if (types.includes('boolean')) return 'true';
  if (types.includes('number')) {
    const maximum = resolveSchema(schema).maximum;
    return typeof maximum === 'number' ? String(maximum + 1) : 'five';
  }
  return 'text';
}

/** A value outside a field's allowed values: plausible in shape, named by no list. */
const OUTSIDE_VALUE = 'unlisted';

/**
 * Text of `length` characters in a script, every position recognisable (a cut shows where it
 * happened): `accented` puts "é" (U+00E9, precomposed: one character, two UTF-8 bytes) between
 * the numbers, `cjk` puts "文" (one character, three bytes), `padded` surrounds ASCII with a
 * space at each end (the spaces count).
 */
export function textOfLength(script: Script, length: number): string {
  const marked = (n: number, separator: string): string => {
    let text = '';
    for (let i = 0; text.length < n; i += 1) text += `${i}${separator}`;
    return text.slice(0, n);
  };
  switch (script) {
    case 'ascii':
      return marked(length, '|');
    case 'accented':
      return marked(length, '\u00e9');
    case 'cjk':
      return marked(length, '\u6587');
    case 'padded':
      return length < 2 ? ' '.repeat(length) : ` ${marked(length - 2, '|')} `;
  }
}

function requirementOf(schema: JsonSchema): string[] {
  const id = schema['x-requirement'];
  return typeof id === 'string' ? [id] : [];
}

const unique = (ids: readonly string[]): string[] => [...new Set(ids)];

interface FieldSource {
  operation: Operation;
  in: 'body' | 'query';
  body: JsonSchema | undefined;
  field: string;
  schema: JsonSchema;
  required: boolean;
}

function makeCase(
  source: FieldSource,
  ruleClass: RuleClass,
  variant: string,
  value: unknown,
  extra: Partial<Pick<InputCase, 'absent' | 'context' | 'stated' | 'requirements'>> & {
    cap?: AnswerCap | undefined;
  } = {},
): InputCase {
  const { operation, field, schema } = source;
  return {
    id: `${operation.operationId}.${field}.${ruleClass}${variant ? `.${variant}` : ''}`,
    operationId: operation.operationId,
    in: source.in,
    field,
    ruleClass,
    variant,
    value,
    absent: extra.absent ?? false,
    context: extra.context ?? {},
    constraint: constraintOf(schema),
    stated: extra.stated,
    cap: extra.cap,
    requirements: unique([
      ...requirementOf(schema),
      ...(extra.requirements ?? []),
      ...(extra.cap?.requirements ?? []),
    ]),
  };
}

/** What the body (or the field itself) states about leaving a required field out. */
function missingCase(source: FieldSource): InputCase {
  const own = source.schema['x-when-missing'] as WhenMissing | undefined;
  const rule = own ?? (source.body?.['x-when-missing'] as WhenMissing | undefined);
  const stated: StatedAnswer | undefined = rule
    ? {
        kind: 'refused',
        ...(rule.status !== undefined ? { status: rule.status } : {}),
        ...(rule['names-missing'] ? { names: source.field } : {}),
      }
    : undefined;
  return makeCase(source, 'missing', '', undefined, {
    absent: true,
    stated,
    requirements: rule?.requirements ?? [],
  });
}

/** The field's limit, declared on this operation or on another of its tag that takes the field. */
function limitOf(
  source: FieldSource,
  siblings: readonly FieldSource[],
): { limit: Limit; own: boolean } | undefined {
  const own = source.schema['x-limit'] as Limit | undefined;
  if (own) return { limit: own, own: true };
  const elsewhere = siblings.find(
    (s) =>
      s !== source &&
      s.field === source.field &&
      s.operation.tag === source.operation.tag &&
      s.schema['x-limit'] !== undefined,
  );
  return elsewhere ? { limit: elsewhere.schema['x-limit'] as Limit, own: false } : undefined;
}

function lengthCases(source: FieldSource, found: { limit: Limit; own: boolean }): InputCase[] {
  const { limit, own } = found;
  const maxLength = limit.maxLength ?? (resolveSchema(source.schema).maxLength as number | undefined);
  if (maxLength === undefined) return [];
  const context = limit.when ?? {};
  // Where the limit is declared on another operation of the resource, this one's answer is not stated.
  const requirements = own ? limit.requirements : [];
  return SCRIPTS.flatMap((script) => {
    const atStated: StatedAnswer | undefined = own ? { kind: 'accepted' } : undefined;
    const beyond = limit.beyond;
    const pastStated: StatedAnswer | undefined = !own
      ? undefined
      : beyond === 'truncated'
        ? { kind: 'truncated', length: maxLength }
        : typeof beyond === 'object'
          ? { kind: 'refused', status: beyond.status }
          : undefined;
    return [
      makeCase(source, 'at-limit', script, textOfLength(script, maxLength), {
        context,
        stated: atStated,
        requirements,
      }),
      makeCase(source, 'past-limit', script, textOfLength(script, maxLength + 1), {
        context,
        stated: pastStated,
        requirements,
      }),
    ];
  });
}

/** A stated maximum of a number that caps the answer (topK): at it, and one past. */
function maximumCases(source: FieldSource): InputCase[] {
  const limit = source.schema['x-limit'] as Limit | undefined;
  const maximum = resolveSchema(source.schema).maximum;
  if (!limit || limit.beyond !== 'at-most' || typeof maximum !== 'number') return [];
  const cap = { max: maximum, requirements: limit.requirements };
  return [
    makeCase(source, 'at-limit', 'maximum', maximum, { stated: { kind: 'accepted' }, cap }),
    makeCase(source, 'past-limit', 'maximum', maximum + 1, { cap }),
  ];
}

function enumCases(source: FieldSource, constraint: FieldConstraint): InputCase[] {
  const values = constraint.values;
  if (!values) return [];
  const asList = constraint.types.includes('array');
  const cases = values.map((value) =>
    makeCase(source, 'enum-value', value, asList ? [value] : value, { stated: { kind: 'accepted' } }),
  );
  cases.push(makeCase(source, 'enum-outside', '', asList ? [OUTSIDE_VALUE] : OUTSIDE_VALUE));
  // A field that also takes a bare string (an update's os) gets the outside value bare too.
  if (asList && constraint.types.includes('string'))
    cases.push(makeCase(source, 'enum-outside', 'bare', OUTSIDE_VALUE));
  return cases;
}

function reservedCases(source: FieldSource): InputCase[] {
  const rule = source.schema['x-when-reserved'] as { requirements: string[] } | undefined;
  const reserved = (resolveSchema(source.schema).not as { enum?: unknown[] } | undefined)?.enum;
  if (!rule || !reserved) return [];
  return reserved.map((value) =>
    makeCase(source, 'reserved', String(value), value, {
      stated: { kind: 'refused' },
      requirements: rule.requirements,
    }),
  );
}

/** Fields a body must not carry (`not: {anyOf: [{required: [f]}]}`), each sent alone. */
function forbiddenCases(operation: Operation, body: JsonSchema): InputCase[] {
  const rule = body['x-when-forbidden'] as
    { status: number; message: string; requirements: string[] } | undefined;
  const branches = (body.not as { anyOf?: Array<{ required?: string[] }> } | undefined)?.anyOf ?? [];
  if (!rule) return [];
  return branches.flatMap((branch) =>
    (branch.required ?? []).map((field) =>
      makeCase(
        { operation, in: 'body', body, field, schema: {}, required: false },
        'forbidden',
        '',
        FORBIDDEN_VALUES[field] ?? 'x',
        {
          stated: { kind: 'refused', status: rule.status, message: rule.message },
          requirements: rule.requirements,
        },
      ),
    ),
  );
}

/** Plausible values of the server-managed fields a client might echo back from a read. */
const FORBIDDEN_VALUES: Readonly<Record<string, unknown>> = {
  _id: '0123456789abcdef01234567',
  userId: 'someone',
  status: 'approved',
  appVersion: '1.0.0',
  createdAt: '2024-01-01T00:00:00.000Z',
  __v: 0,
};

function fieldCases(source: FieldSource, siblings: readonly FieldSource[]): InputCase[] {
  const constraint = constraintOf(source.schema);
  const cases: InputCase[] = [];
  if (source.in === 'body') {
    cases.push(
      makeCase(source, 'wrong-type', '', wrongTypeValue(constraint, source.schema), {
        cap: maximumCap(source),
      }),
    );
    if (source.required) cases.push(missingCase(source));
  }
  cases.push(...enumCases(source, constraint), ...reservedCases(source));
  const limit = limitOf(source, siblings);
  if (limit) cases.push(...lengthCases(source, limit));
  cases.push(...maximumCases(source));
  return cases;
}

function maximumCap(source: FieldSource): AnswerCap | undefined {
  const limit = source.schema['x-limit'] as Limit | undefined;
  const maximum = resolveSchema(source.schema).maximum;
  return limit?.beyond === 'at-most' && typeof maximum === 'number'
    ? { max: maximum, requirements: limit.requirements }
    : undefined;
}

/** Page sizes of a paged route: 1 (stated: a page of one), and values the document leaves open. */
const OPEN_PAGE_SIZES: readonly unknown[] = [100, 0, -1, 'abc'];

function pageSizeCases(source: FieldSource): InputCase[] {
  return [
    makeCase(source, 'page-size', '1', 1, { stated: { kind: 'page', limit: 1 } }),
    ...OPEN_PAGE_SIZES.map((size) => makeCase(source, 'page-size', String(size), size)),
  ];
}

function bodySources(operation: Operation): FieldSource[] {
  const raw = operation.requestBody['application/json'];
  if (!raw) return [];
  const body = resolveSchema(raw);
  const required = new Set((body.required as string[] | undefined) ?? []);
  return Object.entries((body.properties ?? {}) as Record<string, JsonSchema>).map(([field, schema]) => ({
    operation,
    in: 'body' as const,
    body,
    field,
    schema,
    required: required.has(field),
  }));
}

/** A paged route's query parameters: those with allowed values, and the page size. */
function querySources(operation: Operation): FieldSource[] {
  if (!operation.parameters.some((p) => p.in === 'query' && p.name === 'limit')) return [];
  return operation.parameters
    .filter((p) => p.in === 'query' && p.schema && (p.name === 'limit' || p.schema.enum))
    .map((p) => ({
      operation,
      in: 'query' as const,
      body: undefined,
      field: p.name,
      schema: p.schema as JsonSchema,
      required: p.required,
    }));
}

/** The operations whose input rules are derived: every one with a JSON body, and every paged one. */
function ruledOperations(operations: Iterable<Operation> = loadOperationIndexSync().values()): Operation[] {
  return [...operations].filter(
    (op) =>
      !(op.operationId in EXCLUDED_OPERATIONS) &&
      (op.requestBody['application/json'] !== undefined ||
        op.requestBody['multipart/form-data'] !== undefined ||
        querySources(op).length > 0),
  );
}

/** A file part's types: each accepted one (stated), and others the document does not list (observed). */
function fileTypeCases(operation: Operation): InputCase[] {
  const raw = operation.requestBody['multipart/form-data'];
  if (!raw) return [];
  const form = resolveSchema(raw);
  return Object.entries((form.properties ?? {}) as Record<string, JsonSchema>).flatMap(([field, schema]) => {
    const types = schema['x-file-types'] as
      { accepted: string[]; others: string[]; requirements: string[] } | undefined;
    if (!types) return [];
    const source: FieldSource = { operation, in: 'body', body: form, field, schema, required: true };
    return [
      ...types.accepted.map((kind) =>
        makeCase(source, 'file-type', kind, kind, {
          stated: { kind: 'accepted' },
          requirements: types.requirements,
        }),
      ),
      ...types.others.map((kind) => makeCase(source, 'file-type', kind, kind)),
    ];
  });
}

/** Every case of every ruled operation, in the spec's order. */
export function inputRuleCases(
  operations: Iterable<Operation> = loadOperationIndexSync().values(),
): InputCase[] {
  const ruled = ruledOperations(operations);
  const sources = ruled.flatMap((op) => [...bodySources(op), ...querySources(op)]);
  return ruled.flatMap((operation) => {
    const own = sources.filter((s) => s.operation === operation);
    const cases = own.flatMap((source) =>
      source.in === 'query' && source.field === 'limit' ? pageSizeCases(source) : fieldCases(source, sources),
    );
    const body = own.find((s) => s.body)?.body;
    if (body) cases.push(...forbiddenCases(operation, body));
    cases.push(...fileTypeCases(operation));
    return cases;
  });
}
