import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function checkFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return checkFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * A check file's module outlives the file (the workers keep their modules between files) and knows
 * nothing of the target: the self-test registers a file's checks once per fault, each against its
 * own reference, so a resource kept in a module variable would be made on one and read on another.
 * What a file's checks share goes through the `shared` fixture, held per file and target.
 */
describe('check files', () => {
  it.each(checkFiles(join(ROOT, 'suites')).map((file) => [relative(ROOT, file), file] as const))(
    '%s keeps no state in module variables (use the shared fixture)',
    (_name, file) => {
      const declarations = readFileSync(file, 'utf8')
        .split('\n')
        // A variable, or a container filled at run time (a cache keyed by anything, the target's
        // address included, still outlives the file).
        .filter((line) =>
          /^(let|var)\s|^const\s+\w+(\s*:[^=]+)?\s*=\s*new\s+(Map|Set|WeakMap|WeakSet)\b/.test(line),
        );
      expect(declarations).toEqual([]);
    },
  );
});
