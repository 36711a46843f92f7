import { cachedSchemaCompiler, type SchemaValidator } from '../spec/ajv-cache.ts';
import type { Spec } from '../spec/openapi.ts';

// One Ajv per worker for every schema of spec/openapi.yaml a check validates against: each schema
// is compiled once, whichever helper asks first (and its code kept for the next worker: ajv-cache).
const compile = cachedSchemaCompiler({
  options: { allErrors: true, strict: false, validateFormats: true },
  formats: true,
});
const compiled = new Map<string, SchemaValidator>();

function cached(key: string, schema: () => object | undefined): SchemaValidator | undefined {
  const known = compiled.get(key);
  if (known) return known;
  const found = schema();
  if (found === undefined) return undefined;
  const validate = compile(found);
  compiled.set(key, validate);
  return validate;
}

/** The validator of an operation's response at a status; none where the document gives no schema. */
export function responseValidator(
  spec: Spec,
  operationId: string,
  status: string,
): SchemaValidator | undefined {
  return cached(`response ${operationId} ${status}`, () => spec.operation(operationId).responses[status]);
}

/** The validator of a named component schema (`PersonaCountResponse`). */
export function componentValidator(spec: Spec, component: string): SchemaValidator {
  const validate = cached(
    `component ${component}`,
    () =>
      (spec.document.components as { schemas?: Record<string, object> } | undefined)?.schemas?.[component],
  );
  if (!validate) throw new Error(`spec: no component schema named ${component}`);
  return validate;
}
