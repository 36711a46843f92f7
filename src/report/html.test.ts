import { describe, expect, it } from 'vitest';
import { certify } from './certification.ts';
import { escapeHtml } from './escape-html.ts';
import { renderHtmlReport } from './html.ts';
import { buildSummary, type SummaryCheck } from './summary.ts';

const check = (id: string, outcome: SummaryCheck['outcome'], message?: string): SummaryCheck => ({
  id,
  requirements: ['KB-ATTACH-04', 'LIM-02'],
  status: outcome === 'failed' || outcome === 'errored' ? 'failed' : 'passed',
  outcome,
  title: `title of ${id}`,
  file: 'suites/x.test.ts',
  ...(message !== undefined ? { message } : {}),
});

const summary = buildSummary({
  target: 'http://127.0.0.1:1/api/v1?<x>',
  startedAt: new Date('2026-11-21T10:00:00.000Z'),
  durationMs: 8123,
  checks: [
    check('a.passes', 'passed'),
    check('b.fails', 'failed', 'Received: <script>alert("x")</script> & more'),
    check('c.errors', 'errored', "HarnessError: it's broken"),
  ],
  harnessErrors: [],
});

describe('index.html', () => {
  it('escapes every character that could open markup or end an attribute', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('shows the header facts, the counts per outcome and every failed or errored check, escaped', () => {
    const html = renderHtmlReport(summary);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('http://127.0.0.1:1/api/v1?&lt;x&gt;');
    expect(html).toContain('2026-11-21T10:00:00.000Z');
    expect(html).toContain('<tr><th scope="row">Duration</th><td>8.1 s</td></tr>');
    expect(html).toContain(
      ['passed', 'failed', 'warned', 'observed', 'skipped', 'errored']
        .map((o) => `<th scope="col">${o}</th>`)
        .join(''),
    );
    expect(html).toContain(
      '<tr><td>1</td><td>1</td><td>0</td><td>0</td><td>0</td><td>1</td><td>0</td><td>0</td></tr>',
    );
    expect(html).toContain('Received: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(html).toContain('HarnessError: it&#39;s broken');
    expect(html).toContain('not a certification run');
    // Only the run's own script, none from the data: the message's <script> is text.
    expect(html.match(/<script/g)).toHaveLength(1);
    const failuresPart = html.slice(
      html.indexOf('Failed and errored checks'),
      html.indexOf('Requirements by section'),
    );
    expect(failuresPart).toContain('b.fails');
    expect(failuresPart).not.toContain('a.passes');
  });

  it('fetches nothing: one inline script, no external resource, a policy that forbids any', () => {
    const html = renderHtmlReport(summary);
    expect(html).not.toMatch(/<(link|img|iframe)\b/);
    expect(html).not.toMatch(/\s(src|href)=/);
    expect(html).toContain(
      `content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"`,
    );
  });

  it('shows every requirement by section with its outcome and citing checks, and the must coverage', () => {
    const html = renderHtmlReport(summary);
    expect(html).toMatch(/<tr data-outcome="failed"><th scope="row">KB-ATTACH-04<details>/);
    expect(html).toContain('<code>a.passes</code> <span class="outcome passed">passed</span>');
    expect(html).toMatch(/<th scope="row">Coverage<\/th><td>\d+ of \d+ <em>must<\/em> requirements/);
    expect(html).toContain('<label for="filter-outcome">Outcome</label>');
    expect(html).toContain('<label for="filter-text">Search</label>');
  });

  it('states the certification verdict and its reasons', () => {
    const html = renderHtmlReport(certify(summary));
    expect(html).toContain('not certified');
    expect(html).toContain('<li>1 check(s) failed: b.fails</li>');
    expect(renderHtmlReport(certify(summary, []))).toContain('<strong class="ok">certified</strong>');
  });

  it('lists the known deviations with the reason and link of their expectations entry, and an unexpected pass among the failures', () => {
    const html = renderHtmlReport(
      buildSummary({
        target: 't',
        startedAt: new Date(0),
        durationMs: 1,
        checks: [
          {
            ...check('d.known', 'expected', 'Received: 200 / Documented: 400'),
            expectation: { entry: 1, reason: 'fix <due>', link: 'https://issues.example/7' },
          },
          { ...check('e.stale', 'unexpected-pass', 'unexpected pass: delete the entry'), status: 'failed' },
        ],
        harnessErrors: [],
      }),
    );
    expect(html).toContain('<h2>Known deviations (1)</h2>');
    expect(html).toContain('fix &lt;due&gt; (https://issues.example/7)');
    expect(html).toContain('<h2>Failed and errored checks (1)</h2>');
    expect(html).toContain('unexpected pass: delete the entry');
  });
});
