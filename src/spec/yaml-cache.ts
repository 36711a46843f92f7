import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { projectPath } from '../project-root.ts';

/**
 * Where parsed YAML is kept between processes, as tools keep their caches (node_modules/.cache):
 * never part of the repository, gone with a fresh `npm ci`.
 */
const CACHE_DIR = projectPath('node_modules', '.cache', 'assistant-api-conformance', 'yaml');

/**
 * A YAML text's value, parsed by `parse` the first time this content is met and read back as JSON
 * after that. The spec and the requirement catalog are parsed by the CLI and by every worker
 * thread of every run: some 250 ms of YAML parsing each time, against a few milliseconds of JSON.
 * Keyed by the content's hash, so an edited file is parsed afresh. A value JSON cannot carry (a
 * YAML `.inf`, say) is never cached; a cache that cannot be written or read is only slower.
 */
export function parseYamlCached(
  source: string,
  parse: (source: string) => unknown,
  cacheDir: string = CACHE_DIR,
): unknown {
  const file = cacheFile(source, cacheDir);
  const known = readCached(file);
  if (known !== undefined) return known;
  const value = parse(source);
  writeCached(file, value, cacheDir);
  return value;
}

/**
 * What `derive` makes of a text, kept as parseYamlCached keeps a parse: for work done on a
 * document in every process that depends on its content alone (the spec dereferenced). `kind`
 * tells apart what different work makes of one text.
 */
export async function derivedCached(
  kind: string,
  source: string,
  derive: () => Promise<unknown>,
  cacheDir: string = CACHE_DIR,
): Promise<unknown> {
  const file = cacheFile(`${kind}\n${source}`, cacheDir);
  const known = readCached(file);
  if (known !== undefined) return known;
  const value = await derive();
  writeCached(file, value, cacheDir);
  return value;
}

function cacheFile(key: string, cacheDir: string): string {
  return join(cacheDir, `${createHash('sha256').update(key).digest('hex')}.json`);
}

function readCached(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined; // Not cached yet (or unreadable): made afresh.
  }
}

/** Written only when JSON carries the value whole (no Infinity, no cycle, no shared object lost). */
function writeCached(file: string, value: unknown, cacheDir: string): void {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    return; // A cycle: JSON cannot carry it.
  }
  if (json === undefined || !isDeepStrictEqual(JSON.parse(json), value)) return;
  // Written aside and renamed: worker threads starting together may all miss at once.
  const aside = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(aside, json);
    renameSync(aside, file);
  } catch {
    // A read-only installation: every process does the work itself.
    removeIfThere(aside);
  }
}

function removeIfThere(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Its directory could not be made: there is nothing to remove.
  }
}
