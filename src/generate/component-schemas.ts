import { parsedSpecDocument, type JsonSchema, type Spec } from '../spec/openapi.ts';

function components(document: Record<string, unknown>): Record<string, JsonSchema> {
  const found = (document.components as { schemas?: Record<string, JsonSchema> } | undefined)?.schemas;
  return found ?? {};
}

/** A component schema of the loaded (dereferenced) spec, e.g. `PersonaCreateBody`. */
export function componentSchema(spec: Spec, name: string): JsonSchema {
  const schema = components(spec.document)[name];
  if (!schema) throw new Error(`spec: no component schema named ${name}`);
  return schema;
}

let raw: Record<string, JsonSchema> | undefined;

/**
 * The same, read synchronously and undereferenced: for tables a check file expands when it loads
 * (one check per required field, per server-managed field), before any fixture exists.
 */
export function rawComponentSchema(name: string): JsonSchema {
  raw ??= components(parsedSpecDocument());
  const schema = raw[name];
  if (!schema) throw new Error(`spec: no component schema named ${name}`);
  return schema;
}

/** The `required` list of a component schema. */
export function requiredFields(name: string): string[] {
  const required = rawComponentSchema(name).required;
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [];
}

/**
 * Fields a body must not carry, read from a `not: {anyOf: [{required: [field]}, ...]}` clause
 * (PluginUpdateBody's server-managed fields).
 */
export function forbiddenFields(name: string): string[] {
  const not = rawComponentSchema(name).not as { anyOf?: Array<{ required?: unknown }> } | undefined;
  return (not?.anyOf ?? []).flatMap((branch) =>
    Array.isArray(branch.required) ? branch.required.filter((r): r is string => typeof r === 'string') : [],
  );
}
