import { describe, expect, it } from 'vitest';
import type { ScopeExpectation } from '../scope/matrix.ts';
import { loadOperationIndexSync } from '../spec/openapi.ts';
import { renderScopeMatrix } from './scope-matrix.ts';
import { buildSummary, type SummaryCheck } from './summary.ts';

function check(id: string, outcome: SummaryCheck['outcome']): SummaryCheck {
  const status =
    outcome === 'skipped' ? 'skipped' : outcome === 'failed' || outcome === 'errored' ? 'failed' : 'passed';
  return { id, requirements: ['AUTH-13'], status, outcome, title: id, file: 'suites/auth/x.test.ts' };
}

/** A scope-matrix check: its id as the suite names it, and the cell it carries. */
function cell(
  operationId: string,
  role: string,
  expected: ScopeExpectation,
  outcome: SummaryCheck['outcome'],
) {
  return { ...check(`auth.scope.${operationId}.${role}`, outcome), scope: { operationId, role, expected } };
}

function summaryOf(checks: SummaryCheck[]) {
  return buildSummary({
    target: 'http://127.0.0.1:1/api/v1',
    startedAt: new Date('2026-11-21T10:00:00.000Z'),
    durationMs: 1,
    checks,
    harnessErrors: [],
  });
}

describe('renderScopeMatrix', () => {
  it('has one row per operation and one column per role, each cell the check outcome', () => {
    const markdown = renderScopeMatrix(
      summaryOf([
        cell('deletePlugin', 'plugins:edit', 'scope_denied', 'failed'),
        cell('listPersonas', 'assistants:view', 'allowed', 'passed'),
        cell('listPersonas', 'preset:assistants-knowledge', 'allowed', 'skipped'),
        cell('deletePlugin', 'plugins:manage', 'allowed', 'passed'),
        cell('listPersonas', 'legacy', 'recorded', 'observed'),
        check('voices.catalog.shape', 'failed'),
      ]),
    );
    const table = markdown.split('\n').filter((line) => line.startsWith('|'));
    expect(table[0]).toBe(
      '| operation | scope | assistants:view | plugins:edit | plugins:manage | preset:assistants-knowledge | legacy |',
    );
    // Rows follow spec/openapi.yaml: the assistant list comes before the plugin delete.
    expect(table[2]).toBe(
      '| listPersonas | assistants:view | passed: allowed | — | — | skipped: allowed | passed (observed): recorded |',
    );
    expect(table[3]).toBe(
      '| deletePlugin | plugins:manage (destructive) | — | failed: scope_denied | passed: allowed | — | — |',
    );
    expect(table).toHaveLength(4);
    expect(markdown).toContain('3 passed, 1 failed, 1 skipped');
  });

  it('shows an errored check as failed and an operation unknown to the spec after the known ones', () => {
    const markdown = renderScopeMatrix(
      summaryOf([
        cell('retiredOperation', 'full', 'allowed', 'passed'),
        cell('listVoices', 'voices:view', 'allowed', 'errored'),
      ]),
      loadOperationIndexSync(),
    );
    const rows = markdown
      .split('\n')
      .filter((line) => line.startsWith('| list') || line.startsWith('| retired'));
    expect(rows).toEqual([
      '| listVoices | voices:view | — | failed (errored): allowed |',
      '| retiredOperation | ? | passed: allowed | — |',
    ]);
  });

  it('says so when no scope check ran', () => {
    expect(
      renderScopeMatrix(summaryOf([check('versioning.base-address.ends-in-api-v1', 'passed')])),
    ).toContain('No scope-matrix checks');
  });
});
