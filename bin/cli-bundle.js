// The CLI as one bundled JavaScript file, built from src/ by esbuild on first use and again
// whenever a source file changes. Loading some 200 TypeScript modules through tsx's hooks cost
// every start seconds (and a loader thread beside it); one file of plain JavaScript loads in a
// fraction of that. Packages stay outside the bundle; the checks themselves still run from their
// sources, through vitest.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

/** A bundle of other sources than the current ones is removed once this old: no run is still starting from it. */
const STALE_MS = 10 * 60 * 1000;

/** Every TypeScript source the CLI may import (tests aside), in a stable order. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
    });
}

/** The sources' content, by hash: a bundle is current exactly when this is its name. */
function sourceHash(root, esbuildVersion) {
  const hash = createHash('sha256').update(`esbuild ${esbuildVersion}\n`);
  for (const file of sources(join(root, 'src')))
    hash.update(`${relative(root, file)}\n`).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The path of the current bundle's entry of the project at `root`, built first if its sources
 * changed since the last one. `staleMs`: how old another bundle must be to be removed.
 */
export async function cliBundle(root = ROOT, staleMs = STALE_MS) {
  const cache = join(root, 'node_modules', '.cache', 'assistant-api-conformance');
  // Its version from its manifest: importing esbuild itself is needed only to build.
  const { version } = JSON.parse(readFileSync(join(root, 'node_modules', 'esbuild', 'package.json'), 'utf8'));
  const name = `cli-${sourceHash(root, version)}`;
  const dir = join(cache, name);
  const entry = join(dir, 'main.js');
  try {
    readFileSync(join(dir, 'complete'));
    return entry;
  } catch {
    // Not built yet for these sources.
  }
  // Built aside and renamed: several runs may start at once after a change (the project's tests do).
  const aside = join(cache, `${name}.${process.pid}.tmp`);
  try {
    const esbuild = await import('esbuild');
    await esbuild.build({
      entryPoints: { main: join(root, 'src', 'cli', 'main.ts') },
      outdir: aside,
      outExtension: { '.js': '.js' },
      bundle: true,
      // A command's modules (and the packages they import) load when it runs: `--help` does not
      // load vitest and the reference.
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      // node --enable-source-maps bin/conformance.js shows a stack in the sources' own lines.
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'silent',
    });
    writeFileSync(join(aside, 'complete'), '');
  } catch (error) {
    rmSync(aside, { recursive: true, force: true });
    const first = error?.errors?.[0];
    const where = first?.location ? `${relative(root, first.location.file)}:${first.location.line}: ` : '';
    throw new Error(`cannot build the CLI from src/: ${where}${first?.text ?? error?.message ?? error}`);
  }
  try {
    renameSync(aside, dir);
  } catch {
    // Another run built the same sources first: theirs is the same bundle.
    rmSync(aside, { recursive: true, force: true });
  }
  // Earlier bundles are of sources that are gone (a run that started from one loaded it long ago).
  for (const other of readdirSync(cache)) {
    const path = join(cache, other);
    if (/^cli-[0-9a-f]{16}$/.test(other) && other !== name && Date.now() - statSync(path).mtimeMs >= staleMs)
      rmSync(path, { recursive: true, force: true });
  }
  return entry;
}
