import type { Catalog } from '../spec/requirements.ts';
import { escapeHtml } from './escape-html.ts';
import { requirementOutcome } from './requirement-outcome.ts';
import type { Summary, SummaryCheck } from './summary.ts';

const FAILING = new Set(['failed', 'errored', 'unexpected-pass']);

function code(text: string): string {
  return `<code>${escapeHtml(text)}</code>`;
}

function tableHead(caption: string, columns: readonly string[]): string {
  return `<table>\n<caption>${escapeHtml(caption)}</caption>\n<tr>${columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('')}</tr>`;
}

/**
 * The requirements by the document's sections: each with its quoted text behind a disclosure, its
 * kind, the run's outcome on it and the checks citing it. Rows carry `data-outcome` for the filter.
 */
export function requirementSections(summary: Summary, catalog: Catalog): string {
  const bySection = new Map<string, string[]>();
  for (const requirement of catalog.requirements) {
    const { outcome, checks, observed } = requirementOutcome(requirement.id, summary.checks);
    const cited = checks.map(
      (check) =>
        `${code(check.id)} <span class="outcome ${escapeHtml(check.outcome)}">${escapeHtml(check.outcome)}</span>`,
    );
    const seen = observed.length > 0 ? `<br>observed: ${observed.map(escapeHtml).join(' | ')}` : '';
    const row = `<tr data-outcome="${escapeHtml(outcome)}"><th scope="row">${escapeHtml(requirement.id)}<details><summary>quoted text</summary>${escapeHtml(requirement.text)}</details></th><td>${escapeHtml(requirement.kind)}</td><td class="outcome ${escapeHtml(outcome)}">${escapeHtml(outcome)}</td><td>${cited.join('<br>') || 'no check cites it'}${seen}</td></tr>`;
    bySection.set(requirement.section, [...(bySection.get(requirement.section) ?? []), row]);
  }
  return [...bySection]
    .map(
      ([section, rows]) =>
        `<h3>${escapeHtml(section)}</h3>\n${tableHead(`Requirements of ${section}`, ['Requirement', 'Kind', 'Outcome', 'Checks'])}\n${rows.join('\n')}\n</table>`,
    )
    .join('\n');
}

/** Each failing check in a disclosure: what came, what is documented, the curl line, the answer. */
export function failures(summary: Summary): string {
  const failing = summary.checks.filter((check) => FAILING.has(check.outcome));
  if (failing.length === 0)
    return '<h2>Failed and errored checks (0)</h2>\n<p>No check failed or errored.</p>';
  const items = failing.map(
    (check) =>
      `<details class="failure" data-outcome="${escapeHtml(check.outcome)}"><summary><span class="outcome ${escapeHtml(check.outcome)}">${escapeHtml(check.outcome)}</span> ${code(check.id)}: ${escapeHtml((check.message ?? '').split('\n')[0] ?? '')}</summary><p>${escapeHtml(check.title)}<br>requirements: ${escapeHtml(check.requirements.join(', '))}<br>file: ${code(check.file)}</p><pre>${escapeHtml(check.message ?? '')}</pre></details>`,
  );
  return `<h2>Failed and errored checks (${failing.length})</h2>\n${items.join('\n')}`;
}

/** What the implementation did where the document leaves a point open. */
export function observations(summary: Summary): string {
  const rows = summary.checks.flatMap((check) =>
    (check.observations ?? []).map(
      (o) =>
        `<tr data-outcome="${escapeHtml(check.outcome)}"><td>${code(check.id)}</td><td>${escapeHtml(o.requirement)}</td><td>${escapeHtml(o.value)}</td></tr>`,
    ),
  );
  if (rows.length === 0) return '';
  return `<h2>Observations (${rows.length})</h2>\n${tableHead('Values observed where the document leaves the point open', ['Check', 'Requirement', 'Value'])}\n${rows.join('\n')}\n</table>`;
}

/** Skipped checks grouped by their reason: "the keyring has no key for …: 32 checks". */
export function skipsByReason(summary: Summary): string {
  const groups = new Map<string, SummaryCheck[]>();
  for (const check of summary.checks.filter((c) => c.outcome === 'skipped')) {
    const reason = (check.message ?? 'no reason given').split('\n')[0] ?? '';
    groups.set(reason, [...(groups.get(reason) ?? []), check]);
  }
  if (groups.size === 0) return '';
  const items = [...groups]
    .sort((a, b) => b[1].length - a[1].length)
    .map(
      ([reason, checks]) =>
        `<details data-outcome="skipped"><summary>${escapeHtml(reason)}: ${checks.length} check(s)</summary>${checks.map((c) => code(c.id)).join(' ')}</details>`,
    );
  return `<h2>Skipped checks, by reason</h2>\n${items.join('\n')}`;
}

/** Known deviations: the checks an expectations entry excused, with its reason and link. */
export function knownDeviations(summary: Summary): string {
  const expected = summary.checks.filter((check) => check.outcome === 'expected');
  if (expected.length === 0) return '';
  const rows = expected.map(
    (check) =>
      `<tr data-outcome="expected"><td>${code(check.id)}</td><td>${escapeHtml(check.requirements.join(', '))}</td><td>${escapeHtml(check.expectation?.reason ?? '')}${check.expectation?.link ? ` (${escapeHtml(check.expectation.link)})` : ''}</td><td><pre>${escapeHtml(check.message ?? '')}</pre></td></tr>`,
  );
  return `<h2>Known deviations (${expected.length})</h2>\n${tableHead('Failures the expectations file excuses', ['Check', 'Requirements', 'Reason', 'Message'])}\n${rows.join('\n')}\n</table>`;
}

/** The share of `must` requirements cited by at least one check that ran (not skipped). */
export function mustCoverage(summary: Summary, catalog: Catalog): { covered: number; total: number } {
  const executed = new Set(
    summary.checks.filter((c) => c.status !== 'skipped').flatMap((c) => c.requirements),
  );
  const musts = catalog.requirements.filter((r) => r.kind === 'must');
  return { covered: musts.filter((r) => executed.has(r.id)).length, total: musts.length };
}
