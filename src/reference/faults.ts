import { FAULT_IDS } from './fault-catalog.ts';
import type { FaultSwitch } from './fault-switch.ts';

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
 * The faults planted in one server, checked against the catalog. It lives apart from the records
 * and fault-switch.ts because it imports the catalog, which imports every record.
 */
export class Faults implements FaultSwitch {
  private readonly ids: ReadonlySet<string>;

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
