import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FAULT_CATALOG } from '../reference/fault-catalog.ts';
import { renderFaultTable, tableCells, tableSection, TABLE_END, TABLE_START } from './fault-table.ts';

const CATALOG_PAGE = fileURLToPath(new URL('../../docs/faults.md', import.meta.url));

describe('fault table', () => {
  it('has a header and one row per fault: id, requirement, what it breaks', () => {
    const lines = renderFaultTable().split('\n');
    expect(lines.slice(0, 2)).toEqual(['| fault | requirement | what it breaks |', '|---|---|---|']);
    expect(lines).toHaveLength(FAULT_CATALOG.length + 2);
    expect(lines[2]).toBe(
      `| \`${FAULT_CATALOG[0]?.id}\` | ${FAULT_CATALOG[0]?.requirement} | ${FAULT_CATALOG[0]?.breaks} |`,
    );
  });

  it('escapes a pipe inside a cell', () => {
    expect(
      renderFaultTable([{ id: 'x.y', module: 'http', requirement: 'ERR-01', breaks: 'a | b' }]),
    ).toContain('| a \\| b |');
  });

  it('reads the section between the markers', () => {
    expect(tableSection(`intro\n${TABLE_START}\n| t |\n${TABLE_END}\nrest`)).toBe('| t |');
    expect(tableSection('no markers')).toBeUndefined();
    expect(tableSection(`${TABLE_END}\n${TABLE_START}`)).toBeUndefined();
  });

  it('compares tables cell by cell, whatever padding a formatter added', () => {
    const padded =
      '| fault   | requirement |\n| ------- | :---------: |\n| `a.b`   | ERR-01      |\n| x \\| y | ERR-02 |';
    expect(tableCells(padded)).toEqual([
      ['fault', 'requirement'],
      ['---', '---'],
      ['`a.b`', 'ERR-01'],
      ['x \\| y', 'ERR-02'],
    ]);
  });

  it('is in docs/faults.md as the catalog renders it (regenerate: conformance self-test --table)', () => {
    const section = tableSection(readFileSync(CATALOG_PAGE, 'utf8'));
    expect(section, `docs/faults.md has no ${TABLE_START} ... ${TABLE_END} section`).toBeDefined();
    expect(tableCells(section ?? '')).toEqual(tableCells(renderFaultTable()));
  });
});
