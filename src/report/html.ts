import { mkdirSync, writeFileSync } from 'node:fs';
import { reportPath } from './owned-files.ts';
import { loadCatalog, type Catalog } from '../spec/requirements.ts';
import { escapeHtml } from './escape-html.ts';
import { coverageSection } from './html-coverage.ts';
import {
  failures,
  knownDeviations,
  mustCoverage,
  observations,
  requirementSections,
  skipsByReason,
} from './html-sections.ts';
import type { Outcome, Summary } from './summary.ts';

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

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
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

function header(summary: Summary, catalog: Catalog): string {
  const { covered, total } = mustCoverage(summary, catalog);
  const suite = summary.suiteVersion;
  return [
    '<table class="facts">',
    '<caption>The run</caption>',
    fact('Target', `<code>${escapeHtml(summary.target)}</code>`),
    fact('Started', escapeHtml(summary.startedAt)),
    fact('Duration', seconds(summary.durationMs)),
    fact(
      'Suite',
      escapeHtml(
        suite ? `${suite.version}${suite.commit ? ` (${suite.commit.slice(0, 12)})` : ''}` : 'unknown',
      ),
    ),
    ...(summary.seed !== undefined
      ? [fact('Seed', `${summary.seed} (<code>--seed ${summary.seed}</code> replays it)`)]
      : []),
    fact('Coverage', `${covered} of ${total} <em>must</em> requirements cited by a check that ran`),
    fact('Certification', certificationCell(summary)),
    '</table>',
  ].join('\n');
}

function counts(summary: Summary): string {
  return [
    '<table class="counts">',
    '<caption>Checks per outcome</caption>',
    `<tr>${OUTCOMES.map((o) => `<th scope="col">${escapeHtml(o)}</th>`).join('')}</tr>`,
    `<tr>${OUTCOMES.map((o) => `<td>${summary.outcomes[o] ?? 0}</td>`).join('')}</tr>`,
    '</table>',
  ].join('\n');
}

/** The filter: by outcome and by text, over every element that carries `data-outcome`. */
function filterForm(): string {
  const options = [
    '',
    'passed',
    'failed',
    'expected',
    'skipped',
    '—',
    ...OUTCOMES.filter((o) => !['passed', 'failed', 'skipped', 'expected'].includes(o)),
  ]
    .map((o) => `<option value="${escapeHtml(o)}">${o === '' ? 'every outcome' : escapeHtml(o)}</option>`)
    .join('');
  return `<form id="filter" role="search" onsubmit="return false">
<label for="filter-outcome">Outcome</label> <select id="filter-outcome">${options}</select>
<label for="filter-text">Search</label> <input id="filter-text" type="search" placeholder="id, text, message">
<span id="filter-status" role="status" aria-live="polite"></span>
</form>`;
}

// Inline and small: the page must open from disk with nothing fetched.
const FILTER_SCRIPT = `(() => {
  const outcome = document.getElementById('filter-outcome');
  const text = document.getElementById('filter-text');
  const status = document.getElementById('filter-status');
  const apply = () => {
    const want = outcome.value;
    const query = text.value.trim().toLowerCase();
    let shown = 0;
    const items = document.querySelectorAll('[data-outcome]');
    for (const item of items) {
      const match = (want === '' || item.dataset.outcome === want) && (query === '' || item.textContent.toLowerCase().includes(query));
      item.hidden = !match;
      if (match) shown += 1;
    }
    status.textContent = want === '' && query === '' ? '' : shown + ' of ' + items.length + ' shown';
  };
  outcome.addEventListener('change', apply);
  text.addEventListener('input', apply);
})();`;

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222;max-width:80em}
table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}
caption{text-align:left;font-weight:600;padding:.2em 0}pre{white-space:pre-wrap;word-break:break-word;margin:0;font-size:12px}
.ok{color:#176e2b}.bad{color:#b00020}.outcome.failed,.outcome.errored,.outcome.unexpected-pass{color:#b00020;font-weight:600}
.outcome.passed{color:#176e2b}.outcome.expected{color:#8a5a00}details{margin:.3em 0}details.failure{border-left:4px solid #b00020;padding-left:.5em}
form{position:sticky;top:0;background:#fff;padding:.5em 0;border-bottom:1px solid #ccc}`;

/**
 * One self-contained page of the run (nothing fetched; one inline script for the filter): the
 * header facts with the coverage of `must` requirements, counts per outcome, the failures with
 * their curl line and answer, known deviations, skips by reason, observations, and every
 * requirement by section with its outcome and citing checks. Every value is escaped.
 */
export function renderHtmlReport(summary: Summary, catalog: Catalog = loadCatalog()): string {
  const harness =
    summary.harnessErrors.length > 0 ? `<h2>Harness errors</h2>${list(summary.harnessErrors)}` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>Conformance report: ${escapeHtml(summary.target)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Conformance report</h1>
${header(summary, catalog)}
${counts(summary)}
</header>
<main>
${filterForm()}
${harness}
${failures(summary)}
${knownDeviations(summary)}
${skipsByReason(summary)}
${observations(summary)}
${coverageSection(summary)}
<h2>Requirements by section</h2>
${requirementSections(summary, catalog)}
</main>
<script>${FILTER_SCRIPT}</script>
</body>
</html>
`;
}

export function writeHtmlReport(reportDir: string, summary: Summary): string {
  mkdirSync(reportDir, { recursive: true });
  const file = reportPath(reportDir, 'index.html');
  writeFileSync(file, renderHtmlReport(summary));
  return file;
}
