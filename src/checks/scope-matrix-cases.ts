import type { Module, Operation, Scope } from '../spec/openapi.ts';
import { LEVELS, MODULES } from '../spec/openapi.ts';
import type { Catalog } from '../spec/requirements.ts';
import { KEYRING_ROLES, type Role } from '../target/keyring-types.ts';
import { accessOf, heldScopes, type Access } from './scope-access.ts';

/** One cell of the scope matrix: an operation tried with one keyring role. */
export interface ScopeCell {
  operation: Operation;
  role: Role;
  access: Access;
  /** `auth.scope.<operationId>.<role>`: the check id, which the report reads back. */
  id: string;
}

const CHECK_ID_PREFIX = 'auth.scope.';

export function scopeCheckId(operationId: string, role: Role): string {
  return `${CHECK_ID_PREFIX}${operationId}.${role}`;
}

/** The operation and role of a scope-matrix check id, or undefined for any other id. */
export function parseScopeCheckId(id: string): { operationId: string; role: string } | undefined {
  if (!id.startsWith(CHECK_ID_PREFIX)) return undefined;
  const rest = id.slice(CHECK_ID_PREFIX.length);
  const dot = rest.indexOf('.');
  if (dot <= 0 || dot === rest.length - 1) return undefined;
  return { operationId: rest.slice(0, dot), role: rest.slice(dot + 1) };
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

/** Every cell of the matrix for these operations, derived from their `x-scope` alone. */
export function scopeMatrixCells(operations: Iterable<Operation>): ScopeCell[] {
  return [...operations].flatMap((operation) =>
    rolesTriedOn(operation.scope).map((role) => {
      const held = heldScopes(role);
      if (held === undefined) throw new Error(`role ${role} has no scope map`);
      return {
        operation,
        role,
        access: accessOf(held, operation.scope),
        id: scopeCheckId(operation.operationId, role),
      };
    }),
  );
}

/**
 * The catalog entry transcribing the operation's row of the endpoint tables (`POST | \`/kb\` | ...`),
 * which states its required scope; undefined when the catalog has none.
 */
export function scopeRowRequirement(operation: Operation, catalog: Catalog): string | undefined {
  const row = `${operation.method} | \`${operation.path}\` |`;
  return catalog.requirements.find((requirement) => requirement.text.startsWith(row))?.id;
}
