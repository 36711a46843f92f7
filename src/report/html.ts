import { mkdirSync, writeFileSync } from 'node:fs';
import { reportPath } from './owned-files.ts';
import { loadCatalog, type Catalog } from '../spec/requirements.ts';
import { escapeHtml } from './escape-html.ts';
import { coverageSection } from './html-coverage.ts';
import { areaTable, verdictLine } from './html-glance.ts';
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

function facts(summary: Summary, catalog: Catalog): string {
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
    const active = want !== '' || query !== '';
    status.textContent = active ? shown + ' of ' + items.length + ' shown' : '';
    // A section holding a match opens while the filter is on, and closes again when it is cleared.
    for (const group of document.querySelectorAll('details.group')) {
      group.open = active && group.querySelector('[data-outcome]:not([hidden])') !== null;
    }
  };
  outcome.addEventListener('change', apply);
  text.addEventListener('input', apply);
})();`;

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:1em 2em;color:#222;max-width:80em}
h1{font-size:1.4em;margin:.2em 0}table{border-collapse:collapse;margin:.6em 0}
th,td{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}
caption{text-align:left;font-weight:600;padding:.2em 0}pre{white-space:pre-wrap;word-break:break-word;margin:0;font-size:12px}
.verdict{font-size:1.15em;padding:.5em .8em;margin:.4em 0;border-left:6px solid}.verdict.ok{border-color:#176e2b;background:#e3f5e6}
.verdict.bad{border-color:#b00020;background:#fde2e4}
.ok{color:#176e2b}.bad{color:#b00020}.outcome.failed,.outcome.errored,.outcome.unexpected-pass{color:#b00020;font-weight:600}
.outcome.passed{color:#176e2b}.outcome.expected{color:#8a5a00}details{margin:.3em 0}details.failure{border-left:4px solid #b00020;padding-left:.5em}
details.group>summary h3{display:inline;font-size:1em}
.areas td.n{text-align:right}.areas th{white-space:nowrap}.areas tr.total{font-weight:600}.barcell{width:16em}
.bar{display:flex;height:1em;width:16em;background:#eee}.seg{display:block;height:100%}
.seg.passed{background:#4caf50}.seg.warned{background:#c0ca33}.seg.observed{background:#64b5f6}
.seg.failed,.seg.errored,.seg.unexpected-pass{background:#d32f2f}.seg.expected{background:#ffb300}.seg.skipped{background:#9e9e9e}
td.failed,td.errored,td.unexpected-pass{color:#b00020;font-weight:600}
[id]{scroll-margin-top:3.5em}:target{outline:2px solid #1565c0}
form{position:sticky;top:0;background:#fff;padding:.5em 0;border-bottom:1px solid #ccc}`;

/**
 * One self-contained page of the run (nothing fetched; one inline script for the filter), in the
 * order a reader asks: the verdict and the checks per area and outcome (visible without
 * scrolling), the run's facts, the failures by section of the document with their curl line and
 * answer, known deviations, skips by reason, every requirement by section, and last, collapsed,
 * the observations. Every value is escaped.
 */
export function renderHtmlReport(summary: Summary, catalog: Catalog = loadCatalog()): string {
  const harness =
    summary.harnessErrors.length > 0
      ? `<h2 id="harness-errors">Harness errors</h2>${list(summary.harnessErrors)}`
      : '';
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
${verdictLine(summary)}
${areaTable(summary, catalog)}
${facts(summary, catalog)}
</header>
<main>
${filterForm()}
${harness}
${failures(summary, catalog)}
${knownDeviations(summary)}
${skipsByReason(summary)}
${requirementSections(summary, catalog)}
${observations(summary, catalog)}
${coverageSection(summary)}
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
