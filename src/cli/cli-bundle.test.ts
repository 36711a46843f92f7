import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliBundle } from '../../bin/cli-bundle.js';
import { PROJECT_ROOT } from '../project-root.ts';

/** A project of two modules, bundled the way bin/conformance.js bundles the suite. */
const root = mkdtempSync(join(tmpdir(), 'conformance-cli-bundle-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(join(root, 'node_modules'), { recursive: true });
symlinkSync(join(PROJECT_ROOT, 'node_modules', 'esbuild'), join(root, 'node_modules', 'esbuild'));

function source(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

const bundles = () =>
  readdirSync(join(root, 'node_modules', '.cache', 'assistant-api-conformance')).filter((name) =>
    name.startsWith('cli-'),
  );
const run = (entry: string) => spawnSync(process.execPath, [entry], { encoding: 'utf8' }).stdout;

describe('the CLI bundle', () => {
  it('is built once for its sources, again when one changes, and the old one goes', async () => {
    source('src/cli/main.ts', "import { word } from '../word.ts';\nconsole.log(`said ${word}`);\n");
    source('src/word.ts', "export const word: string = 'one';\n");
    const first = await cliBundle(root, 0);
    expect(run(first)).toBe('said one\n');
    expect(await cliBundle(root, 0)).toBe(first);
    // A test file is not part of the CLI: changing it builds nothing.
    source('src/word.test.ts', 'export {};\n');
    expect(await cliBundle(root, 0)).toBe(first);

    source('src/word.ts', "export const word: string = 'two';\n");
    const second = await cliBundle(root, 0);
    expect(second).not.toBe(first);
    expect(run(second)).toBe('said two\n');
    expect(bundles()).toEqual([dirname(second).split('/').at(-1)]);
  });

  it('keeps a bundle a run may still be starting from', async () => {
    source('src/word.ts', "export const word: string = 'three';\n");
    const third = await cliBundle(root, 60_000);
    source('src/word.ts', "export const word: string = 'four';\n");
    await cliBundle(root, 60_000);
    expect(bundles()).toContain(dirname(third).split('/').at(-1));
  });

  it('names the file and line of a source that cannot be built, and leaves nothing half-built', async () => {
    source('src/word.ts', "export const word: string = 'five';\nexport const = ;\n");
    const before = bundles();
    await expect(cliBundle(root, 0)).rejects.toThrow(/^cannot build the CLI from src\/: src\/word\.ts:2: /);
    expect(bundles()).toEqual(before);
  });
});
