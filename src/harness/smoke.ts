import type { ScopeCellMeta } from '../scope/matrix.ts';
import { loadOperationIndexSync } from '../spec/openapi.ts';

/**
 * `--profile smoke`: a first minute's answer to "does it work at all": one success path per
 * operation (its scope-matrix cell with a key of its own module at the level it needs, which must
 * get the documented success and body) and the bearer-token table (every key kind on every route
 * family). The check files this needs are the auth area's.
 */
export const SMOKE_FILES = ['suites/auth/**/*.test.ts'];

let modules: Map<string, string> | undefined;

/** The key a smoke run tries each operation with: `MODULE:manage`, or `voices:view` for the catalog. */
function ownKey(operationId: string): string | undefined {
  modules ??= new Map([...loadOperationIndexSync()].map(([id, operation]) => [id, operation.scope.module]));
  const module = modules.get(operationId);
  return module === undefined ? undefined : `${module}:${module === 'voices' ? 'view' : 'manage'}`;
}

export function isSmokeCheck(id: string, scope: ScopeCellMeta | undefined): boolean {
  if (id.startsWith('auth.bearer.')) return true;
  return scope !== undefined && scope.expected === 'allowed' && scope.role === ownKey(scope.operationId);
}
