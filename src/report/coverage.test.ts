import { describe, expect, it } from 'vitest';
import type { IndexedCheck } from '../harness/check-index.ts';
import { loadCatalog } from '../spec/requirements.ts';
import { computeCoverage } from './coverage.ts';

function checkCiting(...requirements: string[]): IndexedCheck {
  return { id: 'x.y', title: 't', requirements, operations: [], area: 'x', file: 'suites/x/y.test.ts' };
}

describe('coverage of the requirement catalog', () => {
  it('counts cited requirements per kind, lists uncited musts and ids the catalog lacks', () => {
    const catalog = loadCatalog();
    const coverage = computeCoverage(
      catalog,
      [checkCiting('KB-ATTACH-04', 'KB-QUERY-01'), checkCiting('KB-ATTACH-04', 'KB-ATTACH-99')],
      [{ id: 'kb.fourth-base-accepted', requirement: 'KB-ATTACH-04' }],
    );
    const must = coverage.byKind.find((k) => k.kind === 'must');
    expect(must?.cited).toBe(1);
    expect(must?.total).toBe(catalog.requirements.filter((r) => r.kind === 'must').length);
    expect(coverage.byKind.find((k) => k.kind === 'should')?.cited).toBe(1);
    expect(coverage.uncitedMust.map((r) => r.id)).not.toContain('KB-ATTACH-04');
    expect(coverage.uncitedMust).toHaveLength((must?.total ?? 0) - 1);
    expect(coverage.unknownCited).toEqual(['KB-ATTACH-99']);
  });

  it('names, per must requirement, the checks citing it and the faults proving them', () => {
    const coverage = computeCoverage(
      loadCatalog(),
      [checkCiting('KB-ATTACH-04')],
      [{ id: 'kb.fourth-base-accepted', requirement: 'KB-ATTACH-04' }],
    );
    expect(coverage.byKind.find((k) => k.kind === 'must')?.proven).toBe(1);
    const row = coverage.must.find((r) => r.requirement.id === 'KB-ATTACH-04');
    expect(row).toMatchObject({ checks: ['x.y'], faults: ['kb.fourth-base-accepted'] });
    expect(coverage.must.find((r) => r.requirement.id !== 'KB-ATTACH-04')?.faults).toEqual([]);
  });
});
