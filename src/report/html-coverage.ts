import { escapeHtml } from './escape-html.ts';
import type { Summary } from './summary.ts';

/**
 * What the run happened to exercise (checks' `coverage`: transition counts of drawn histories,
 * views not judged because the collection moved), collapsed: it depends on the seed and on timing,
 * so it stands apart from the observations. Empty when no check recorded any.
 */
export function coverageSection(summary: Summary): string {
  const rows = summary.checks.flatMap((check) =>
    (check.coverage ?? []).map(
      (note) =>
        `<tr><td><code>${escapeHtml(check.id)}</code></td><td>${escapeHtml(note.requirement)}</td><td>${escapeHtml(note.value)}</td></tr>`,
    ),
  );
  if (rows.length === 0) return '';
  return `<details class="coverage"><summary>What the run exercised (${rows.length}): depends on the seed and on timing, not compared by <code>conformance diff</code></summary>
<table>
<caption>Transitions reached and parts not judged</caption>
<tr><th scope="col">Check</th><th scope="col">Requirement</th><th scope="col">Exercised</th></tr>
${rows.join('\n')}
</table>
</details>`;
}
