/*
 * What a fault is and how code consults one. This module imports nothing, so the modules' fault
 * records can depend on it while the catalog imports those records without closing a cycle.
 */

/** What a planted fault breaks: one requirement of spec/requirements.yaml, in one line. */
export interface FaultSpec {
  requirement: string;
  breaks: string;
}

/** Which faults are planted in one server; app.ts builds it and hands it to every module. */
export interface FaultSwitch {
  has(id: string): boolean;
}

export const NO_FAULTS: FaultSwitch = { has: () => false };

/**
 * A module's fault check, typed by its own fault record so that a misspelt id does not compile:
 * `export const pluginFault = faultCheck(PLUGIN_FAULTS)`, consulted as `pluginFault(faults, id)`.
 */
export function faultCheck<Specs extends Record<string, FaultSpec>>(
  _record: Specs,
): (faults: FaultSwitch, id: keyof Specs & string) => boolean {
  return (faults, id) => faults.has(id);
}
