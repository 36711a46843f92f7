import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Outcome, Summary, SummaryCheck } from './summary.ts';

const OUTCOMES: readonly Outcome[] = [
  'passed',
  'failed',
  'warned',
  'observed',
  'skipped',
  'errored',
  'expected',
  'unexpected-pass',
];

/** Every character that could open markup or end an attribute, escaped. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function row(cells: readonly string[], tag: 'td' | 'th' = 'td'): string {
  const open = tag === 'th' ? '<th scope="col">' : '<td>';
  return `<tr>${cells.map((cell) => `${open}${cell}</${tag}>`).join('')}</tr>`;
}

function list(items: readonly string[]): string {
  return `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
}

function certificationCell(summary: Summary): string {
  if (summary.certified === undefined) return 'not a certification run (<code>--certify</code>)';
  if (summary.certified) return '<strong class="ok">certified</strong>';
  return `<strong class="bad">not certified</strong>${list(summary.certificationReasons ?? [])}`;
}

function fact(label: string, value: string): string {
  return `<tr><th scope="row">${label}</th><td>${value}</td></tr>`;
}

function header(summary: Summary): string {
  return [
    '<table class="facts">',
    fact('Target', `<code>${escapeHtml(summary.target)}</code>`),
    fact('Started', escapeHtml(summary.startedAt)),
    fact('Duration', seconds(summary.durationMs)),
    fact('Certification', certificationCell(summary)),
    '</table>',
  ].join('\n');
}

function counts(summary: Summary): string {
  return [
    '<table class="counts">',
    row(
      OUTCOMES.map((outcome) => escapeHtml(outcome)),
      'th',
    ),
    row(OUTCOMES.map((outcome) => String(summary.outcomes[outcome]))),
    '</table>',
  ].join('\n');
}

function problemRow(check: SummaryCheck): string {
  return row([
    escapeHtml(check.outcome),
    `<code>${escapeHtml(check.id)}</code><br>${escapeHtml(check.title)}`,
    escapeHtml(check.requirements.join(', ')),
    `<pre>${escapeHtml(check.message ?? '')}</pre>`,
  ]);
}

function problems(summary: Summary): string {
  const failing = summary.checks.filter(
    (check) =>
      check.outcome === 'failed' || check.outcome === 'errored' || check.outcome === 'unexpected-pass',
  );
  if (failing.length === 0) return '<p>No check failed or errored.</p>';
  return [
    `<h2>Failed and errored checks (${failing.length})</h2>`,
    '<table class="problems">',
    row(['Outcome', 'Check', 'Requirements', 'Message'], 'th'),
    ...failing.map(problemRow),
    '</table>',
  ].join('\n');
}

/** Known deviations: the checks an expectations entry excused, with its reason and link. */
function knownDeviations(summary: Summary): string {
  const expected = summary.checks.filter((check) => check.outcome === 'expected');
  if (expected.length === 0) return '';
  return [
    `<h2>Known deviations (${expected.length})</h2>`,
    '<table class="expected">',
    row(['Check', 'Requirements', 'Reason', 'Message'], 'th'),
    ...expected.map((check) =>
      row([
        `<code>${escapeHtml(check.id)}</code>`,
        escapeHtml(check.requirements.join(', ')),
        `${escapeHtml(check.expectation?.reason ?? '')}${check.expectation?.link ? ` (${escapeHtml(check.expectation.link)})` : ''}`,
        `<pre>${escapeHtml(check.message ?? '')}</pre>`,
      ]),
    ),
    '</table>',
  ].join('\n');
}

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}
pre{white-space:pre-wrap;word-break:break-word;margin:0;font-size:12px}.ok{color:#176e2b}.bad{color:#b00020}`;

/**
 * A self-contained HTML page of the run (no script, nothing fetched: the policy forbids it): the
 * header facts, counts per outcome, the certification verdict, and every failed or errored check
 * with its message. Every value is escaped. summary.json holds the rest.
 */
export function renderHtmlReport(summary: Summary): string {
  const harness =
    summary.harnessErrors.length > 0 ? `<h2>Harness errors</h2>${list(summary.harnessErrors)}` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Conformance report: ${escapeHtml(summary.target)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Conformance report</h1>
${header(summary)}
${counts(summary)}
${harness}
${problems(summary)}
${knownDeviations(summary)}
<p>Every check, with its observations: <code>summary.json</code>.</p>
</body>
</html>
`;
}

export function writeHtmlReport(reportDir: string, summary: Summary): string {
  mkdirSync(reportDir, { recursive: true });
  const file = join(reportDir, 'index.html');
  writeFileSync(file, renderHtmlReport(summary));
  return file;
}
