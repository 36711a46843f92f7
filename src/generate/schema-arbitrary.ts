import fc from 'fast-check';
import { cachedSchemaCompiler, type SchemaValidator } from '../spec/ajv-cache.ts';
import type { JsonSchema } from '../spec/openapi.ts';
import { realisticEmail, realisticUrl, realisticWords } from './realistic.ts';

/**
 * Arbitraries derived from a (dereferenced) JSON Schema of spec/openapi.yaml: which keys exist,
 * which are required, their types, enums, patterns, lengths and conditional requirements all come
 * from the schema. Hints only supply realistic values for leaves, by path.
 */
export interface SchemaArbitraryOptions {
  /**
   * Values by path (`name`, `tags[]`, `is_agentic_tool`): used instead of the schema's own
   * generator for a node that is neither an array nor an anyOf/oneOf (their items and branches are
   * looked up instead, so `os` and `os[]` can both be hinted for a string-or-array field).
   */
  hints?: Readonly<Record<string, fc.Arbitrary<unknown>>>;
  /** Properties (by path) never generated, e.g. ids the target has to provide. */
  omit?: readonly string[];
  /** Optional properties (by path) generated always, as if the schema required them. */
  require?: readonly string[];
  /** Shortest array (by path) where a check needs more than the schema's minimum. */
  minItems?: Readonly<Record<string, number>>;
  /** Longest generated array where the schema sets no maximum (default 3). */
  maxItems?: number;
}

// The `if` of a conditional requirement, compiled once per process and kept across them (ajv-cache).
const compileCondition = cachedSchemaCompiler({ options: { strict: false }, formats: false });
const conditions = new WeakMap<object, SchemaValidator>();

function asSchema(value: unknown): JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonSchema) : {};
}

function schemaList(value: unknown): JsonSchema[] {
  return Array.isArray(value) ? value.map(asSchema) : [];
}

/** `allOf` of one or more plain schemas is folded into its parent (the spec uses it to annotate a $ref). */
function foldAllOf(schema: JsonSchema): JsonSchema {
  const parts = schemaList(schema.allOf);
  if (parts.length === 0) return schema;
  const { allOf: _allOf, ...rest } = schema;
  let folded: JsonSchema = { ...rest };
  for (const part of parts.map(foldAllOf)) {
    const required = [...stringList(folded.required), ...stringList(part.required)];
    folded = {
      ...part,
      ...folded,
      properties: { ...asSchema(part.properties), ...asSchema(folded.properties) },
      ...(required.length > 0 ? { required } : {}),
    };
    if (Object.keys(asSchema(folded.properties)).length === 0) delete folded.properties;
  }
  return folded;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function notValues(schema: JsonSchema): unknown[] {
  const not = asSchema(schema.not);
  return Array.isArray(not.enum) ? not.enum : [];
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = numberOr(schema.minLength, 0);
  const maxLength = numberOr(schema.maxLength, 200);
  let base: fc.Arbitrary<string>;
  if (typeof schema.pattern === 'string') base = fc.stringMatching(new RegExp(schema.pattern));
  else if (schema.format === 'email') base = realisticEmail();
  else if (schema.format === 'uri') base = realisticUrl();
  else base = realisticWords().map((text) => text.slice(0, maxLength));
  const excluded = notValues(schema);
  return base.filter((s) => s.length >= minLength && s.length <= maxLength && !excluded.includes(s));
}

/** The `then` part of an `if`/`then`: keys it requires are added when the generated object matches `if`. */
function withConditional(
  schema: JsonSchema,
  object: fc.Arbitrary<Record<string, unknown>>,
  build: (name: string) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const condition = asSchema(schema.if);
  const then = asSchema(schema.then);
  const thenRequired = stringList(then.required);
  if (Object.keys(condition).length === 0 || thenRequired.length === 0) return object;
  let validate = conditions.get(condition);
  if (!validate) {
    validate = compileCondition(condition);
    conditions.set(condition, validate);
  }
  const matches = validate;
  return object.chain((value) => {
    const missing = thenRequired.filter((key) => !(key in value));
    if (!matches(value) || missing.length === 0) return fc.constant(value);
    return fc
      .record(Object.fromEntries(missing.map((key) => [key, build(key)])))
      .map((extra) => ({ ...value, ...extra }));
  });
}

class SchemaArbitraryBuilder {
  private readonly hints: Readonly<Record<string, fc.Arbitrary<unknown>>>;
  private readonly omit: ReadonlySet<string>;
  private readonly require: ReadonlySet<string>;
  private readonly minItems: Readonly<Record<string, number>>;
  private readonly maxItems: number;

  constructor(options: SchemaArbitraryOptions) {
    this.hints = options.hints ?? {};
    this.omit = new Set(options.omit ?? []);
    this.require = new Set(options.require ?? []);
    this.minItems = options.minItems ?? {};
    this.maxItems = options.maxItems ?? 3;
  }

  build(raw: JsonSchema, path: string): fc.Arbitrary<unknown> {
    const schema = foldAllOf(raw);
    const branches = [...schemaList(schema.anyOf), ...schemaList(schema.oneOf)];
    if (branches.length > 0) {
      const { anyOf: _anyOf, oneOf: _oneOf, ...shared } = schema;
      return fc.oneof(...branches.map((branch) => this.build({ ...shared, ...branch }, path)));
    }
    const hint = this.hints[path];
    if (hint && schema.type !== 'array') return hint;
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    switch (schema.type) {
      case 'string':
        return stringArbitrary(schema);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return fc.integer({ min: numberOr(schema.minimum, 0), max: numberOr(schema.maximum, 1000) });
      case 'number':
        return fc.integer({ min: numberOr(schema.minimum, 0), max: numberOr(schema.maximum, 1000) });
      case 'array':
        return this.array(schema, path);
      case 'object':
        return this.object(schema, path);
      default:
        // An untyped schema (`{}`): the spec states nothing to derive a value from.
        return schema.properties ? this.object(schema, path) : fc.constant(null);
    }
  }

  private array(schema: JsonSchema, path: string): fc.Arbitrary<unknown[]> {
    const items = asSchema(schema.items);
    const minLength = Math.max(numberOr(schema.minItems, 0), this.minItems[path] ?? 0);
    const constraints = {
      minLength,
      maxLength: Math.max(minLength, numberOr(schema.maxItems, this.maxItems)),
    };
    const item = this.build(items, `${path}[]`);
    // Lists here (platforms, tags, emails, plugin ids) are sets in practice: a repeated entry would
    // be an odd request, and what a server makes of it is not the document's subject.
    return fc.uniqueArray(item, { ...constraints, selector: (v) => JSON.stringify(v) });
  }

  private object(schema: JsonSchema, path: string): fc.Arbitrary<Record<string, unknown>> {
    const properties = asSchema(schema.properties);
    const at = (name: string) => (path === '' ? name : `${path}.${name}`);
    const names = Object.keys(properties).filter((name) => !this.omit.has(at(name)));
    const required = names.filter(
      (name) => stringList(schema.required).includes(name) || this.require.has(at(name)),
    );
    const model = Object.fromEntries(
      names.map((name) => [name, this.build(asSchema(properties[name]), at(name))]),
    );
    const record = fc.record(model, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
    return withConditional(schema, record, (name) => this.build(asSchema(properties[name]), at(name)));
  }
}

/** An arbitrary of values valid against `schema` (the unit tests hold every generator to that). */
export function arbitraryFromSchema(
  schema: JsonSchema,
  options: SchemaArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  return new SchemaArbitraryBuilder(options).build(schema, '');
}

/** The same for an object schema, typed as an object. */
export function objectFromSchema(
  schema: JsonSchema,
  options: SchemaArbitraryOptions = {},
): fc.Arbitrary<Record<string, unknown>> {
  return arbitraryFromSchema(schema, options) as fc.Arbitrary<Record<string, unknown>>;
}
