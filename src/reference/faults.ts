import { FAULT_IDS } from './fault-catalog.ts';

/** What a planted fault breaks: one requirement of spec/requirements.yaml, in one line. */
export interface FaultSpec {
  requirement: string;
  breaks: string;
}

/** What the modules consult: whether a fault id is planted in this server. */
export interface FaultSwitch {
  has(id: string): boolean;
}

export const NO_FAULTS: FaultSwitch = { has: () => false };

/** Thrown for a fault id the catalog does not define: a typo must not run an unfaulted reference. */
export class UnknownFaultError extends Error {
  constructor(readonly ids: readonly string[]) {
    super(
      `unknown fault id${ids.length === 1 ? '' : 's'} ${ids.map((id) => `"${id}"`).join(', ')}: ` +
        'the known ids are in the fault catalog (README.md, or `conformance self-test --table`)',
    );
    this.name = 'UnknownFaultError';
  }
}

/**
 * Planted faults for the suite's self-test: each id switches on one small deviation from the
 * document in one module (src/reference/fault-catalog.ts lists them). Modules consult `has(id)`.
 */
export class Faults implements FaultSwitch {
  private readonly ids: ReadonlySet<string>;

  /** Refuses ids the catalog does not define. */
  constructor(ids: Iterable<string> = [], known: ReadonlySet<string> = FAULT_IDS) {
    this.ids = new Set(ids);
    const unknown = [...this.ids].filter((id) => !known.has(id));
    if (unknown.length > 0) throw new UnknownFaultError(unknown);
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  list(): string[] {
    return [...this.ids].sort();
  }
}
