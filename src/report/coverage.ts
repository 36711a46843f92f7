import type { IndexedCheck } from '../harness/check-index.ts';
import { REQUIREMENT_KINDS, type Catalog, type Requirement } from '../spec/requirements.ts';

interface KindCoverage {
  kind: string;
  total: number;
  cited: number;
  /** Requirements a planted fault of the reference violates, which the self-test proves caught. */
  proven: number;
  /** `must` requirements without a fault, for a reason the catalog gives (`noFault`). */
  exempt: number;
}

/** One `must` requirement: the checks citing it and the planted faults proving they can fail. */
interface MustRow {
  requirement: Requirement;
  checks: string[];
  faults: string[];
}

export interface Coverage {
  byKind: KindCoverage[];
  /** `must` requirements no check cites: the gaps that matter most. */
  uncitedMust: Requirement[];
  /** Ids cited by a check that the catalog does not define. */
  unknownCited: string[];
  /** Every `must` requirement, in catalog order, with its checks and faults. */
  must: MustRow[];
}

/**
 * Which catalog ids the checks cite, by kind, from the check index, and which a planted fault
 * (`faults`: fault id and the requirement it violates) proves checkable.
 */
export function computeCoverage(
  catalog: Catalog,
  checks: readonly IndexedCheck[],
  faults: ReadonlyArray<{ id: string; requirement: string }>,
): Coverage {
  const cited = new Set(checks.flatMap((check) => check.requirements));
  const proven = new Set(faults.map((fault) => fault.requirement));
  const byKind = REQUIREMENT_KINDS.map((kind) => {
    const ofKind = catalog.requirements.filter((r) => r.kind === kind);
    return {
      kind,
      total: ofKind.length,
      cited: ofKind.filter((r) => cited.has(r.id)).length,
      proven: ofKind.filter((r) => proven.has(r.id)).length,
      exempt: ofKind.filter((r) => !proven.has(r.id) && r.noFault !== undefined).length,
    };
  });
  return {
    byKind,
    uncitedMust: catalog.requirements.filter((r) => r.kind === 'must' && !cited.has(r.id)),
    unknownCited: [...cited].filter((id) => !catalog.byId.has(id)).sort(),
    must: catalog.requirements
      .filter((r) => r.kind === 'must')
      .map((requirement) => ({
        requirement,
        checks: checks
          .filter((check) => check.requirements.includes(requirement.id))
          .map((check) => check.id),
        faults: faults.filter((fault) => fault.requirement === requirement.id).map((fault) => fault.id),
      })),
  };
}
