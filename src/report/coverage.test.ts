import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadCatalog } from '../spec/requirements.ts';
import { computeCoverage } from './coverage.ts';

const SUITES = fileURLToPath(new URL('../../suites', import.meta.url));

describe('coverage of the requirement catalog', () => {
  it('every id cited in suites/ exists in spec/requirements.yaml', () => {
    expect(computeCoverage(loadCatalog(), SUITES).unknownCited).toEqual([]);
  });

  it('counts cited requirements per kind and lists uncited musts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-coverage-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(
      join(dir, 'a.test.ts'),
      `check('x', ['KB-ATTACH-04', 'KB-QUERY-01', 'KB-ATTACH-99'], 't', f);`,
    );
    const catalog = loadCatalog();
    const coverage = computeCoverage(catalog, dir);
    const must = coverage.byKind.find((k) => k.kind === 'must');
    expect(must?.cited).toBe(1);
    expect(must?.total).toBe(catalog.requirements.filter((r) => r.kind === 'must').length);
    expect(coverage.byKind.find((k) => k.kind === 'should')?.cited).toBe(1);
    expect(coverage.uncitedMust.map((r) => r.id)).not.toContain('KB-ATTACH-04');
    expect(coverage.unknownCited).toEqual(['KB-ATTACH-99']);
  });
});
