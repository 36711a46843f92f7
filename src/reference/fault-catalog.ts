import { ASSISTANT_FAULTS } from './assistants/faults.ts';
import { AUTH_FAULTS } from './auth/faults.ts';
import type { FaultSpec } from './fault-switch.ts';
import { HTTP_FAULTS } from './http/faults.ts';
import { KNOWLEDGE_FAULTS, type KnowledgeFault } from './knowledge/faults.ts';
import { PLUGIN_FAULTS } from './plugins/faults.ts';
import { VOICE_FAULTS } from './voices/faults.ts';

/** The module of the reference whose code a fault lives in. */
type FaultModule = 'auth' | 'http' | 'assistants' | 'voices' | 'plugins' | 'knowledge';

/** One planted fault: its id, the one requirement it violates, what it breaks, and where it lives. */
export interface FaultDefinition extends FaultSpec {
  id: string;
  module: FaultModule;
}

/** The knowledge module names its faults; the requirement each one violates is recorded here. */
const KNOWLEDGE_REQUIREMENTS: Record<KnowledgeFault, string> = {
  'kb.create-returns-200': 'KB-BASE-16',
  'kb.list-shows-other-accounts': 'KB-BASE-14',
  'kb.attach-no-limit': 'LIM-02',
  'kb.detach-deletes-base': 'KB-ATTACH-11',
  'kb.query-ignores-topk': 'LIM-07',
  'kb.query-topk-unbounded': 'LIM-08',
  'kb.query-max-off-by-one': 'KB-QUERY-10',
  'kb.query-any-account': 'ACCT-01',
  'kb.query-returns-deleted': 'STATE-15',
  'kb.refresh-now-ignores-urls': 'STATE-06',
};

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
 * `faults` against, the self-test runs, and the README's fault table is rendered from.
 */
export const FAULT_CATALOG: readonly FaultDefinition[] = Object.freeze([
  ...fromRecord('auth', AUTH_FAULTS),
  ...fromRecord('http', HTTP_FAULTS),
  ...fromRecord('assistants', ASSISTANT_FAULTS),
  ...fromRecord('voices', VOICE_FAULTS),
  ...fromRecord('plugins', PLUGIN_FAULTS),
  ...Object.entries(KNOWLEDGE_FAULTS).map(([id, breaks]) => ({
    id,
    module: 'knowledge' as const,
    requirement: KNOWLEDGE_REQUIREMENTS[id as KnowledgeFault],
    breaks,
  })),
]);

export const FAULT_IDS: ReadonlySet<string> = new Set(FAULT_CATALOG.map((fault) => fault.id));

export function faultById(id: string): FaultDefinition | undefined {
  return FAULT_CATALOG.find((fault) => fault.id === id);
}
