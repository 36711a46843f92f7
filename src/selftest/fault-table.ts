import { FAULT_CATALOG, type FaultDefinition } from '../reference/fault-catalog.ts';

export const TABLE_START = '<!-- faults:start -->';
export const TABLE_END = '<!-- faults:end -->';

/** A table cell: pipes escaped, so that `breaks` can say anything. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The fault catalog as a Markdown table: id, requirement, what it breaks. */
export function renderFaultTable(faults: readonly FaultDefinition[] = FAULT_CATALOG): string {
  const rows = faults.map((fault) => `| \`${fault.id}\` | ${fault.requirement} | ${cell(fault.breaks)} |`);
  return ['| fault | requirement | what it breaks |', '|---|---|---|', ...rows].join('\n');
}

/** The fault catalog section of docs/faults.md between the markers (exclusive), trimmed; undefined when a marker is missing. */
export function tableSection(markdown: string): string | undefined {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start === -1 || end === -1 || end < start) return undefined;
  return markdown.slice(start + TABLE_START.length, end).trim();
}

/**
 * A Markdown table as rows of trimmed cells, so that padding a formatter adds (prettier aligns
 * columns and lengthens the `---` row) does not count as a difference.
 */
export function tableCells(table: string): string[][] {
  return table
    .trim()
    .split('\n')
    .map((line) =>
      line
        .trim()
        .replace(/^\|/, '')
        .replace(/(?<!\\)\|$/, '')
        .split(/(?<!\\)\|/)
        .map((cell) => (/^\s*:?-+:?\s*$/.test(cell) ? '---' : cell.trim())),
    );
}
