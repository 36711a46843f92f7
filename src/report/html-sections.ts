import type { Catalog } from '../spec/requirements.ts';
import { anchor, escapeHtml } from './escape-html.ts';
import { isFailing, sectionOf } from './html-glance.ts';
import { requirementOutcome } from './requirement-outcome.ts';
import type { Summary, SummaryCheck } from './summary.ts';

/** Up to this many failures the page shows each one expanded; more, and only their first lines. */
const FAILURES_SHOWN_OPEN = 10;

function code(text: string): string {
  return `<code>${escapeHtml(text)}</code>`;
}

function tableHead(caption: string, columns: readonly string[]): string {
  return `<table>\n<caption>${escapeHtml(caption)}</caption>\n<tr>${columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('')}</tr>`;
}

/** Items grouped by a key, groups in the order the keys first appear in `order`, then the rest. */
function groupBy<T>(
  items: readonly T[],
  key: (item: T) => string,
  order: readonly string[],
): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  return [...groups].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

function sectionOrder(catalog: Catalog): string[] {
  return [...new Set(catalog.requirements.map((r) => r.section))];
}

/** A requirement id with its quoted text on hover. */
function requirementRef(id: string, catalog: Catalog): string {
  const text = catalog.requirements.find((r) => r.id === id)?.text;
  return text === undefined ? escapeHtml(id) : `<abbr title="${escapeHtml(text)}">${escapeHtml(id)}</abbr>`;
}

/**
 * A collapsed disclosure per section of the document (`details.group`): the filter opens the ones
 * holding a match while it is active.
 */
function group(id: string, summary: string, body: string): string {
  return `<details class="group" id="${escapeHtml(id)}"><summary>${summary}</summary>\n${body}\n</details>`;
}

function tally(outcomes: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(o, (counts.get(o) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(
      ([o, n]) =>
        `<span class="outcome ${escapeHtml(o)}">${n} ${o === '—' ? 'cited by no check' : escapeHtml(o)}</span>`,
    )
    .join(' · ');
}

/**
 * The requirements by the document's sections, one collapsed disclosure per section that counts
 * its outcomes (the failures are listed above it in full): each requirement with its quoted text behind a disclosure,
 * its kind, the run's outcome on it and the checks citing it. Rows carry `data-outcome` for the
 * filter.
 */
export function requirementSections(summary: Summary, catalog: Catalog): string {
  const bySection = new Map<string, { rows: string[]; outcomes: string[] }>();
  for (const requirement of catalog.requirements) {
    const { outcome, checks, observed } = requirementOutcome(requirement.id, summary.checks);
    const cited = checks.map(
      (check) =>
        `${code(check.id)} <span class="outcome ${escapeHtml(check.outcome)}">${escapeHtml(check.outcome)}</span>`,
    );
    const seen = observed.length > 0 ? `<br>observed: ${observed.map(escapeHtml).join(' | ')}` : '';
    const row = `<tr data-outcome="${escapeHtml(outcome)}"><th scope="row">${escapeHtml(requirement.id)}<details><summary>quoted text</summary>${escapeHtml(requirement.text)}</details></th><td>${escapeHtml(requirement.kind)}</td><td class="outcome ${escapeHtml(outcome)}">${escapeHtml(outcome)}</td><td>${cited.join('<br>') || 'no check cites it'}${seen}</td></tr>`;
    const entry = bySection.get(requirement.section) ?? { rows: [], outcomes: [] };
    entry.rows.push(row);
    entry.outcomes.push(outcome);
    bySection.set(requirement.section, entry);
  }
  const sections = [...bySection].map(([section, { rows, outcomes }]) =>
    group(
      anchor('requirements', section),
      `<h3>${escapeHtml(section)}</h3> ${outcomes.length} requirements: ${tally(outcomes)}`,
      `${tableHead(`Requirements of ${section}`, ['Requirement', 'Kind', 'Outcome', 'Checks'])}\n${rows.join('\n')}\n</table>`,
    ),
  );
  return `<h2 id="requirements">Requirements by section</h2>\n${sections.join('\n')}`;
}

function failure(check: SummaryCheck, catalog: Catalog, open: boolean): string {
  const requirements = check.requirements.map((id) => requirementRef(id, catalog)).join(', ');
  const expectation =
    check.expectation !== undefined
      ? `<br>expectations entry ${check.expectation.entry}: ${escapeHtml(check.expectation.reason)}`
      : '';
  return `<details class="failure" id="${escapeHtml(anchor('check', check.id))}" data-outcome="${escapeHtml(check.outcome)}"${open ? ' open' : ''}><summary><span class="outcome ${escapeHtml(check.outcome)}">${escapeHtml(check.outcome)}</span> ${code(check.id)}: ${escapeHtml((check.message ?? '').split('\n')[0] ?? '')}</summary><p>${escapeHtml(check.title)}<br>requirements: ${requirements}<br>file: ${code(check.file)}${expectation}</p><pre>${escapeHtml(check.message ?? '')}</pre></details>`;
}

/**
 * The failing checks (failed, errored, unexpected pass) by the document section of the first
 * requirement each cites, every section anchored (the area table links to them): what came, what
 * is documented, the curl line, the answer.
 */
export function failures(summary: Summary, catalog: Catalog): string {
  const failing = summary.checks.filter(isFailing);
  if (failing.length === 0) return '<h2 id="failures">Failures (0)</h2>\n<p>No check failed or errored.</p>';
  const open = failing.length <= FAILURES_SHOWN_OPEN;
  const groups = groupBy(failing, (c) => sectionOf(c, catalog), sectionOrder(catalog)).map(
    ([section, checks]) =>
      `<h3 id="${escapeHtml(anchor('failures', section))}">${escapeHtml(section)} (${checks.length})</h3>\n${checks.map((c) => failure(c, catalog, open)).join('\n')}`,
  );
  return `<h2 id="failures">Failures (${failing.length})</h2>\n${groups.join('\n')}`;
}

/**
 * What the implementation did where the document leaves a point open, last on the page and
 * collapsed: one disclosure per section of the document.
 */
export function observations(summary: Summary, catalog: Catalog): string {
  const seen = summary.checks.flatMap((check) => (check.observations ?? []).map((o) => ({ check, o })));
  if (seen.length === 0) return '';
  const sectionOfRequirement = (id: string) =>
    catalog.requirements.find((r) => r.id === id)?.section ?? 'Requirements outside the catalog';
  const groups = groupBy(seen, ({ o }) => sectionOfRequirement(o.requirement), sectionOrder(catalog)).map(
    ([section, items]) =>
      group(
        anchor('observations', section),
        `<h3>${escapeHtml(section)}</h3> ${items.length} value(s)`,
        `${tableHead(`Values observed in ${section}`, ['Check', 'Requirement', 'Value'])}\n${items
          .map(
            ({ check, o }) =>
              `<tr data-outcome="${escapeHtml(check.outcome)}"><td>${code(check.id)}</td><td>${requirementRef(o.requirement, catalog)}</td><td>${escapeHtml(o.value)}</td></tr>`,
          )
          .join('\n')}\n</table>`,
      ),
  );
  return `<h2 id="observations">Observations (${seen.length}), where the document leaves the point open</h2>\n${groups.join('\n')}`;
}

/** Skipped checks grouped by their reason: "the keyring has no key for …: 32 checks". */
export function skipsByReason(summary: Summary): string {
  const skipped = summary.checks.filter((c) => c.outcome === 'skipped');
  if (skipped.length === 0) return '';
  const items = groupBy(skipped, (c) => (c.message ?? 'no reason given').split('\n')[0] ?? '', [])
    .sort((a, b) => b[1].length - a[1].length)
    .map(
      ([reason, checks]) =>
        `<details data-outcome="skipped"><summary>${escapeHtml(reason)}: ${checks.length} check(s)</summary>${checks.map((c) => code(c.id)).join(' ')}</details>`,
    );
  return `<h2 id="skipped">Skipped checks, by reason</h2>\n${items.join('\n')}`;
}

/** Known deviations: the checks an expectations entry excused, with its reason and link. */
export function knownDeviations(summary: Summary): string {
  const expected = summary.checks.filter((check) => check.outcome === 'expected');
  if (expected.length === 0) return '';
  const rows = expected.map(
    (check) =>
      `<tr data-outcome="expected"><td>${code(check.id)}</td><td>${escapeHtml(check.requirements.join(', '))}</td><td>${escapeHtml(check.expectation?.reason ?? '')}${check.expectation?.link ? ` (${escapeHtml(check.expectation.link)})` : ''}</td><td><pre>${escapeHtml(check.message ?? '')}</pre></td></tr>`,
  );
  return `<h2 id="known-deviations">Known deviations (${expected.length})</h2>\n${tableHead('Failures the expectations file excuses', ['Check', 'Requirements', 'Reason', 'Message'])}\n${rows.join('\n')}\n</table>`;
}

/** The share of `must` requirements cited by at least one check that ran (not skipped). */
export function mustCoverage(summary: Summary, catalog: Catalog): { covered: number; total: number } {
  const executed = new Set(
    summary.checks.filter((c) => c.status !== 'skipped').flatMap((c) => c.requirements),
  );
  const musts = catalog.requirements.filter((r) => r.kind === 'must');
  return { covered: musts.filter((r) => executed.has(r.id)).length, total: musts.length };
}
