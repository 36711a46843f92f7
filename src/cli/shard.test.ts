import { describe, expect, it } from 'vitest';
import { ConfigError } from '../target/config-error.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { parseShard, shardFiles } from './shard.ts';

describe('--shard', () => {
  it.each(['0/3', '4/3', '1/0', '1', 'a/b', '1/3/5', ''])('refuses %j', (text) => {
    expect(() => parseShard(text)).toThrow(ConfigError);
  });

  it('slices the files so that every file is in exactly one shard, the same on every call', () => {
    const all = shardFiles(PROJECT_ROOT, ['suites/**/*.test.ts'], { index: 1, count: 1 });
    expect(all.length).toBeGreaterThan(10);
    const slices = [1, 2, 3, 4].map((index) =>
      shardFiles(PROJECT_ROOT, ['suites/**/*.test.ts'], { index, count: 4 }),
    );
    expect(slices.flat().sort()).toEqual([...all].sort());
    expect(new Set(slices.flat()).size).toBe(all.length);
    expect(shardFiles(PROJECT_ROOT, ['suites/**/*.test.ts'], { index: 2, count: 4 })).toEqual(slices[1]);
    for (const slice of slices) expect(Math.abs(slice.length - all.length / 4)).toBeLessThanOrEqual(1);
  });

  it('slices within a selection: an area, or a list of files', () => {
    const area = shardFiles(PROJECT_ROOT, ['suites/voices/**/*.test.ts'], { index: 1, count: 1 });
    expect(area.every((file) => file.startsWith('suites/voices/'))).toBe(true);
    expect(shardFiles(PROJECT_ROOT, ['suites/voices/voice-catalog.test.ts'], { index: 1, count: 1 })).toEqual(
      ['suites/voices/voice-catalog.test.ts'],
    );
  });
});
