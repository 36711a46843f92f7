import type { Catalog } from '../spec/requirements.ts';
import { anchor, escapeHtml } from './escape-html.ts';
import { exitCodeOf, type Summary, type SummaryCheck } from './summary.ts';

/** Outcomes that fail a run (an unexpected pass is a stale expectation: it fails too). */
const FAILING = new Set<string>(['failed', 'errored', 'unexpected-pass']);

/** The order of the area table's columns; an outcome not listed here comes after them. */
const COLUMN_ORDER = [
  'passed',
  'warned',
  'observed',
  'failed',
  'unexpected-pass',
  'errored',
  'expected',
  'skipped',
];

/** Outcomes with a column even when no check has them: the two a reader looks for first. */
const ALWAYS_SHOWN = new Set(['passed', 'failed']);

export function isFailing(check: SummaryCheck): boolean {
  return FAILING.has(check.outcome);
}

/** The area of a check: its folder under suites/ (what `--only` takes). */
function areaOf(check: SummaryCheck): string {
  return /^suites\/([^/]+)\//.exec(check.file)?.[1] ?? 'other';
}

/** The document section a failing check is filed under: that of the first requirement it cites. */
export function sectionOf(check: SummaryCheck, catalog: Catalog): string {
  const first = check.requirements[0];
  return catalog.requirements.find((r) => r.id === first)?.section ?? 'Requirements outside the catalog';
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function link(href: string, text: string): string {
  return `<a href="#${escapeHtml(href)}">${escapeHtml(text)}</a>`;
}

const STOPPED_BY: Record<string, string> = {
  SIGINT: 'interrupted (Ctrl-C)',
  SIGTERM: 'interrupted (SIGTERM)',
  deadline: 'stopped at its deadline',
};

/**
 * The run's verdict in one line: conformant or not (N failures in M requirements), errors that
 * leave it unjudged, known deviations, the certification verdict, an interruption, a shard's
 * slice, and the exit status `conformance run` gave. Failures and known deviations link to their sections.
 */
export function verdictLine(summary: Summary): string {
  const checks = summary.checks;
  const count = (outcome: string) => checks.filter((c) => c.outcome === outcome).length;
  const failures = checks.filter((c) => c.outcome === 'failed' || c.outcome === 'unexpected-pass');
  const errored = count('errored');
  const ran = checks.filter((c) => c.status !== 'skipped').length;
  const requirements = new Set(failures.flatMap((c) => c.requirements)).size;
  const parts: string[] = [];
  let tone = 'bad';
  if (failures.length > 0)
    parts.push(
      `<strong>Not conformant</strong>: ${link('failures', plural(failures.length, 'failure'))} in ${plural(requirements, 'requirement')}`,
    );
  else if (errored > 0 || summary.harnessErrors.length > 0 || ran === 0)
    parts.push('<strong>Not judged</strong>: the run could not be carried out');
  else if (summary.interrupted === true)
    parts.push(`<strong>No failure</strong> in the ${plural(ran, 'check')} that ran`);
  else {
    tone = 'ok';
    parts.push(`<strong>Conformant</strong>: ${plural(ran, 'check')} passed`);
  }
  if (errored > 0) parts.push(link('failures', `${plural(errored, 'check')} errored`));
  if (summary.harnessErrors.length > 0)
    parts.push(link('harness-errors', plural(summary.harnessErrors.length, 'harness error')));
  const expected = count('expected');
  if (expected > 0) parts.push(link('known-deviations', plural(expected, 'known deviation')));
  const skipped = count('skipped');
  if (skipped > 0) parts.push(link('skipped', `${skipped} skipped`));
  if (summary.certified === true) parts.push('<strong class="ok">certified</strong>');
  else if (summary.certified === false) parts.push('<strong class="bad">not certified</strong>');
  else parts.push('not a certification run');
  if (summary.interrupted === true) {
    tone = 'bad';
    parts.push(`<strong class="bad">${STOPPED_BY[summary.stoppedBy ?? ''] ?? 'interrupted'}</strong>`);
  }
  // A shard's report judges its slice only: say so before anyone reads it as the whole run's.
  if (summary.shard !== undefined)
    parts.push(`<strong>shard ${summary.shard.index} of ${summary.shard.count}</strong> only`);
  parts.push(`exit ${exitCodeOf(summary)}`);
  return `<p id="verdict" class="verdict ${tone}">${parts.join(' · ')}</p>`;
}

function columnsOf(checks: readonly SummaryCheck[]): string[] {
  const present = new Set(checks.map((c) => c.outcome as string));
  const known = COLUMN_ORDER.filter((o) => present.has(o) || ALWAYS_SHOWN.has(o));
  return [...known, ...[...present].filter((o) => !COLUMN_ORDER.includes(o)).sort()];
}

function bar(counts: ReadonlyMap<string, number>, total: number): string {
  const segments = [...counts]
    .filter(([, n]) => n > 0)
    .map(
      ([outcome, n]) =>
        `<span class="seg ${escapeHtml(outcome)}" style="width:${((100 * n) / total).toFixed(2)}%" title="${escapeHtml(`${n} ${outcome}`)}"></span>`,
    );
  return `<div class="bar" aria-hidden="true">${segments.join('')}</div>`;
}

/**
 * Checks per area (the folders of suites/) and outcome, each row with a bar of its outcomes, and
 * links to the sections of the document where the area's failures are listed.
 */
export function areaTable(summary: Summary, catalog: Catalog): string {
  const columns = columnsOf(summary.checks);
  const byArea = new Map<string, SummaryCheck[]>();
  for (const check of summary.checks)
    byArea.set(areaOf(check), [...(byArea.get(areaOf(check)) ?? []), check]);
  const row = (name: string, checks: readonly SummaryCheck[], isTotal: boolean) => {
    const counts = new Map(columns.map((o) => [o, checks.filter((c) => c.outcome === o).length]));
    const sections = [...new Set(checks.filter(isFailing).map((c) => sectionOf(c, catalog)))];
    const where = isTotal
      ? link('failures', 'all failures')
      : sections.map((s) => link(anchor('failures', s), s)).join(', ');
    const cells = columns
      .map((o) => {
        const n = counts.get(o) ?? 0;
        return `<td class="n${n > 0 ? ` ${escapeHtml(o)}` : ''}">${n}</td>`;
      })
      .join('');
    const head = isTotal ? 'all areas' : escapeHtml(name);
    const failuresCell = sections.length > 0 || (isTotal && checks.some(isFailing)) ? where : '';
    return `<tr${isTotal ? ' class="total"' : ''}><th scope="row">${head}</th>${cells}<td>${checks.length}</td><td class="barcell">${bar(counts, Math.max(checks.length, 1))}</td><td>${failuresCell}</td></tr>`;
  };
  const rows = [...byArea].sort(([a], [b]) => a.localeCompare(b)).map(([area, c]) => row(area, c, false));
  return [
    '<table id="areas" class="areas">',
    '<caption>Checks per area and outcome</caption>',
    `<tr><th scope="col">Area</th>${columns.map((o) => `<th scope="col">${escapeHtml(o)}</th>`).join('')}<th scope="col">checks</th><th scope="col">share</th><th scope="col">failures in</th></tr>`,
    ...rows,
    row('all areas', summary.checks, true),
    '</table>',
  ].join('\n');
}
