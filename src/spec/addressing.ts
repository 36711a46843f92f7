import type { Operation } from './openapi.ts';

/** Path segments the document calls vestigial: "the caller is taken from the bearer credential". */
const VESTIGIAL_PATH_PARAMETERS = new Set(['sessionId', 'userId']);

/**
 * Identifiers that travel in the body or the query, which the spec cannot mark as addressing a
 * resource: the assistant of an update, and the plugin title of get, update and delete.
 */
const NON_PATH_IDENTIFIERS: Readonly<Record<string, string>> = {
  updatePersona: 'body personaId',
  getPlugin: 'query title',
  updatePlugin: 'body title',
  deletePlugin: 'body title',
};

/**
 * How an operation names the existing resource it acts on (`path kbId, path docId`, `body title`),
 * or undefined when it addresses none (lists, searches, creates, the voice catalog). Derived from
 * the operation's path parameters, plus the few body and query identifiers above.
 */
export function resourceIdentifiers(operation: Operation): string | undefined {
  const fromPath = operation.parameters
    .filter((parameter) => parameter.in === 'path' && !VESTIGIAL_PATH_PARAMETERS.has(parameter.name))
    .map((parameter) => `path ${parameter.name}`);
  const other = NON_PATH_IDENTIFIERS[operation.operationId];
  const all = [...fromPath, ...(other === undefined ? [] : [other])];
  return all.length === 0 ? undefined : all.join(', ');
}
