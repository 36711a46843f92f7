import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../project-root.ts';
import { loadCatalog, matchesGlob } from '../spec/requirements.ts';
import { ConfigError } from '../target/config-error.ts';

/** The areas of the suite: the folders of suites/. */
function areas(): string[] {
  return readdirSync(join(PROJECT_ROOT, 'suites'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The check files to load: the self-test's list, one area (`--only`), or every file. */
export function checkFiles(only: string | undefined, files: readonly string[] | undefined): string[] {
  if (files !== undefined) {
    if (
      files.length === 0 ||
      files.some((f) => !/^suites\/[\w./-]+\.test\.ts$/.test(f) || f.includes('..'))
    ) {
      throw new ConfigError(`the self-test asked for check files outside suites/: ${files.join(', ')}`);
    }
    const missing = files.filter((f) => !existsSync(join(PROJECT_ROOT, f)));
    if (missing.length > 0)
      throw new ConfigError(`the self-test asked for missing check files ${missing.join(', ')}`);
    return [...files];
  }
  if (only === undefined) return ['suites/**/*.test.ts'];
  if (!/^[a-z0-9-]+$/.test(only))
    throw new ConfigError(`--only takes an area name such as "voices", got "${only}"`);
  const folder = join(PROJECT_ROOT, 'suites', only);
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new ConfigError(
      `--only ${only} selects no check: no area suites/${only} (areas: ${areas().join(', ')})`,
    );
  return [`suites/${only}/**/*.test.ts`];
}

/** The catalog ids a `--requirement` glob selects; none is a ConfigError (a run that selects nothing). */
export function requirementIds(glob: string): string[] {
  const ids = loadCatalog()
    .requirements.map((r) => r.id)
    .filter((id) => matchesGlob(id, glob));
  if (ids.length === 0)
    throw new ConfigError(`--requirement "${glob}" matches no requirement of spec/requirements.yaml`);
  return ids;
}
