import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { ConfigError } from '../target/config-error.ts';

/** `--shard i/n`: the i-th of n slices of the check files (1-based), for CI jobs run side by side. */
export interface Shard {
  index: number;
  count: number;
}

export function parseShard(text: string | undefined): Shard | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || count < 1 || index < 1 || index > count)
    throw new ConfigError(`option --shard takes i/n with 1 <= i <= n (e.g. 2/4), got "${text}"`);
  return { index, count };
}

function testFilesUnder(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return testFilesUnder(root, path);
    return entry.name.endsWith('.test.ts') ? [path.split(sep).join('/')] : [];
  });
}

/**
 * The files a selection (`suites/**\/*.test.ts`, `suites/AREA/**\/*.test.ts`, or a list of files)
 * loads, sorted, and the shard's share of them: every n-th file from the i-th, so that each shard
 * gets files of every area, and the same files on every machine.
 */
export function shardFiles(root: string, include: readonly string[], shard: Shard): string[] {
  const all = testFilesUnder(root, 'suites').sort();
  const selected = all.filter((file) =>
    include.some((pattern) =>
      pattern.endsWith('/**/*.test.ts')
        ? file.startsWith(pattern.slice(0, -'**/*.test.ts'.length))
        : file === pattern,
    ),
  );
  return selected.filter((_, position) => position % shard.count === shard.index - 1);
}
