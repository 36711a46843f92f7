import { loadOperationIndexSync, type HttpMethod, type Operation } from '../../spec/openapi.ts';

/** The API's prefix inside the reference server; `{base_url}` ends with it. */
export const API_PREFIX = '/api/v1';

let index: Map<string, Operation> | undefined;

/** spec/openapi.yaml's operations, read once: routes and the scope table both come from here. */
export function operationIndex(): ReadonlyMap<string, Operation> {
  index ??= loadOperationIndexSync();
  return index;
}

/** `/kb/{kbId}/query` → `/kb/:kbId/query` */
export function toFastifyPath(openApiPath: string): string {
  return openApiPath.replace(/\{([^}/]+)\}/g, ':$1');
}

/**
 * Method and URL (relative to the API prefix) of an operation, so route modules never write a
 * path a second time: `app.route({ ...operationRoute('listPersonas'), handler })`.
 */
export function operationRoute(operationId: string): { method: HttpMethod; url: string } {
  const op = operationIndex().get(operationId);
  if (!op) throw new Error(`reference: spec/openapi.yaml has no operation ${operationId}`);
  return { method: op.method, url: toFastifyPath(op.path) };
}
