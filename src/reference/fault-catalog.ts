import { ASSISTANT_FAULTS } from './assistants/faults.ts';
import { AUTH_FAULTS } from './auth/faults.ts';
import type { FaultSpec } from './fault-switch.ts';
import { HTTP_FAULTS } from './http/faults.ts';
import { KNOWLEDGE_FAULTS } from './knowledge/faults.ts';
import { PLUGIN_FAULTS } from './plugins/faults.ts';
import { VOICE_FAULTS } from './voices/faults.ts';

/** The module of the reference whose code a fault lives in. */
type FaultModule = 'auth' | 'http' | 'assistants' | 'voices' | 'plugins' | 'knowledge';

/** One planted fault: its id, the one requirement it violates, what it breaks, and where it lives. */
export interface FaultDefinition extends FaultSpec {
  id: string;
  module: FaultModule;
}

function fromRecord(module: FaultModule, record: Readonly<Record<string, FaultSpec>>): FaultDefinition[] {
  return Object.entries(record).map(([id, spec]) => ({
    id,
    module,
    requirement: spec.requirement,
    breaks: spec.breaks,
  }));
}

/**
 * Every planted fault of the reference, in module order: the one source the reference validates
 * `faults` against, the self-test runs, and the fault table of docs/faults.md is rendered from.
 */
export const FAULT_CATALOG: readonly FaultDefinition[] = Object.freeze([
  ...fromRecord('auth', AUTH_FAULTS),
  ...fromRecord('http', HTTP_FAULTS),
  ...fromRecord('assistants', ASSISTANT_FAULTS),
  ...fromRecord('voices', VOICE_FAULTS),
  ...fromRecord('plugins', PLUGIN_FAULTS),
  ...fromRecord('knowledge', KNOWLEDGE_FAULTS),
]);

export const FAULT_IDS: ReadonlySet<string> = new Set(FAULT_CATALOG.map((fault) => fault.id));

export function faultById(id: string): FaultDefinition | undefined {
  return FAULT_CATALOG.find((fault) => fault.id === id);
}
