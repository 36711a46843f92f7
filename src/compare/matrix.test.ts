import { describe, expect, it } from 'vitest';
import { buildSummary, type Summary, type SummaryCheck } from '../report/summary.ts';
import { loadCatalog } from '../spec/requirements.ts';
import { compareRuns, differencesOnly } from './matrix.ts';
import { comparisonHtml, comparisonMarkdown } from './render.ts';

function check(
  id: string,
  requirements: string[],
  outcome: SummaryCheck['outcome'],
  observed?: string,
): SummaryCheck {
  return {
    id,
    requirements,
    status: outcome === 'failed' ? 'failed' : outcome === 'skipped' ? 'skipped' : 'passed',
    outcome,
    title: id,
    file: 'suites/x/y.test.ts',
    ...(observed !== undefined
      ? { observations: [{ requirement: requirements[0] ?? '', value: observed }] }
      : {}),
  };
}

function run(checks: SummaryCheck[]): Summary {
  return buildSummary({
    target: 'http://impl/api/v1',
    startedAt: new Date(0),
    durationMs: 1,
    checks,
    harnessErrors: [],
  });
}

describe('compareRuns', () => {
  const catalog = loadCatalog();
  const a = run([
    check('x.limit', ['LIM-02'], 'passed'),
    check('x.legacy', ['AUTH-19'], 'observed', 'HTTP 403'),
    check('x.voices', ['VOICE-12'], 'passed'),
  ]);
  const b = run([
    check('x.limit', ['LIM-02'], 'failed'),
    check('x.legacy', ['AUTH-19'], 'observed', 'HTTP 200'),
    check('x.voices', ['VOICE-12'], 'passed'),
  ]);
  const comparison = compareRuns([a, b], ['A', 'B'], catalog);

  it('has a row for every requirement of the catalog, grouped by section in catalog order', () => {
    const rows = comparison.sections.flatMap((s) => s.rows);
    expect(rows.map((r) => r.requirement.id)).toEqual(catalog.requirements.map((r) => r.id));
    const limit = rows.find((r) => r.requirement.id === 'LIM-02');
    expect(limit?.cells.map((c) => c.outcome)).toEqual(['passed', 'failed']);
    expect(rows.find((r) => r.requirement.id === 'ACCT-01')?.cells.map((c) => c.outcome)).toEqual(['—', '—']);
  });

  it('keeps, with --differences, the rows whose outcome or observed value differs', () => {
    const differing = differencesOnly(comparison).sections.flatMap((s) =>
      s.rows.map((r) => r.requirement.id),
    );
    expect(differing.sort()).toEqual(['AUTH-19', 'LIM-02']);
    const markdown = comparisonMarkdown(differencesOnly(comparison));
    expect(markdown).toContain('| **AUTH-19** | passed: HTTP 403 | passed: HTTP 200 |');
    const html = comparisonHtml(differencesOnly(comparison));
    expect(html).toContain('<th scope="col">A</th><th scope="col">B</th>');
    expect(html).toMatch(/<tr class="differs"><th scope="row" title="[^"]*">LIM-02 \(differs\)<details>/);
    expect(html).not.toContain('VOICE-12');
  });

  it('differs on a situation every run reached, not on one only some draws reached', () => {
    const model = (observations: NonNullable<SummaryCheck['observations']>) =>
      run([{ ...check('model', ['AS-TRANSFER-06'], 'passed'), observations }]);
    const get = (behaviour: string) => ({
      requirement: 'AS-TRANSFER-06',
      value: `get after a transfer: ${behaviour}`,
      situation: 'get after a transfer',
    });
    const share = {
      requirement: 'AS-TRANSFER-06',
      value: 'share after a transfer: 400',
      situation: 'share after a transfer',
    };
    const differing = (runs: Summary[]) =>
      differencesOnly(compareRuns(runs, ['A', 'B'], catalog)).sections.flatMap((s) =>
        s.rows.map((r) => r.requirement.id),
      );
    expect(differing([model([get('400'), share]), model([get('400')])])).toEqual([]);
    expect(differing([model([get('400')]), model([get('HTTP 200')])])).toEqual(['AS-TRANSFER-06']);
  });

  it('refuses runs of different summary schema versions', () => {
    expect(() => compareRuns([a, { ...b, schemaVersion: 2 }], ['A', 'B'], catalog)).toThrow(
      /schemaVersion 1, 2/,
    );
  });
});
