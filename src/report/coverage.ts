import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scopeRowRequirement } from '../checks/scope-matrix-cases.ts';
import { loadOperationIndexSync } from '../spec/openapi.ts';
import {
  findCitedIds,
  findIdTokens,
  REQUIREMENT_KINDS,
  type Catalog,
  type Requirement,
} from '../spec/requirements.ts';

interface KindCoverage {
  kind: string;
  total: number;
  cited: number;
}

export interface Coverage {
  byKind: KindCoverage[];
  /** `must` requirements no check cites: the gaps that matter most. */
  uncitedMust: Requirement[];
  /** Ids cited in suites/ that the catalog does not define. */
  unknownCited: string[];
}

function sourceFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function derivedCitations(catalog: Catalog): string[] {
  return [...loadOperationIndexSync().values()]
    .map((operation) => scopeRowRequirement(operation, catalog))
    .filter((id): id is string => id !== undefined);
}

/** Which catalog ids the check sources in `suitesDir` cite, by kind. */
export function computeCoverage(catalog: Catalog, suitesDir: string): Coverage {
  const { requirements } = catalog;
  const source = sourceFiles(suitesDir)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  // The scope matrix cites each operation's scope row, found in the catalog when the matrix is built.
  const matrix = source.includes('scopeRowRequirement(') ? derivedCitations(catalog) : [];
  const cited = new Set([...findCitedIds(source, catalog), ...matrix]);
  const byKind = REQUIREMENT_KINDS.map((kind) => {
    const ofKind = requirements.filter((r) => r.kind === kind);
    return { kind, total: ofKind.length, cited: ofKind.filter((r) => cited.has(r.id)).length };
  });
  const unknownCited = findIdTokens(source)
    .filter((id) => !catalog.byId.has(id))
    .sort();
  return {
    byKind,
    uncitedMust: requirements.filter((r) => r.kind === 'must' && !cited.has(r.id)),
    unknownCited,
  };
}
