import type { Operation, Scope } from '../../spec/openapi.ts';
import { API_PREFIX, operationIndex, toFastifyPath } from '../http/operation-route.ts';

/** `METHOD /api/v1/fastify/:template`, the key under which the guard looks a matched route up. */
export function routeKey(method: string, fastifyUrl: string): string {
  return `${method.toUpperCase()} ${fastifyUrl}`;
}

/**
 * The scope each route needs, derived from every operation's `x-scope` in spec/openapi.yaml and
 * nothing else: a route missing here has no scope rule.
 */
export function buildScopeTable(operations: Iterable<Operation> = operationIndex().values()): Map<string, Scope> {
  const table = new Map<string, Scope>();
  for (const op of operations) {
    table.set(routeKey(op.method, API_PREFIX + toFastifyPath(op.path)), op.scope);
  }
  return table;
}
