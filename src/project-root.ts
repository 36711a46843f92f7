import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'assistant-api-conformance';

/**
 * The directory holding package.json, from `start` upwards. Found rather than counted in `../`:
 * the same code runs from its sources and from the bundle bin/conformance.js builds under
 * node_modules/.cache, a different depth.
 */
function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === PACKAGE_NAME
    )
      return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json of ${PACKAGE_NAME} above ${start}`);
  }
}

/** The suite's own directory: package.json, spec/, suites/, fixtures/, docs/. */
export const PROJECT_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the suite's own directory, given from its root (`spec/openapi.yaml`). */
export function projectPath(...parts: string[]): string {
  return join(PROJECT_ROOT, ...parts);
}

/**
 * Where the suite keeps what it derives between processes, as tools keep their caches
 * (node_modules/.cache): never part of the repository, gone with a fresh `npm ci`, safe to delete.
 */
export function cachePath(...parts: string[]): string {
  return projectPath('node_modules', '.cache', PACKAGE_NAME, ...parts);
}

/** The version of an installed package (`ajv`): part of the key of what a cache keeps of its work. */
export function installedVersion(packageName: string): string {
  const manifest = projectPath('node_modules', ...packageName.split('/'), 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}
