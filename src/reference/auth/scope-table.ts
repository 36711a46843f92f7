import type { Operation, Scope } from '../../spec/openapi.ts';
import { NO_FAULTS, type FaultSwitch } from '../fault-switch.ts';
import { API_PREFIX, operationIndex, operationRoute, toFastifyPath } from '../http/operation-route.ts';
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
  { fault: 'auth.list-assistants-needs-edit', operationId: 'listPersonas', scope: { level: 'edit' } },
  { fault: 'auth.search-assistants-needs-edit', operationId: 'searchPersonas', scope: { level: 'edit' } },
  { fault: 'auth.get-assistant-needs-edit', operationId: 'getPersona', scope: { level: 'edit' } },
  { fault: 'auth.create-assistant-at-view', operationId: 'createPersona', scope: { level: 'view' } },
  { fault: 'auth.update-assistant-needs-manage', operationId: 'updatePersona', scope: { level: 'manage' } },
  { fault: 'auth.delete-assistant-at-edit', operationId: 'deletePersona', scope: { level: 'edit' } },
  { fault: 'auth.share-assistant-at-edit', operationId: 'sharePersona', scope: { level: 'edit' } },
  { fault: 'auth.voices-need-edit', operationId: 'listVoices', scope: { level: 'edit' } },
  { fault: 'auth.list-plugins-needs-edit', operationId: 'listPlugins', scope: { level: 'edit' } },
  { fault: 'auth.get-plugin-needs-edit', operationId: 'getPlugin', scope: { level: 'edit' } },
  { fault: 'auth.search-plugins-needs-edit', operationId: 'searchPlugins', scope: { level: 'edit' } },
  { fault: 'auth.delete-plugin-at-edit', operationId: 'deletePlugin', scope: { level: 'edit' } },
  { fault: 'auth.create-assistant-needs-manage', operationId: 'createPersona', scope: { level: 'manage' } },
  { fault: 'auth.update-assistant-at-view', operationId: 'updatePersona', scope: { level: 'view' } },
  {
    fault: 'auth.list-plugins-judged-as-assistants',
    operationId: 'listPlugins',
    scope: { module: 'assistants' },
  },
  {
    fault: 'auth.get-plugin-judged-as-assistants',
    operationId: 'getPlugin',
    scope: { module: 'assistants' },
  },
];

/** Planted faults: one operation's row left out of the table, so the route has no scope rule. */
const MISSING_ROWS: ReadonlyArray<{ fault: AuthFault; operationId: string }> = [
  { fault: 'auth.transfer-row-missing', operationId: 'transferOwnership' },
  { fault: 'auth.list-assistants-row-missing', operationId: 'listPersonas' },
  { fault: 'auth.search-assistants-row-missing', operationId: 'searchPersonas' },
  { fault: 'auth.voices-row-missing', operationId: 'listVoices' },
  { fault: 'auth.search-plugins-row-missing', operationId: 'searchPlugins' },
];

/** Planted faults: one operation's row judged on the highest level the key holds in any module. */
const ANY_MODULE_ROWS: ReadonlyArray<{ fault: AuthFault; operationId: string }> = [
  { fault: 'auth.delete-assistant-any-manage', operationId: 'deletePersona' },
  { fault: 'auth.transfer-any-manage', operationId: 'transferOwnership' },
  { fault: 'auth.delete-plugin-any-manage', operationId: 'deletePlugin' },
  { fault: 'auth.get-assistant-any-module', operationId: 'getPersona' },
  { fault: 'auth.share-assistant-any-manage', operationId: 'sharePersona' },
  { fault: 'auth.voices-any-module', operationId: 'listVoices' },
];

function rowPlanted(
  rows: ReadonlyArray<{ fault: AuthFault; operationId: string }>,
  operationId: string,
  faults: FaultSwitch,
): boolean {
  return rows.some((row) => row.operationId === operationId && authFault(faults, row.fault));
}

/** Whether a planted fault judges the route under `id` (a `routeKey`) on any module the key holds. */
export function judgedOnAnyModule(id: string, faults: FaultSwitch): boolean {
  return ANY_MODULE_ROWS.some((row) => {
    if (!authFault(faults, row.fault)) return false;
    const { method, url } = operationRoute(row.operationId);
    return routeKey(method, API_PREFIX + url) === id;
  });
}

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
    if (rowPlanted(MISSING_ROWS, op.operationId, faults)) continue;
    table.set(routeKey(op.method, API_PREFIX + toFastifyPath(op.path)), {
      ...op.scope,
      ...miswritten(op.operationId, faults),
    });
  }
  return table;
}
