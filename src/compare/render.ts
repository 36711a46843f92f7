import { escapeHtml } from '../report/escape-html.ts';
import type { Cell, Comparison } from './matrix.ts';

function cellText(cell: Cell): string {
  const observed = cell.observed.length > 0 ? `: ${cell.observed.join(' | ')}` : '';
  return `${cell.outcome}${observed}`;
}

function markdownCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** The comparison as Markdown: one table per section of the document. */
export function comparisonMarkdown(comparison: Comparison): string {
  const lines = ['# Implementations compared', ''];
  if (comparison.sections.length === 0) lines.push('No requirement where the runs differ.');
  for (const section of comparison.sections) {
    lines.push(
      `## ${section.title}`,
      '',
      `| requirement | ${comparison.labels.map(markdownCell).join(' | ')} |`,
      `|---|${comparison.labels.map(() => '---').join('|')}|`,
    );
    for (const row of section.rows) {
      const id = row.differs ? `**${row.requirement.id}**` : row.requirement.id;
      lines.push(`| ${id} | ${row.cells.map((cell) => markdownCell(cellText(cell))).join(' | ')} |`);
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}th,td{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}
td.failed{background:#fde2e4}td.passed{background:#e3f5e6}td.expected{background:#fff4d6}td.skipped{background:#eee}
tr.differs th{border-left:4px solid #b00020}details{font-size:12px;color:#555}`;

/**
 * The comparison as one self-contained HTML page (no script, nothing fetched): a table per
 * section, each requirement's quoted text in a `<details>` (and its title on hover), rows where
 * the runs differ marked.
 */
export function comparisonHtml(comparison: Comparison): string {
  const head = `<tr><th scope="col">Requirement</th>${comparison.labels.map((label) => `<th scope="col">${escapeHtml(label)}</th>`).join('')}</tr>`;
  const sections = comparison.sections.map((section) => {
    const rows = section.rows.map((row) => {
      const text = escapeHtml(row.requirement.text);
      const cells = row.cells
        .map(
          (cell) =>
            `<td class="${escapeHtml(cell.outcome === '—' ? 'none' : cell.outcome)}">${escapeHtml(cellText(cell))}</td>`,
        )
        .join('');
      return `<tr${row.differs ? ' class="differs"' : ''}><th scope="row" title="${text}">${escapeHtml(row.requirement.id)}${row.differs ? ' (differs)' : ''}<details><summary>text</summary>${text}</details></th>${cells}</tr>`;
    });
    return `<h2>${escapeHtml(section.title)}</h2>\n<table>\n${head}\n${rows.join('\n')}\n</table>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Implementations compared</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Implementations compared</h1>
${sections.length === 0 ? '<p>No requirement where the runs differ.</p>' : sections.join('\n')}
</body>
</html>
`;
}
