import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A temporary folder for the files of one test file, removed after its tests. */
export interface ScratchFolder {
  dir: string;
  /** Writes `text` to `name` in the folder and returns its path. */
  file: (name: string, text: string) => string;
}

/** Makes a scratch folder whose name starts with `prefix`; call it at the top of a test file. */
export function scratchFolder(prefix: string): ScratchFolder {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    file: (name, text) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    },
  };
}
