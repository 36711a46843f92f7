import { describe, expect, it } from 'vitest';
import { certify } from './certification.ts';
import { escapeHtml } from './escape-html.ts';
import { renderHtmlReport } from './html.ts';
import { summaryOf } from '../testing/summary-checks.ts';
import { buildSummary, type SummaryCheck } from './summary.ts';

const check = (id: string, outcome: SummaryCheck['outcome'], message?: string): SummaryCheck => ({
  id,
  requirements: ['KB-ATTACH-04', 'LIM-02'],
  status: outcome === 'failed' || outcome === 'errored' ? 'failed' : 'passed',
  outcome,
  title: `title of ${id}`,
  file: 'suites/limits/x.test.ts',
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

  it('shows the header facts, the checks per area and outcome and every failed or errored check, escaped', () => {
    const html = renderHtmlReport(summary);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('http://127.0.0.1:1/api/v1?&lt;x&gt;');
    expect(html).toContain('2026-11-21T10:00:00.000Z');
    expect(html).toContain('<tr><th scope="row">Duration</th><td>8.1 s</td></tr>');
    // Columns: passed and failed always, then only the outcomes the run has.
    expect(html).toContain(
      '<tr><th scope="col">Area</th><th scope="col">passed</th><th scope="col">failed</th><th scope="col">errored</th><th scope="col">checks</th>',
    );
    expect(html).toMatch(
      /<tr><th scope="row">limits<\/th><td class="n passed">1<\/td><td class="n failed">1<\/td><td class="n errored">1<\/td><td>3<\/td>/,
    );
    expect(html).toContain('Received: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(html).toContain('HarnessError: it&#39;s broken');
    expect(html).toContain('not a certification run');
    // Only the run's own script, none from the data: the message's <script> is text.
    expect(html.match(/<script/g)).toHaveLength(1);
    const failuresPart = html.slice(
      html.indexOf('<h2 id="failures">'),
      html.indexOf('Requirements by section'),
    );
    expect(failuresPart).toContain('b.fails');
    expect(failuresPart).not.toContain('a.passes');
  });

  it('fetches nothing: one inline script, no external resource, a policy that forbids any', () => {
    const html = renderHtmlReport(summary);
    expect(html).not.toMatch(/<(link|img|iframe)\b/);
    // Links are to anchors of the page only.
    expect(html).not.toMatch(/\s(src|href)="(?!#)/);
    expect(html).toMatch(/\shref="#/);
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
      summaryOf([
        {
          ...check('d.known', 'expected', 'Received: 200 / Documented: 400'),
          expectation: { entry: 1, reason: 'fix <due>', link: 'https://issues.example/7' },
        },
        { ...check('e.stale', 'unexpected-pass', 'unexpected pass: delete the entry'), status: 'failed' },
      ]),
    );
    expect(html).toContain('<h2 id="known-deviations">Known deviations (1)</h2>');
    expect(html).toContain('fix &lt;due&gt; (https://issues.example/7)');
    expect(html).toContain('<h2 id="failures">Failures (1)</h2>');
    expect(html).toContain('unexpected pass: delete the entry');
  });
});

describe('index.html at a glance', () => {
  const run = (checks: SummaryCheck[], extra: { stoppedBy?: 'SIGINT' } = {}) => summaryOf(checks, extra);
  const verdict = (html: string) =>
    /<p id="verdict" class="verdict (\w+)">(.*?)<\/p>/.exec(html)?.slice(1) ?? [];
  const text = (markup: string) => markup.replace(/<[^>]+>/g, '');

  it('opens with a verdict line: conformant, or N failures in M requirements, deviations, certification, exit', () => {
    const [tone, line] = verdict(renderHtmlReport(run([check('a.passes', 'passed')])));
    expect(tone).toBe('ok');
    expect(text(line ?? '')).toBe('Conformant: 1 check passed · not a certification run · exit 0');

    const failing = run([
      check('a.passes', 'passed'),
      check('b.fails', 'failed', 'Received: 200'),
      { ...check('c.fails', 'failed'), requirements: ['LIM-02', 'AUTH-01'] },
      { ...check('d.known', 'expected'), expectation: { entry: 1, reason: 'r' } },
    ]);
    const [badTone, badLine] = verdict(renderHtmlReport(certify(failing)));
    expect(badTone).toBe('bad');
    expect(text(badLine ?? '')).toBe(
      'Not conformant: 2 failures in 3 requirements · 1 known deviation · not certified · exit 1',
    );
    expect(badLine).toContain('<a href="#failures">2 failures</a>');
    expect(badLine).toContain('<a href="#known-deviations">1 known deviation</a>');
  });

  it('says an interrupted run was interrupted and does not call it conformant', () => {
    const [tone, line] = verdict(
      renderHtmlReport(run([check('a.passes', 'passed')], { stoppedBy: 'SIGINT' })),
    );
    expect(tone).toBe('bad');
    expect(text(line ?? '')).toBe(
      'No failure in the 1 check that ran · not a certification run · interrupted (Ctrl-C) · exit 0',
    );
  });

  it('says a shard report covers its slice only', () => {
    const shard = { ...run([check('a.passes', 'passed')]), shard: { index: 2, count: 3 } };
    expect(text(verdict(renderHtmlReport(shard))[1] ?? '')).toBe(
      'Conformant: 1 check passed · not a certification run · shard 2 of 3 only · exit 0',
    );
  });

  it('lists the failures under anchored sections of the document that the area table links to', () => {
    const html = renderHtmlReport(
      run([
        check('a.passes', 'passed'),
        {
          ...check('b.fails', 'failed', 'Received: 200'),
          file: 'suites/auth/b.test.ts',
          requirements: ['AUTH-01'],
        },
      ]),
    );
    const areas = html.slice(
      html.indexOf('<table id="areas"'),
      html.indexOf('</table>', html.indexOf('<table id="areas"')),
    );
    expect(areas).toMatch(
      /<th scope="row">auth<\/th>.*<a href="#failures-authentication">Authentication<\/a><\/td><\/tr>/,
    );
    expect(areas).toMatch(/<th scope="row">limits<\/th>.*<td><\/td><\/tr>/);
    expect(html).toContain(
      '<h3 id="failures-authentication">Authentication (1)</h3>\n<details class="failure" id="check-b.fails"',
    );
  });

  it('puts verdict, areas, failures, requirements and, last and collapsed by section, the observations', () => {
    const html = renderHtmlReport(
      run([
        { ...check('a.observes', 'observed'), observations: [{ requirement: 'AUTH-19', value: 'HTTP 403' }] },
        check('b.fails', 'failed', 'Received: 200'),
      ]),
    );
    const order = [
      'id="verdict"',
      'id="areas"',
      'id="failures"',
      'id="requirements"',
      'id="observations"',
    ].map((marker) => html.indexOf(marker));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toMatch(
      /<details class="group" id="observations-authentication"><summary><h3>Authentication<\/h3> 1 value\(s\)<\/summary>/,
    );
    expect(html).not.toMatch(/<details class="group"[^>]* open/);
  });
});
