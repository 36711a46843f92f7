import { describe, expect, it } from 'vitest';
import type { Summary, SummaryCheck } from '../report/summary.ts';
import { loadCatalog } from '../spec/requirements.ts';
import { compareRuns, differencesOnly } from './matrix.ts';
import { comparisonHtml, comparisonMarkdown } from './render.ts';
import { columnTitles } from './titles.ts';
import { summaryOf, transferGet, transferShare } from '../testing/summary-checks.ts';

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

const run = (checks: SummaryCheck[]): Summary => summaryOf(checks, { target: 'http://impl/api/v1' });

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
    expect(markdown).toContain('| **AUTH-19** | ✓ HTTP 403 | ✓ HTTP 200 |');
    expect(markdown).toContain('| **LIM-02** | ✓ | ✗ |');
    const html = comparisonHtml(differencesOnly(comparison));
    expect(html).toContain('<th scope="col" class="run">A</th><th scope="col" class="run">B</th>');
    expect(html).toMatch(
      /<tr class="differs"><th scope="row" title="[^"]*">LIM-02<details><summary>text<\/summary>/,
    );
    expect(html).toContain('<td class="failed" title="failed"><abbr>✗</abbr> </td>');
    expect(html).not.toContain('VOICE-12');
  });

  it('differs on a situation every run reached, not on one only some draws reached', () => {
    const model = (observations: NonNullable<SummaryCheck['observations']>) =>
      run([{ ...check('model', ['AS-TRANSFER-06'], 'passed'), observations }]);
    const differing = (runs: Summary[]) =>
      differencesOnly(compareRuns(runs, ['A', 'B'], catalog)).sections.flatMap((s) =>
        s.rows.map((r) => r.requirement.id),
      );
    expect(differing([model([transferGet('400'), transferShare]), model([transferGet('400')])])).toEqual([]);
    expect(differing([model([transferGet('400')]), model([transferGet('HTTP 200')])])).toEqual([
      'AS-TRANSFER-06',
    ]);
  });

  it('does not mark a row whose runs differ only in how many checks cite the requirement', () => {
    const once = run([check('x.voices', ['VOICE-12'], 'passed')]);
    const twice = run([check('x.voices', ['VOICE-12'], 'passed'), check('y.voices', ['VOICE-12'], 'passed')]);
    const rows = differencesOnly(compareRuns([once, twice], ['A', 'B'], catalog)).sections;
    expect(rows).toEqual([]);
    expect(comparisonMarkdown(differencesOnly(compareRuns([once, twice], ['A', 'B'], catalog)))).toContain(
      'No requirement where the runs differ.',
    );
  });

  it('opens with a matrix of sections × runs counting requirements per outcome, kept under --differences', () => {
    const limits = differencesOnly(comparison).matrix.find((s) => s.title === 'Limits');
    const total = catalog.requirements.filter((r) => r.section === 'Limits').length;
    expect(limits?.counts).toEqual([
      { passed: 1, '—': total - 1 },
      { failed: 1, '—': total - 1 },
    ]);
    const markdown = comparisonMarkdown(differencesOnly(comparison));
    expect(markdown.indexOf('| section | A | B |')).toBeLessThan(markdown.indexOf('## '));
    expect(markdown).toContain(`| Limits | ✓ 1 ○ ${total - 1} | ✗ 1 ○ ${total - 1} |`);
    const html = comparisonHtml(differencesOnly(comparison));
    expect(html).toContain('<th scope="row"><a href="#section-limits">Limits</a></th>');
    expect(html).toContain('<h2 id="section-limits">Limits</h2>');
    // A section without a kept row has no table to link to.
    expect(html).toContain('<th scope="row">Versioning</th>');
  });

  it('shows a long observed value shortened in the cell and whole on hover', () => {
    const long = 'x'.repeat(200);
    const html = comparisonHtml(
      compareRuns([run([check('x.legacy', ['AUTH-19'], 'observed', long)]), a], ['A', 'B'], catalog),
    );
    expect(html).toContain(
      `<td class="passed" title="passed: ${long}"><abbr>✓</abbr> ${'x'.repeat(59)}…</td>`,
    );
  });

  it('shows where two long values part ways, not the opening they share', () => {
    const opening = 'attachment attached with enabled false: exercised ';
    const markdown = comparisonMarkdown(
      compareRuns(
        [
          run([check('x.legacy', ['AUTH-19'], 'observed', `${opening}20 time(s)`)]),
          run([check('x.legacy', ['AUTH-19'], 'observed', `${opening}19 time(s)`)]),
        ],
        ['A', 'B'],
        catalog,
      ),
    );
    expect(markdown).toContain('| **AUTH-19** | ✓ …20 time(s) | ✓ …19 time(s) |');
  });

  it('titles columns by label, else target and start time, and tells equal titles apart', () => {
    const at = (startedAt: string, target = 'http://impl/api/v1') => ({ ...a, target, startedAt });
    expect(columnTitles([at('2026-11-27T08:31:56.918Z'), at('2026-11-28T09:00:00.000Z')])).toEqual([
      'http://impl/api/v1 2026-11-27 08:31 UTC',
      'http://impl/api/v1 2026-11-28 09:00 UTC',
    ]);
    expect(
      columnTitles([
        at('2026-11-27T08:31:56.918Z'),
        at('2026-11-27T08:31:59.000Z'),
        at('2026-11-28T09:00:00.000Z'),
      ]),
    ).toEqual([
      'http://impl/api/v1 2026-11-27 08:31 UTC (run 1)',
      'http://impl/api/v1 2026-11-27 08:31 UTC (run 2)',
      'http://impl/api/v1 2026-11-28 09:00 UTC',
    ]);
    expect(columnTitles([a, b], ['ref', 'ref'])).toEqual(['ref (run 1)', 'ref (run 2)']);
    expect(columnTitles([a, b], ['Vendor A', 'Vendor B'])).toEqual(['Vendor A', 'Vendor B']);
  });

  it('refuses runs of different summary schema versions', () => {
    expect(() => compareRuns([a, { ...b, schemaVersion: 2 }], ['A', 'B'], catalog)).toThrow(
      /schemaVersion 1, 2/,
    );
  });
});
