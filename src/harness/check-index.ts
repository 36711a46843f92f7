import { relative, sep } from 'node:path';
import { createVitest } from 'vitest/node';
import type { ScopeCellMeta } from '../scope/matrix.ts';
import './check-meta.ts';
import { checkFilesOptions } from './vitest-options.ts';

/** One registered check, as collected from the suite without running it. */
export interface IndexedCheck {
  id: string;
  title: string;
  requirements: string[];
  operations: string[];
  area: string;
  /** Relative to the project, with forward slashes: `suites/auth/bearer.test.ts`. */
  file: string;
  /** A scope-matrix check's cell (`--profile smoke` selects by it). */
  scope?: ScopeCellMeta;
}

/** A check file that could not be loaded: the index would silently miss its checks. */
export class CheckIndexError extends Error {
  override name = 'CheckIndexError';
}

/**
 * Every check of the given check files, read from the metadata `check()` registers, by letting
 * vitest collect the files without running a test. This is the one index of checks: coverage, the
 * self-test's file selection and `conformance list` read it, never the sources' text.
 */
export async function collectChecks(
  root: string,
  include: readonly string[] = ['suites/**/*.test.ts'],
): Promise<IndexedCheck[]> {
  // Nothing runs, so the files may share one module cache: collecting takes a fraction of the time.
  const vitest = await createVitest('test', {
    ...checkFilesOptions(root),
    include: [...include],
    reporters: [],
  });
  try {
    const { testModules, unhandledErrors } = await vitest.collect();
    const problems = [
      ...testModules.flatMap((module) =>
        module.errors().map((error) => `${relative(root, module.moduleId)}: ${error.message.split('\n')[0]}`),
      ),
      ...unhandledErrors.map((error) => (error as Error).message.split('\n')[0] ?? ''),
    ];
    if (problems.length > 0) throw new CheckIndexError(`cannot collect the checks: ${problems.join('; ')}`);
    return testModules
      .flatMap((module) => {
        const file = relative(root, module.moduleId).split(sep).join('/');
        return [...module.children.allTests()].flatMap((test) => {
          const meta = test.meta().check;
          if (meta === undefined) return [];
          const { id, requirements, operations, area, scope } = meta;
          return [
            { id, title: test.fullName, requirements, operations, area, file, ...(scope ? { scope } : {}) },
          ];
        });
      })
      .sort((a, b) => a.file.localeCompare(b.file));
  } finally {
    await vitest.close();
  }
}

/** The check files citing `requirement`, in path order. */
export function filesCiting(requirement: string, checks: readonly IndexedCheck[]): string[] {
  return [...new Set(checks.filter((c) => c.requirements.includes(requirement)).map((c) => c.file))].sort();
}

/** Ids registered by more than one check: summary.json, expectations and diffs need them unique. */
export function duplicateIds(checks: readonly IndexedCheck[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const { id } of checks) (seen.has(id) ? twice : seen).add(id);
  return [...twice].sort();
}
