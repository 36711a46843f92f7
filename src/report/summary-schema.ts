import { readFileSync } from 'node:fs';
import type { ErrorObject } from 'ajv/dist/2020.js';
import { cachedSchemaCompiler, type SchemaValidator } from '../spec/ajv-cache.ts';
import { makeRedactor } from '../redact/secrets.ts';
import { projectPath } from '../project-root.ts';

/** The written contract of summary.json: one file, read by people, other tools and this module. */
const SCHEMA_FILE = projectPath('docs', 'summary.schema.json');

let compiled: SchemaValidator | undefined;

/** A file given to `diff` may hold anything: a key or share token in a check id is not repeated. */
const hideSecrets = makeRedactor([]);

/**
 * Compiled on first use, once per process: a run writes one summary, `compare` reads many. Its code
 * is kept between processes (ajv-cache): compiling it cost every run's CLI some 150 ms of CPU.
 */
function validator(): SchemaValidator {
  if (compiled) return compiled;
  // strict catches a mistake in the schema itself (when it is compiled, on a change of the file);
  // `required` inside if/then names a property declared beside it, which strictRequired cannot see.
  const compile = cachedSchemaCompiler({
    options: { strict: true, strictRequired: false, allErrors: false },
    formats: true,
  });
  compiled = compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as object);
  return compiled;
}

/** The check a JSON pointer such as `/checks/3/status` points into, if any. */
function checkAt(pointer: string, value: unknown): { id?: unknown; outcome?: unknown } | undefined {
  const index = /^\/checks\/(\d+)/.exec(pointer)?.[1];
  const checks = (value as { checks?: unknown }).checks;
  if (index === undefined || !Array.isArray(checks)) return undefined;
  const check: unknown = checks[Number(index)];
  return typeof check === 'object' && check !== null ? check : undefined;
}

function problemOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') return `unknown field "${String(params.additionalProperty)}"`;
  if (error.keyword === 'enum')
    return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  if (error.keyword === 'const') return `must be ${JSON.stringify(params.allowedValue)}`;
  return error.message ?? 'does not match';
}

/**
 * One line: where (`top level`, or a JSON pointer with the check's id: a person looks for the
 * check, not its index), what is wrong, and for a rule tying a check's fields to its outcome, which
 * outcome.
 */
function describe(error: ErrorObject, value: unknown): string {
  if (error.instancePath === '') return `top level: ${problemOf(error)}`;
  const check = checkAt(error.instancePath, value);
  const id = typeof check?.id === 'string' ? ` (check ${hideSecrets(check.id)})` : '';
  const byOutcome = /\/allOf\/\d+\/then\//.test(error.schemaPath) && typeof check?.outcome === 'string';
  const why = byOutcome ? ` for outcome ${JSON.stringify(check.outcome)}` : '';
  return `${error.instancePath}${id}: ${problemOf(error)}${why}`;
}

/** The first way `value` departs from docs/summary.schema.json, as one line; undefined when it is a summary. */
export function summaryProblem(value: unknown): string | undefined {
  const validate = validator();
  if (validate(value)) return undefined;
  const [error] = validate.errors ?? [];
  if (error === undefined) return 'does not match';
  return describe(error, value);
}
