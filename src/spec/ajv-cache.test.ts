import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { projectPath } from '../project-root.ts';
import { cachedSchemaCompiler } from './ajv-cache.ts';
import { loadSpec } from './openapi.ts';

const root = mkdtempSync(join(tmpdir(), 'conformance-ajv-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** The set-up of src/expect/validators.ts. */
const VALIDATORS = { options: { allErrors: true, strict: false, validateFormats: true }, formats: true };

/** Ajv as validators.ts set it up before the cache: what the cached code must equal. */
function plainAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  addFormats.default(ajv);
  return ajv;
}

/** Not in the spec, which closes no object: the one keyword the spec's schemas never use. */
const CLOSED = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false };

/** Wrong for about every property: a type, a format (date-time, email, uri), an enum, a pattern. */
const WRONG = [42, 'not valid', '', null, true, [1], {}];

/** Values that break a schema in many ways: whole values of the wrong kind, each property wrong. */
function invalidValues(schema: Record<string, unknown>): unknown[] {
  const names = Object.keys((schema.properties as object | undefined) ?? {});
  const values: unknown[] = [null, 1, 'x', [], {}, { extra: 1 }];
  for (const name of names) for (const wrong of WRONG) values.push({ [name]: wrong });
  for (const wrong of WRONG) values.push(Object.fromEntries(names.map((name) => [name, wrong])));
  // The two if/then of the spec: their `if` holds, their `then` is not met.
  values.push({ code: 'scope_denied' }, { authentication_required: true });
  return values;
}

async function specSchemas(): Promise<Record<string, Record<string, unknown>>> {
  const spec = await loadSpec();
  const components = (spec.document.components as { schemas: Record<string, Record<string, unknown>> })
    .schemas;
  return { ...components, CLOSED };
}

describe('cachedSchemaCompiler', () => {
  it('gives validators whose verdicts and errors equal Ajv compiling them, cold and warm', async () => {
    const dir = join(root, 'same');
    const schemas = await specSchemas();
    const plain = plainAjv();
    const cold = cachedSchemaCompiler(VALIDATORS, dir);
    const coldValidators = Object.values(schemas).map((schema) => cold(schema));
    expect(readdirSync(dir)).toHaveLength(Object.keys(schemas).length);

    // A later process (a new compiler) compiles nothing: it loads the code kept by the first.
    const compile = vi.spyOn(Ajv2020.prototype, 'compile');
    const warm = cachedSchemaCompiler(VALIDATORS, dir);
    const warmValidators = Object.values(schemas).map((schema) => warm(schema));
    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();

    const keywords = new Set<string>();
    const formats = new Set<string>();
    let compared = 0;
    Object.entries(schemas).forEach(([name, schema], index) => {
      const expected = plain.compile(schema);
      for (const value of invalidValues(schema)) {
        const verdict = expected(value);
        for (const validate of [coldValidators[index], warmValidators[index]]) {
          expect({ name, value, verdict: validate?.(value), errors: validate?.errors }).toStrictEqual({
            name,
            value,
            verdict,
            errors: expected.errors,
          });
        }
        for (const error of expected.errors ?? []) {
          keywords.add(error.keyword);
          if (error.keyword === 'format') formats.add(String(error.params.format));
        }
        compared += 1;
      }
    });
    expect(compared).toBeGreaterThan(1000);
    // The comparison reached every kind of problem a failure reports, every format of the spec.
    const reported = 'format enum required additionalProperties oneOf anyOf if const pattern not type';
    for (const keyword of reported.split(' ')) expect(keywords).toContain(keyword);
    expect(formats).toEqual(new Set(['date-time', 'email', 'uri', 'uuid']));
  });

  it('keys the code by the schema and the set-up: another option or schema is another file', () => {
    const dir = join(root, 'keys');
    const schema = { type: 'object', required: ['a', 'b'] };
    cachedSchemaCompiler(VALIDATORS, dir)(schema);
    cachedSchemaCompiler(VALIDATORS, dir)(structuredClone(schema));
    expect(readdirSync(dir)).toHaveLength(1);
    const firstErrorOnly = cachedSchemaCompiler({ options: { strict: false }, formats: true }, dir)(schema);
    expect(firstErrorOnly({})).toBe(false);
    expect(firstErrorOnly.errors).toHaveLength(1);
    cachedSchemaCompiler({ ...VALIDATORS, formats: false }, dir)(schema);
    cachedSchemaCompiler(VALIDATORS, dir)({ type: 'object', required: ['a'] });
    expect(readdirSync(dir)).toHaveLength(4);
  });

  it('compiles afresh where the kept file is corrupt, and keeps a good one again', () => {
    const dir = join(root, 'corrupt');
    const schema = { type: 'string', format: 'email' };
    cachedSchemaCompiler(VALIDATORS, dir)(schema);
    const [file] = readdirSync(dir);
    const good = readFileSync(join(dir, String(file)), 'utf8');
    for (const broken of ['module.exports = validate10 +', 'module.exports = 42;', '']) {
      writeFileSync(join(dir, String(file)), broken);
      const validate = cachedSchemaCompiler(VALIDATORS, dir)(schema);
      expect(validate('someone@example.com')).toBe(true);
      expect(validate('someone')).toBe(false);
      expect(validate.errors?.[0]?.message).toBe('must match format "email"');
      expect(readFileSync(join(dir, String(file)), 'utf8')).toBe(good);
    }
  });

  it('compiles every time where the cache cannot be written, and lets a bad schema through', () => {
    // A directory under a regular file cannot be made, even by root.
    const blocker = join(root, 'not-a-directory');
    writeFileSync(blocker, '');
    const compile = cachedSchemaCompiler(VALIDATORS, join(blocker, 'ajv'));
    const validate = compile({ type: 'integer', minimum: 1 });
    expect(validate(0)).toBe(false);
    expect(validate.errors?.[0]?.message).toBe('must be >= 1');
    expect(readdirSync(root).filter((name) => name.startsWith('not-a-directory'))).toEqual([
      'not-a-directory',
    ]);
    expect(() => compile({ type: 'no such type' })).toThrow(/schema is invalid/);
  });

  it('compiles every time where Ajv cannot write a schema as standalone code', () => {
    const dir = join(root, 'no-standalone');
    vi.spyOn(standaloneCode, 'default').mockImplementation(() => {
      throw new Error('CodeGen: function without source');
    });
    const validate = cachedSchemaCompiler(VALIDATORS, dir)({ enum: ['a', 'b'] });
    expect(validate('c')).toBe(false);
    expect(validate.errors?.[0]?.message).toBe('must be equal to one of the allowed values');
    expect(standaloneCode.default).toHaveBeenCalledOnce();
    expect(readdirSync(root)).not.toContain('no-standalone');
  });

  it('leaves a schema that names itself, or refers outside itself, to Ajv: a later $ref to it resolves', () => {
    const dir = join(root, 'named');
    const named = { $id: 'https://schemas.example/name', type: 'string', minLength: 1 };
    const referring = { type: 'object', properties: { name: { $ref: 'https://schemas.example/name' } } };
    // A first process keeps nothing of either; a second, compiling them again, resolves the $ref.
    for (let process = 0; process < 2; process += 1) {
      const compile = cachedSchemaCompiler(VALIDATORS, dir);
      expect(compile(named)('')).toBe(false);
      const validate = compile(referring);
      expect(validate({ name: '' })).toBe(false);
      expect(validate.errors?.[0]?.instancePath).toBe('/name');
    }
    expect(() => readdirSync(dir)).toThrow(/ENOENT/);
    // A local $ref is self-contained: kept.
    cachedSchemaCompiler(VALIDATORS, dir)({ $defs: { a: { type: 'string' } }, $ref: '#/$defs/a' });
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it("gives summary.json's validator (strict, first error, local $refs) equal cold and warm", () => {
    const dir = join(root, 'summary');
    const setup = { options: { strict: true, strictRequired: false, allErrors: false }, formats: true };
    const schema = JSON.parse(readFileSync(projectPath('docs', 'summary.schema.json'), 'utf8')) as object;
    const cold = cachedSchemaCompiler(setup, dir)(schema);
    const warm = cachedSchemaCompiler(setup, dir)(schema);
    expect(readdirSync(dir)).toHaveLength(1);
    const wrong: unknown[] = [
      {},
      { schemaVersion: 1 },
      { schemaVersion: '1', status: 'passed', checks: [{ id: 1 }] },
      { status: 'maybe', outcomes: { passed: -1 }, checks: [] },
    ];
    for (const value of wrong) {
      expect(cold(value)).toBe(false);
      expect(warm(value)).toBe(false);
      expect(warm.errors).toStrictEqual(cold.errors);
    }
  });
});
