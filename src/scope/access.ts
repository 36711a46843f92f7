import { LEVELS, type Level, type Module, type Scope } from '../spec/openapi.ts';
import type { Role } from '../target/keyring-types.ts';

/** What a scoped key holds: a level per module; a module absent from the map is not held. */
export type HeldScopes = Partial<Record<Module, Level>>;

const EVERY_MODULE_AT_MANAGE: HeldScopes = {
  assistants: 'manage',
  voices: 'manage',
  plugins: 'manage',
  knowledgeBase: 'manage',
};

/**
 * What a keyring role holds, as TARGET.md defines the roles; undefined for the roles that are not
 * judged by a scope map (`legacy`) or never get that far (`revoked`, `expired`).
 */
export function heldScopes(role: Role): HeldScopes | undefined {
  switch (role) {
    case 'full':
    case 'other':
      return EVERY_MODULE_AT_MANAGE;
    case 'preset:assistants-knowledge':
      return { assistants: 'manage', knowledgeBase: 'manage', voices: 'view' };
    case 'legacy':
    case 'revoked':
    case 'expired':
      return undefined;
    default: {
      const [module, level] = role.split(':') as [Module, Level];
      return { [module]: level };
    }
  }
}

/** How the scope gate must judge a key for an operation. */
export type Access =
  /** The key holds the module at the required level or higher. */
  | { kind: 'allowed'; held: Level; required: Level }
  /** The key holds the module at a lower level: 403 `scope_denied` naming module, required and held. */
  | { kind: 'level-too-low'; held: Level; required: Level }
  /** The key does not hold the module at all: refused (the document gives no code for it). */
  | { kind: 'module-not-held'; required: Level };

export function accessOf(held: HeldScopes, scope: Scope): Access {
  const level = held[scope.module];
  if (level === undefined) return { kind: 'module-not-held', required: scope.level };
  return LEVELS.indexOf(level) >= LEVELS.indexOf(scope.level)
    ? { kind: 'allowed', held: level, required: scope.level }
    : { kind: 'level-too-low', held: level, required: scope.level };
}
