import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { scopeRowRequirement } from '../checks/scope-matrix-cases.ts';
import { loadOperationIndexSync } from '../spec/openapi.ts';
import { findCitedIds, loadCatalog, type Catalog } from '../spec/requirements.ts';

/** A check file of suites/ and the requirement ids its checks may cite. */
export interface SuiteFile {
  /** Relative to the project, with forward slashes: `suites/auth/bearer.test.ts`. */
  path: string;
  cites: ReadonlySet<string>;
}

const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

function walk(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

/**
 * A file's own text and that of the helpers it imports from suites/, transitively: a check file
 * may take its citations from a shared helper (the scope matrix's level table, for one).
 */
function textWithSuiteImports(file: string, suitesDir: string, seen = new Set<string>()): string {
  if (seen.has(file)) return '';
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  const imported = [...text.matchAll(RELATIVE_IMPORT)]
    .map((match) => resolve(dirname(file), match[1] ?? ''))
    .filter((path) => path.startsWith(suitesDir + sep) && existsSync(path));
  return [text, ...imported.map((path) => textWithSuiteImports(path, suitesDir, seen))].join('\n');
}

/**
 * The scope matrix cites each operation's row of the endpoint tables, found in the catalog when
 * the matrix is built; which modules a matrix file covers is decided at run time, so a file that
 * builds one is taken to cite every row (a few extra files run, none is missed).
 */
function derivedScopeRows(catalog: Catalog): string[] {
  return [...loadOperationIndexSync().values()]
    .map((operation) => scopeRowRequirement(operation, catalog))
    .filter((id): id is string => id !== undefined);
}

/** Every check file under `root`/suites with what it cites, by a static reading of the sources. */
export function scanSuites(root: string, catalog: Catalog = loadCatalog()): SuiteFile[] {
  const suitesDir = resolve(root, 'suites');
  let scopeRows: string[] | undefined;
  return walk(suitesDir)
    .filter((file) => file.endsWith('.test.ts'))
    .sort()
    .map((file) => {
      const text = textWithSuiteImports(file, suitesDir);
      const cites = new Set(findCitedIds(text, catalog));
      if (text.includes('scopeRowRequirement('))
        for (const id of (scopeRows ??= derivedScopeRows(catalog))) cites.add(id);
      return { path: relative(root, file).split(sep).join('/'), cites };
    });
}

/** The check files citing `requirement`, in path order. */
export function filesCiting(requirement: string, files: readonly SuiteFile[]): string[] {
  return files.filter((file) => file.cites.has(requirement)).map((file) => file.path);
}
