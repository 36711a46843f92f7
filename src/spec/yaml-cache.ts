import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { cachePath } from '../project-root.ts';

/** Where parsed YAML is kept between processes. */
const CACHE_DIR = cachePath('yaml');

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
  // What a later process reads back: the same plain tree now, so that a warm and a cold cache give
  // the same value (JSON keeps no object shared between two places; derive's value may).
  return writeCached(file, value, cacheDir) ?? value;
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

/**
 * Written only when JSON carries the value's content whole (no Infinity, no cycle; objects shared
 * between places become copies): returns what a later read gives back, or undefined when not kept.
 */
function writeCached(file: string, value: unknown, cacheDir: string): unknown {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    return undefined; // A cycle: JSON cannot carry it.
  }
  if (json === undefined) return undefined;
  const readBack = JSON.parse(json) as unknown;
  if (!isDeepStrictEqual(readBack, value)) return undefined;
  writeCacheFile(file, json, cacheDir);
  return readBack;
}

/**
 * Puts a cache file in place whole or not at all: written aside and renamed, as worker threads
 * starting together may all miss at once and write the same file.
 */
export function writeCacheFile(file: string, text: string, cacheDir: string): void {
  const aside = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(aside, text);
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
