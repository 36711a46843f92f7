import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { derivedCached, parseYamlCached } from './yaml-cache.ts';

const root = mkdtempSync(join(tmpdir(), 'conformance-yaml-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('parseYamlCached', () => {
  it('parses a content once, then reads it back; an edited content is parsed afresh', () => {
    const dir = join(root, 'a');
    const parser = vi.fn((text: string) => parse(text) as unknown);
    const first = parseYamlCached('a: 1\nb: [x, y]\n', parser, dir);
    const again = parseYamlCached('a: 1\nb: [x, y]\n', parser, dir);
    expect(first).toEqual({ a: 1, b: ['x', 'y'] });
    expect(again).toEqual(first);
    expect(parser).toHaveBeenCalledTimes(1);
    expect(parseYamlCached('a: 2\n', parser, dir)).toEqual({ a: 2 });
    expect(parser).toHaveBeenCalledTimes(2);
    // One file per content, nothing left aside.
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it('never caches a value JSON cannot carry', () => {
    const dir = join(root, 'b');
    const parser = vi.fn((text: string) => parse(text) as unknown);
    expect(parseYamlCached('limit: .inf\n', parser, dir)).toEqual({ limit: Infinity });
    expect(parseYamlCached('limit: .inf\n', parser, dir)).toEqual({ limit: Infinity });
    expect(parser).toHaveBeenCalledTimes(2);
  });

  it('parses every time where the cache cannot be written, and lets a parse error through', () => {
    // A directory under a regular file cannot be made, even by root.
    const blocker = join(root, 'not-a-directory');
    writeFileSync(blocker, '');
    const dir = join(blocker, 'cache');
    const parser = vi.fn((text: string) => parse(text) as unknown);
    expect(parseYamlCached('other: 1\n', parser, dir)).toEqual({ other: 1 });
    expect(parseYamlCached('other: 1\n', parser, dir)).toEqual({ other: 1 });
    expect(parser).toHaveBeenCalledTimes(2);
    // Nothing written beside the file that stands in the way, and no cache directory anywhere.
    expect(readdirSync(root).filter((name) => name.startsWith('not-a-directory'))).toEqual([
      'not-a-directory',
    ]);
    const failing = () => {
      throw new Error('requirements.yaml: YAML: unexpected end');
    };
    expect(() => parseYamlCached('x: [', failing, join(root, 'd'))).toThrow(
      'requirements.yaml: YAML: unexpected end',
    );
  });
});

describe('derivedCached', () => {
  it('derives once per kind and content, never caches a cycle, and lets a failure through', async () => {
    const dir = join(root, 'derived');
    const derive = vi.fn(() => Promise.resolve({ walked: ['a', 'b'] }));
    expect(await derivedCached('walk', 'text', derive, dir)).toEqual({ walked: ['a', 'b'] });
    expect(await derivedCached('walk', 'text', derive, dir)).toEqual({ walked: ['a', 'b'] });
    expect(derive).toHaveBeenCalledTimes(1);
    // Another kind of work on the same text, or the same work on another text, is its own.
    await derivedCached('count', 'text', derive, dir);
    await derivedCached('walk', 'other text', derive, dir);
    expect(derive).toHaveBeenCalledTimes(3);
    const cyclic = () => {
      const node: Record<string, unknown> = { name: 'loop' };
      node.self = node;
      return Promise.resolve(node);
    };
    // A warm and a cold cache give the same plain tree: objects the derived value shared between
    // two places are copies in both.
    const shared = { kind: 'component' };
    const cold = (await derivedCached(
      'share',
      'text',
      () => Promise.resolve({ a: shared, b: shared }),
      dir,
    )) as {
      a: object;
      b: object;
    };
    const warm = (await derivedCached('share', 'text', derive, dir)) as { a: object; b: object };
    expect(warm).toEqual(cold);
    expect([cold.a === cold.b, warm.a === warm.b]).toEqual([false, false]);
    const deriveCycle = vi.fn(cyclic);
    await derivedCached('cycle', 'text', deriveCycle, dir);
    const again = (await derivedCached('cycle', 'text', deriveCycle, dir)) as Record<string, unknown>;
    expect(again.self).toBe(again);
    expect(deriveCycle).toHaveBeenCalledTimes(2);
    await expect(
      derivedCached('broken', 'text', () => Promise.reject(new Error('no $ref target')), dir),
    ).rejects.toThrow('no $ref target');
  });
});
