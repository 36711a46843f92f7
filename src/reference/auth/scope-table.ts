import type { Operation, Scope } from '../../spec/openapi.ts';
import { NO_FAULTS, type FaultSwitch } from '../fault-switch.ts';
import { API_PREFIX, operationIndex, operationRoute, toFastifyPath } from '../http/operation-route.ts';
import { authFault, type AuthFault } from './faults.ts';

/** `METHOD /api/v1/fastify/:template`, the key under which the guard looks a matched route up. */
export function routeKey(method: string, fastifyUrl: string): string {
  return `${method.toUpperCase()} ${fastifyUrl}`;
}

/** Planted faults: one operation's row of the table written with the wrong module or level. */
const MISWRITTEN_ROWS: ReadonlyArray<
  readonly [fault: AuthFault, operationId: string, scope: Partial<Scope>]
> = [
  ['auth.transfer-at-edit', 'transferOwnership', { level: 'edit' }],
  ['auth.delete-base-at-edit', 'deleteKnowledgeBase', { level: 'edit' }],
  ['auth.create-plugin-any-level', 'createPlugin', { level: 'view' }],
  ['auth.update-plugin-needs-manage', 'updatePlugin', { level: 'manage' }],
  ['auth.query-needs-edit', 'queryKnowledgeBase', { level: 'edit' }],
  ['auth.detach-needs-manage', 'detachKnowledgeBase', { level: 'manage' }],
  ['auth.voices-judged-as-assistants', 'listVoices', { module: 'assistants' }],
  ['auth.update-attachment-needs-manage', 'updateAttachment', { level: 'manage' }],
  ['auth.detach-at-view', 'detachKnowledgeBase', { level: 'view' }],
  ['auth.stats-need-edit', 'getKnowledgeBaseStats', { level: 'edit' }],
  ['auth.persona-bases-judged-as-assistants', 'listPersonaKnowledgeBases', { module: 'assistants' }],
  ['auth.list-assistants-needs-edit', 'listPersonas', { level: 'edit' }],
  ['auth.search-assistants-needs-edit', 'searchPersonas', { level: 'edit' }],
  ['auth.get-assistant-needs-edit', 'getPersona', { level: 'edit' }],
  ['auth.create-assistant-at-view', 'createPersona', { level: 'view' }],
  ['auth.update-assistant-needs-manage', 'updatePersona', { level: 'manage' }],
  ['auth.delete-assistant-at-edit', 'deletePersona', { level: 'edit' }],
  ['auth.share-assistant-at-edit', 'sharePersona', { level: 'edit' }],
  ['auth.voices-need-edit', 'listVoices', { level: 'edit' }],
  ['auth.list-plugins-needs-edit', 'listPlugins', { level: 'edit' }],
  ['auth.get-plugin-needs-edit', 'getPlugin', { level: 'edit' }],
  ['auth.search-plugins-needs-edit', 'searchPlugins', { level: 'edit' }],
  ['auth.delete-plugin-at-edit', 'deletePlugin', { level: 'edit' }],
  ['auth.create-assistant-needs-manage', 'createPersona', { level: 'manage' }],
  ['auth.update-assistant-at-view', 'updatePersona', { level: 'view' }],
  ['auth.list-plugins-judged-as-assistants', 'listPlugins', { module: 'assistants' }],
  ['auth.get-plugin-judged-as-assistants', 'getPlugin', { module: 'assistants' }],
];

/**
 * Planted faults that change how one operation's row is judged: `missing` leaves the row out of the
 * table (the route has no scope rule), `any-module` judges it on the highest level the key holds
 * in any module.
 */
const MISJUDGED_ROWS: ReadonlyArray<
  readonly [fault: AuthFault, operationId: string, how: 'missing' | 'any-module']
> = [
  ['auth.transfer-row-missing', 'transferOwnership', 'missing'],
  ['auth.list-assistants-row-missing', 'listPersonas', 'missing'],
  ['auth.search-assistants-row-missing', 'searchPersonas', 'missing'],
  ['auth.voices-row-missing', 'listVoices', 'missing'],
  ['auth.search-plugins-row-missing', 'searchPlugins', 'missing'],
  ['auth.delete-assistant-any-manage', 'deletePersona', 'any-module'],
  ['auth.transfer-any-manage', 'transferOwnership', 'any-module'],
  ['auth.delete-plugin-any-manage', 'deletePlugin', 'any-module'],
  ['auth.get-assistant-any-module', 'getPersona', 'any-module'],
  ['auth.share-assistant-any-manage', 'sharePersona', 'any-module'],
  ['auth.voices-any-module', 'listVoices', 'any-module'],
];

/** The operations whose row a planted fault judges `how`. */
function misjudged(how: 'missing' | 'any-module', faults: FaultSwitch): string[] {
  return MISJUDGED_ROWS.filter(([fault, , rowHow]) => rowHow === how && authFault(faults, fault)).map(
    ([, operationId]) => operationId,
  );
}

/** Whether a planted fault judges the route under `id` (a `routeKey`) on any module the key holds. */
export function judgedOnAnyModule(id: string, faults: FaultSwitch): boolean {
  return misjudged('any-module', faults).some((operationId) => {
    const { method, url } = operationRoute(operationId);
    return routeKey(method, API_PREFIX + url) === id;
  });
}

function miswritten(operationId: string, faults: FaultSwitch): Partial<Scope> {
  const planted = MISWRITTEN_ROWS.filter(
    ([fault, rowId]) => rowId === operationId && authFault(faults, fault),
  );
  return Object.assign({}, ...planted.map(([, , scope]) => scope)) as Partial<Scope>;
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
  const missing = misjudged('missing', faults);
  for (const op of operations) {
    if (missing.includes(op.operationId)) continue;
    table.set(routeKey(op.method, API_PREFIX + toFastifyPath(op.path)), {
      ...op.scope,
      ...miswritten(op.operationId, faults),
    });
  }
  return table;
}
