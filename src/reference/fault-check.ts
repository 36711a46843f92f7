import type { FaultSpec, FaultSwitch } from './faults.ts';

/**
 * A module's fault check, typed by its own fault record so that a misspelt id does not compile:
 * `export const pluginFault = faultCheck(PLUGIN_FAULTS)`. Kept apart from faults.ts,
 * which imports the catalog and so every module's fault record: importing it from a record would be a cycle.
 */
export function faultCheck<Faults extends Record<string, FaultSpec>>(
  _faults: Faults,
): (faults: FaultSwitch, id: keyof Faults & string) => boolean {
  return (faults, id) => faults.has(id);
}
