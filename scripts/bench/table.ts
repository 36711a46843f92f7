/** Plain-text table for a terminal: columns padded to their widest cell, no borders to misalign. */

export interface Row {
  figure: string;
  value: string;
  note?: string;
}

export function renderTable(rows: readonly Row[]): string {
  const all: Row[] = [{ figure: 'figure', value: 'value', note: 'note' }, ...rows];
  const figureWidth = Math.max(...all.map((r) => r.figure.length));
  const valueWidth = Math.max(...all.map((r) => r.value.length));
  const line = (r: Row): string =>
    `${r.figure.padEnd(figureWidth)}  ${r.value.padStart(valueWidth)}  ${r.note ?? ''}`.trimEnd();
  const rule = `${'-'.repeat(figureWidth)}  ${'-'.repeat(valueWidth)}  ${'-'.repeat(4)}`;
  return [line(all[0]!), rule, ...rows.map(line)].join('\n');
}
