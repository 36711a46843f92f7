import type { IndexedCheck } from '../harness/check-index.ts';
import { REQUIREMENT_KINDS, type Catalog, type Requirement } from '../spec/requirements.ts';

interface KindCoverage {
  kind: string;
  total: number;
  cited: number;
}

export interface Coverage {
  byKind: KindCoverage[];
  /** `must` requirements no check cites: the gaps that matter most. */
  uncitedMust: Requirement[];
  /** Ids cited by a check that the catalog does not define. */
  unknownCited: string[];
}

/** Which catalog ids the checks cite, by kind, from the check index. */
export function computeCoverage(catalog: Catalog, checks: readonly IndexedCheck[]): Coverage {
  const cited = new Set(checks.flatMap((check) => check.requirements));
  const byKind = REQUIREMENT_KINDS.map((kind) => {
    const ofKind = catalog.requirements.filter((r) => r.kind === kind);
    return { kind, total: ofKind.length, cited: ofKind.filter((r) => cited.has(r.id)).length };
  });
  return {
    byKind,
    uncitedMust: catalog.requirements.filter((r) => r.kind === 'must' && !cited.has(r.id)),
    unknownCited: [...cited].filter((id) => !catalog.byId.has(id)).sort(),
  };
}
