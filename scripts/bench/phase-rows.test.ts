import { describe, expect, it } from 'vitest';
import type { FilePhase } from '../../src/run/phases.ts';
import { phaseRows } from './phase-rows.ts';

const MB = 2 ** 20;
const file = (name: string, worker: number, collectMs: number, testsMs: number, imports = {}): FilePhase => ({
  file: name,
  worker,
  collectMs,
  testsMs,
  heapBytes: (40 + worker) * MB,
  imports,
});

describe('phaseRows', () => {
  const rows = phaseRows({
    phases: [{ name: 'spec load', startMs: 100, endMs: 250, rssBytes: 150 * MB, peakRssBytes: 160 * MB }],
    files: [
      file('suites/a.test.ts', 0, 900, 100, { undici: 300, 'src/http': 20 }),
      file('suites/b.test.ts', 1, 800, 50, { undici: 310 }),
      ...['c', 'd', 'e', 'f', 'g'].map((name, i) => file(`suites/${name}.test.ts`, i % 2, 10, 100 + i)),
    ],
  });
  const row = (figure: string) => rows.find((r) => r.figure === figure);

  it('gives each main-thread phase its time and the memory after it', () => {
    expect(row('phase: spec load')).toEqual({
      figure: 'phase: spec load',
      value: '150 ms',
      note: 'RSS after 150 MB, peak so far 160 MB',
    });
  });

  it("sums each worker's first imports by group, costliest first", () => {
    expect(row('worker 1: imports')).toMatchObject({ value: '320 ms' });
    expect(row('worker 1: imports')?.note).toBe('4 files, heap up to 40 MB; undici 300 ms, src/http 20 ms');
    expect(row('worker 2: imports')?.note).toMatch(/^3 files, heap up to 41 MB; undici 310 ms$/);
  });

  it('names the five costliest files and sums them all', () => {
    const files = rows.filter((r) => r.figure.startsWith('file: ')).map((r) => r.figure);
    expect(files).toEqual([
      'file: suites/a.test.ts',
      'file: suites/b.test.ts',
      'file: suites/g.test.ts',
      'file: suites/f.test.ts',
      'file: suites/e.test.ts',
    ]);
    expect(row('files: all 7')).toMatchObject({ value: '2410 ms' });
  });
});
