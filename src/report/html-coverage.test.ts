import { describe, expect, it } from 'vitest';
import { coverageSection } from './html-coverage.ts';
import { renderHtmlReport } from './html.ts';
import { summaryOf } from '../testing/summary-checks.ts';
import type { SummaryCheck } from './summary.ts';

const model: SummaryCheck = {
  id: 'stateful.account.model',
  requirements: ['LIM-01'],
  status: 'passed',
  outcome: 'passed',
  title: 'the model',
  file: 'suites/stateful/account.test.ts',
  observations: [{ requirement: 'IDS-06', value: 'a create again: HTTP 200', situation: 'a create again' }],
  coverage: [
    { requirement: 'LIM-01', value: 'a fourth attached: exercised 2 time(s) in 20 sequence(s)', times: 2 },
    { requirement: 'PL-LIST-03', value: 'the collection changed while its pages were read: <not judged>' },
  ],
};

const run = (checks: SummaryCheck[]) => summaryOf(checks, { target: 'http://x/api/v1' });

describe('the coverage section of index.html', () => {
  it('lists what the run exercised, collapsed, escaped, apart from the observations', () => {
    const section = coverageSection(run([model]));
    expect(section).toMatch(/^<details class="coverage"><summary>What the run exercised \(2\)/);
    expect(section).toContain(
      '<td>LIM-01</td><td>a fourth attached: exercised 2 time(s) in 20 sequence(s)</td>',
    );
    expect(section).toContain('&lt;not judged&gt;');
    expect(section).not.toContain('a create again');
    const html = renderHtmlReport(run([model]));
    expect(html).toContain(section);
    expect(html.indexOf('<h2>Observations')).toBeLessThan(html.indexOf('<details class="coverage">'));
  });

  it('is absent when no check recorded coverage', () => {
    expect(coverageSection(run([{ ...model, coverage: [] }]))).toBe('');
  });
});
