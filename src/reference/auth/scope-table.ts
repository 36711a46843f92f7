import type { Operation, Scope } from '../../spec/openapi.ts';
import { NO_FAULTS, type FaultSwitch } from '../fault-switch.ts';
import { API_PREFIX, operationIndex, toFastifyPath } from '../http/operation-route.ts';
import { authFault, type AuthFault } from './faults.ts';

/** `METHOD /api/v1/fastify/:template`, the key under which the guard looks a matched route up. */
export function routeKey(method: string, fastifyUrl: string): string {
  return `${method.toUpperCase()} ${fastifyUrl}`;
}

/** Planted faults: one operation's row of the table written with the wrong module or level. */
const MISWRITTEN_ROWS: ReadonlyArray<{ fault: AuthFault; operationId: string; scope: Partial<Scope> }> = [
  { fault: 'auth.transfer-at-edit', operationId: 'transferOwnership', scope: { level: 'edit' } },
  { fault: 'auth.delete-base-at-edit', operationId: 'deleteKnowledgeBase', scope: { level: 'edit' } },
  { fault: 'auth.create-plugin-any-level', operationId: 'createPlugin', scope: { level: 'view' } },
  { fault: 'auth.update-plugin-needs-manage', operationId: 'updatePlugin', scope: { level: 'manage' } },
  { fault: 'auth.query-needs-edit', operationId: 'queryKnowledgeBase', scope: { level: 'edit' } },
  { fault: 'auth.detach-needs-manage', operationId: 'detachKnowledgeBase', scope: { level: 'manage' } },
  { fault: 'auth.voices-judged-as-assistants', operationId: 'listVoices', scope: { module: 'assistants' } },
  {
    fault: 'auth.update-attachment-needs-manage',
    operationId: 'updateAttachment',
    scope: { level: 'manage' },
  },
  { fault: 'auth.detach-at-view', operationId: 'detachKnowledgeBase', scope: { level: 'view' } },
  { fault: 'auth.stats-need-edit', operationId: 'getKnowledgeBaseStats', scope: { level: 'edit' } },
  {
    fault: 'auth.persona-bases-judged-as-assistants',
    operationId: 'listPersonaKnowledgeBases',
    scope: { module: 'assistants' },
  },
];

function miswritten(operationId: string, faults: FaultSwitch): Partial<Scope> {
  const planted = MISWRITTEN_ROWS.filter(
    (row) => row.operationId === operationId && authFault(faults, row.fault),
  );
  return Object.assign({}, ...planted.map((row) => row.scope)) as Partial<Scope>;
}

/**
 * The scope each route needs, derived from every operation's `x-scope` in spec/openapi.yaml and
 * nothing else: a route missing here has no scope rule.
 */
export function buildScopeTable(
  operations: Iterable<Operation> = operationIndex().values(),
  faults: FaultSwitch = NO_FAULTS,
): Map<string, Scope> {
  const table = new Map<string, Scope>();
  for (const op of operations) {
    table.set(routeKey(op.method, API_PREFIX + toFastifyPath(op.path)), {
      ...op.scope,
      ...miswritten(op.operationId, faults),
    });
  }
  return table;
}
