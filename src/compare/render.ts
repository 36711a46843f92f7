import { anchor, escapeHtml } from '../report/escape-html.ts';
import type { Cell, Comparison, Row, SectionCounts } from './matrix.ts';

/** A requirement's outcome as one mark, so that a cell is the mark and the value observed. */
const MARKS: Record<string, string> = {
  passed: '✓',
  failed: '✗',
  expected: '⚑',
  skipped: '⊘',
  '—': '○',
};

const LEGEND = '✓ passed · ✗ failed · ⚑ known deviation (expected) · ⊘ skipped · ○ cited by no check';

/** The longest observed text a cell shows; the whole of it is on hover in the HTML. */
const CELL_TEXT = 60;

function mark(outcome: string): string {
  return MARKS[outcome] ?? outcome;
}

function observed(cell: Cell): string {
  return cell.observed.join(' | ');
}

function shortened(text: string): string {
  return text.length > CELL_TEXT ? `${text.slice(0, CELL_TEXT - 1)}…` : text;
}

/** A shared opening shorter than this is left in place: cutting it would not save the reader much. */
const SHARED_OPENING = 16;

/**
 * What each cell of a row shows of its observed values: all of them, shortened; but where the
 * runs differ and their texts open alike, the shared opening (up to a word boundary) becomes `…`,
 * so that the short cell shows where the runs part ways rather than the words they share.
 */
function shownValues(row: Row): string[] {
  const texts = row.cells.map(observed);
  if (!row.differs || texts.some((t) => t === '')) return texts.map(shortened);
  let common = 0;
  const first = texts[0] ?? '';
  while (common < first.length && texts.every((t) => t[common] === first[common])) common += 1;
  const boundary = first.slice(0, common).search(/[\s(:,|][^\s(:,|]*$/);
  const cut = boundary < 0 ? 0 : boundary + 1;
  if (cut < SHARED_OPENING) return texts.map(shortened);
  return texts.map((t) => (t.length === cut ? shortened(t) : shortened(`…${t.slice(cut)}`)));
}

function countsText(counts: SectionCounts): string {
  return Object.keys(MARKS)
    .filter((outcome) => (counts[outcome] ?? 0) > 0)
    .map((outcome) => `${mark(outcome)} ${counts[outcome]}`)
    .join(' ');
}

function markdownCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function markdownTable(head: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [
    `| ${head.map(markdownCell).join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];
}

/**
 * The comparison as Markdown: the sections × runs matrix of requirement counts per outcome, then
 * one table per section, each cell an outcome mark and the values observed.
 */
export function comparisonMarkdown(comparison: Comparison): string {
  const lines = [
    '# Implementations compared',
    '',
    ...markdownTable(
      ['section', ...comparison.labels],
      comparison.matrix.map((s) => [markdownCell(s.title), ...s.counts.map(countsText)]),
    ),
    '',
    LEGEND,
    '',
  ];
  if (comparison.sections.length === 0) lines.push('No requirement where the runs differ.', '');
  for (const section of comparison.sections) {
    lines.push(
      `## ${section.title}`,
      '',
      ...markdownTable(
        ['requirement', ...comparison.labels],
        section.rows.map((row) => {
          const shown = shownValues(row);
          return [
            row.differs ? `**${row.requirement.id}**` : row.requirement.id,
            ...row.cells.map((cell, i) => markdownCell(`${mark(cell.outcome)} ${shown[i] ?? ''}`.trim())),
          ];
        }),
      ),
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:1em 2em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}th,td{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}
td.failed{background:#fde2e4}td.passed{background:#e3f5e6}td.expected{background:#fff4d6}td.skipped{background:#eee}
tr.differs th{border-left:4px solid #b00020}details{font-size:12px;color:#555;max-width:40em}
abbr{text-decoration:none}caption{text-align:left;font-weight:600}.matrix td{white-space:nowrap}th.run{max-width:18em;overflow-wrap:anywhere}`;

function htmlHead(comparison: Comparison, first: string): string {
  return `<tr><th scope="col">${first}</th>${comparison.labels.map((label) => `<th scope="col" class="run">${escapeHtml(label)}</th>`).join('')}</tr>`;
}

function matrixHtml(comparison: Comparison): string {
  const kept = new Set(comparison.sections.map((s) => s.title));
  const rows = comparison.matrix.map((section) => {
    const title = kept.has(section.title)
      ? `<a href="#${escapeHtml(anchor('section', section.title))}">${escapeHtml(section.title)}</a>`
      : escapeHtml(section.title);
    return `<tr><th scope="row">${title}</th>${section.counts.map((c) => `<td>${escapeHtml(countsText(c))}</td>`).join('')}</tr>`;
  });
  return `<table id="matrix" class="matrix">\n<caption>Requirements per section and outcome</caption>\n${htmlHead(comparison, 'Section')}\n${rows.join('\n')}\n</table>\n<p>${escapeHtml(LEGEND)}</p>`;
}

function cellHtml(cell: Cell, shown: string): string {
  const value = observed(cell);
  const title = value === '' ? cell.outcome : `${cell.outcome}: ${value}`;
  return `<td class="${escapeHtml(cell.outcome === '—' ? 'none' : cell.outcome)}" title="${escapeHtml(title)}"><abbr>${escapeHtml(mark(cell.outcome))}</abbr> ${escapeHtml(shown)}</td>`;
}

/**
 * The comparison as one self-contained HTML page (no script, nothing fetched): the matrix of
 * sections × runs first, then a table per section, each cell an outcome mark and the value
 * observed (the whole value and the outcome's name on hover), each requirement's quoted text on
 * hover and in a `<details>`, rows where the runs differ marked.
 */
export function comparisonHtml(comparison: Comparison): string {
  const head = htmlHead(comparison, 'Requirement');
  const sections = comparison.sections.map((section) => {
    const rows = section.rows.map((row) => {
      const text = escapeHtml(row.requirement.text);
      const shown = shownValues(row);
      return `<tr${row.differs ? ' class="differs"' : ''}><th scope="row" title="${text}">${escapeHtml(row.requirement.id)}<details><summary>text</summary>${text}</details></th>${row.cells.map((cell, i) => cellHtml(cell, shown[i] ?? '')).join('')}</tr>`;
    });
    return `<h2 id="${escapeHtml(anchor('section', section.title))}">${escapeHtml(section.title)}</h2>\n<table>\n${head}\n${rows.join('\n')}\n</table>`;
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
${matrixHtml(comparison)}
${sections.length === 0 ? '<p>No requirement where the runs differ.</p>' : sections.join('\n')}
</body>
</html>
`;
}
