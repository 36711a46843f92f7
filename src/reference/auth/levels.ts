import { LEVELS, type Level, type Module } from '../../spec/openapi.ts';

/** What a scoped key holds; a module absent from the map is held at no level. */
export type ScopeMap = Partial<Record<Module, Level>>;

/** Reported as `held` in a `scope_denied` body when the key holds nothing in the module. */
export const NO_LEVEL = 'none';

/** A higher level includes every lower one: view < edit < manage. */
export function levelSatisfies(held: Level | undefined, required: Level): boolean {
  return held !== undefined && LEVELS.indexOf(held) >= LEVELS.indexOf(required);
}
