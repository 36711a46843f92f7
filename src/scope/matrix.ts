import type { Level, Module, Operation, Scope } from '../spec/openapi.ts';
import { LEVELS, MODULES } from '../spec/openapi.ts';
import type { Catalog } from '../spec/requirements.ts';
import { KEYRING_ROLES, type Role } from '../target/keyring-types.ts';
import { accessOf, heldScopes, type Access } from './access.ts';

/**
 * What a cell's check expects of the implementation: `allowed` (at or above the required level:
 * the documented answer), `scope_denied` (below it: 403 naming module, required and held), `403`
 * (the module is not held: the document gives no code), `route_forbidden` (the legacy key on a
 * /kb route) or `recorded` (the legacy key elsewhere: its older allowlist is not stated).
 */
export type ScopeExpectation = 'allowed' | 'scope_denied' | '403' | 'route_forbidden' | 'recorded';

/** What a scope-matrix check records about its cell (check metadata, summary.json), for the report. */
export interface ScopeCellMeta {
  operationId: string;
  role: string;
  expected: ScopeExpectation;
}

/** One cell of the scope matrix: an operation tried with one keyring role. */
export interface ScopeCell {
  /** `auth.scope.<operationId>.<role>`. */
  id: string;
  operation: Operation;
  role: Role;
  /** How the scope gate judges the role; undefined for the legacy key, judged by its allowlist. */
  access: Access | undefined;
  expected: ScopeExpectation;
  /** The requirement ids the cell's check verifies. */
  requirements: string[];
  title: string;
}

function scopeCheckId(operationId: string, role: Role): string {
  return `auth.scope.${operationId}.${role}`;
}

/** The single-module roles of a module, lowest level first (`voices` has only `voices:view`). */
export function moduleRoles(module: Module): Role[] {
  return LEVELS.map((level) => `${module}:${level}`).filter((role): role is Role =>
    (KEYRING_ROLES as readonly string[]).includes(role),
  );
}

/**
 * The roles tried on an operation: every level of its own module (below, at and above the required
 * one), the strongest key of each other module (holding everything there, nothing here), and the
 * console preset for assistants and knowledge.
 */
export function rolesTriedOn(scope: Scope): Role[] {
  const others = MODULES.filter((module) => module !== scope.module).flatMap((module) =>
    moduleRoles(module).slice(-1),
  );
  return [...moduleRoles(scope.module), ...others, 'preset:assistants-knowledge'];
}

/**
 * The catalog entry transcribing the operation's row of the endpoint tables (`POST | \`/kb\` | ...`),
 * which states its required scope; undefined when the catalog has none.
 */
export function scopeRowRequirement(operation: Operation, catalog: Catalog): string | undefined {
  const row = `${operation.method} | \`${operation.path}\` |`;
  return catalog.requirements.find((requirement) => requirement.text.startsWith(row))?.id;
}

/** The catalog entry defining each level: view reads, edit also writes, manage also deletes, publishes, transfers. */
const LEVEL_REQUIREMENT: Record<Level, string> = { view: 'AUTH-08', edit: 'AUTH-09', manage: 'AUTH-10' };

function expectationOf(access: Access): ScopeExpectation {
  if (access.kind === 'allowed') return 'allowed';
  return access.kind === 'level-too-low' ? 'scope_denied' : '403';
}

/** The requirements a scoped cell verifies: the operation's scope row, the capability map, and what its verdict rests on. */
function scopedCitations(
  operation: Operation,
  role: Role,
  access: Access,
  scopeRow: string | undefined,
): string[] {
  const ids = [...(scopeRow ? [scopeRow] : []), 'AUTH-05', 'AUTH-13'];
  switch (access.kind) {
    case 'allowed':
      ids.push(LEVEL_REQUIREMENT[access.required]);
      // The allowed call gets the documented answer to its request: the transfer's is a refusal.
      if (operation.operationId === 'transferOwnership') ids.push('AS-TRANSFER-05');
      if (access.held !== access.required) ids.push('AUTH-11');
      if (operation.scope.module === 'voices' && role === 'preset:assistants-knowledge') ids.push('AUTH-24');
      break;
    case 'level-too-low':
      ids.push(
        LEVEL_REQUIREMENT[access.held],
        LEVEL_REQUIREMENT[access.required],
        'AUTH-06',
        'ERR-10',
        'ERR-02',
        'ERR-01',
      );
      break;
    case 'module-not-held':
      if (operation.scope.module === 'voices' && role.startsWith('assistants:'))
        ids.push('AUTH-23', 'VOICE-15');
      break;
  }
  return [...new Set(ids)];
}

function scopedTitle(role: Role, access: Access, module: Module): string {
  switch (access.kind) {
    case 'allowed':
      return `a ${role} key (${access.held} on ${module}, ${access.required} needed) gets the documented answer, not a refusal for scope`;
    case 'level-too-low':
      return `a ${role} key is refused with 403 scope_denied naming module ${module}, required ${access.required}, held ${access.held}`;
    case 'module-not-held':
      return `a ${role} key, holding nothing in ${module}, is refused with 403`;
  }
}

/** The legacy key's cell: every `/kb` route is refused; elsewhere its older allowlist decides (not stated). */
function legacyCell(operation: Operation): ScopeCell {
  const knowledgeBaseRoute = operation.path === '/kb' || operation.path.startsWith('/kb/');
  return {
    id: scopeCheckId(operation.operationId, 'legacy'),
    operation,
    role: 'legacy',
    access: undefined,
    ...(knowledgeBaseRoute
      ? {
          expected: 'route_forbidden',
          requirements: ['AUTH-20', 'ERR-09', 'ERR-01'],
          title: 'a legacy unrestricted key is refused with 403 route_forbidden (its allowlist has no /kb)',
        }
      : {
          expected: 'recorded',
          requirements: ['AUTH-19'],
          title: 'a legacy unrestricted key is judged by its older allowlist: what it gets is recorded',
        }),
  };
}

/**
 * Every cell of the matrix for these operations, derived from their `x-scope` alone: the roles
 * tried on each (rolesTriedOn), then the legacy key.
 */
export function scopeMatrixCells(operations: Iterable<Operation>, catalog: Catalog): ScopeCell[] {
  return [...operations].flatMap((operation) => {
    const scopeRow = scopeRowRequirement(operation, catalog);
    const scoped = rolesTriedOn(operation.scope).map((role): ScopeCell => {
      const held = heldScopes(role);
      if (held === undefined) throw new Error(`role ${role} has no scope map`);
      const access = accessOf(held, operation.scope);
      return {
        id: scopeCheckId(operation.operationId, role),
        operation,
        role,
        access,
        expected: expectationOf(access),
        requirements: scopedCitations(operation, role, access, scopeRow),
        title: scopedTitle(role, access, operation.scope.module),
      };
    });
    return [...scoped, legacyCell(operation)];
  });
}
