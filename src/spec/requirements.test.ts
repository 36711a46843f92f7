import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import {
  REQUIREMENT_ID_PATTERN,
  REQUIREMENT_KINDS,
  REQUIREMENT_PREFIXES,
  loadCatalog,
  matchesGlob,
  parseCatalog,
} from './requirements.ts';
import type { Requirement } from './requirements.ts';
import { thrownBy } from '../testing/thrown.ts';

const API_MD = readFileSync(fileURLToPath(new URL('../../spec/API.md', import.meta.url)), 'utf8');

/**
 * Folds what Markdown adds around the words: backticks, bold, escaped and spaced table pipes,
 * runs of whitespace, and the pipes that open and close a table row.
 */
function normalise(text: string): string {
  return text
    .replace(/`/g, '')
    .replace(/\*\*/g, '')
    .replace(/\\\|/g, '|')
    .replace(/\s*\|\s*/g, ' | ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s|]+|[\s|]+$/g, '');
}

interface DocumentLine {
  index: number;
  section: string;
  text: string;
}

/** The document's lines, each with its section: `H2` or `H2 / H3`. */
function documentLines(markdown: string): DocumentLine[] {
  let h1 = '';
  let h2 = '';
  let h3 = '';
  const lines: DocumentLine[] = [];
  for (const raw of markdown.split('\n')) {
    const heading = /^(#{1,3}) (.+)$/.exec(raw);
    if (heading) {
      const [, marks = '', title = ''] = heading;
      if (marks === '#') h1 = title;
      else if (marks === '##') [h2, h3] = [title, ''];
      else h3 = title;
      continue;
    }
    lines.push({ index: lines.length, section: h3 ? `${h2} / ${h3}` : h2 || h1, text: normalise(raw) });
  }
  return lines;
}

/** Whether the quotation's pieces (split at `[...]`) occur in this order in one line. */
function quotes(line: string, text: string): boolean {
  let from = 0;
  for (const piece of text.split('[...]').map(normalise)) {
    if (piece === '') return false;
    const at = line.indexOf(piece, from);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return true;
}

const LINES = documentLines(API_MD);
const SECTIONS = new Set(LINES.map((line) => line.section));

function prefixOf(id: string): string {
  return id.replace(/-\d{2}$/, '');
}

const catalog = loadCatalog();
const { requirements } = catalog;

describe('spec/requirements.yaml', () => {
  it('loads and holds more than 150 requirements', () => {
    expect(requirements.length).toBeGreaterThan(150);
  });

  it('has unique, well-formed ids', () => {
    const ids = requirements.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id, id).toMatch(REQUIREMENT_ID_PATTERN);
  });

  it('numbers each prefix from 01 without gaps, in file order', () => {
    const next = new Map<string, number>();
    for (const { id } of requirements) {
      const prefix = prefixOf(id);
      const expected = (next.get(prefix) ?? 0) + 1;
      expect(id).toBe(`${prefix}-${String(expected).padStart(2, '0')}`);
      next.set(prefix, expected);
    }
  });

  it('uses only the known kinds', () => {
    for (const r of requirements) expect(REQUIREMENT_KINDS, r.id).toContain(r.kind);
  });

  it('gives every observed and untestable entry a note', () => {
    const missing = requirements.filter(
      (r) => (r.kind === 'observed' || r.kind === 'untestable') && !r.note?.trim(),
    );
    expect(missing.map((r) => r.id)).toEqual([]);
  });

  it('names in each section a heading of spec/API.md', () => {
    const unknown = requirements.filter((r) => !SECTIONS.has(r.section));
    expect(unknown.map((r) => `${r.id}: ${r.section}`)).toEqual([]);
  });

  it('quotes every text from its section of spec/API.md, in document order within each prefix', () => {
    const reached = new Map<string, number>();
    const problems: string[] = [];
    for (const r of requirements) {
      const prefix = prefixOf(r.id);
      const from = reached.get(prefix) ?? 0;
      const inSection = (line: DocumentLine) => line.section === r.section && quotes(line.text, r.text);
      const line = LINES.find((candidate) => candidate.index >= from && inSection(candidate));
      if (line) reached.set(prefix, line.index);
      else if (LINES.some(inSection)) problems.push(`${r.id} is out of document order`);
      else problems.push(`${r.id} is not a quotation of "${r.section}": ${r.text}`);
    }
    expect(problems).toEqual([]);
  });

  it('keeps KB-ATTACH-04 as "a fourth base is a 400 and three stay attached"', () => {
    const fourthBase = catalog.byId.get('KB-ATTACH-04');
    expect(fourthBase?.kind).toBe('must');
    expect(fourthBase?.section).toBe('States and transitions');
    expect(fourthBase?.text).toBe('absent | same | three bases already attached | absent | 400.');
  });

  it('uses only the documented prefixes, each at least once', () => {
    const used = new Set(requirements.map((r) => prefixOf(r.id)));
    expect([...used].sort()).toEqual([...REQUIREMENT_PREFIXES].sort());
  });
});

describe('the quotation check itself', () => {
  it('accepts a table row quoted with its backticks and pipes', () => {
    expect(LINES.some((line) => quotes(line.text, '`isPublic` | `private` | `public` | `all` | `all`'))).toBe(
      true,
    );
  });

  it('rejects a paraphrase and pieces in the wrong order', () => {
    expect(LINES.some((line) => quotes(line.text, 'A fifth base is a 400.'))).toBe(false);
    expect(LINES.some((line) => quotes(line.text, 'default `all` [...] `isPublic`'))).toBe(false);
  });
});

function entry(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value], index) => `${index === 0 ? '  - ' : '    '}${key}: ${JSON.stringify(value)}`)
    .join('\n');
}

const GOOD = { id: 'KB-ATTACH-04', section: 'States and transitions', kind: 'must', text: 'absent | same' };

describe('parseCatalog', () => {
  it('reads a valid file into entries and an index', () => {
    const parsed = parseCatalog(
      `requirements:\n${entry(GOOD)}\n${entry({ ...GOOD, id: 'ERR-01', kind: 'observed', note: 'open' })}\n`,
    );
    expect(parsed.requirements.map((r: Requirement) => r.id)).toEqual(['KB-ATTACH-04', 'ERR-01']);
    expect(parsed.byId.get('ERR-01')?.note).toBe('open');
  });

  it.each([
    ['a YAML syntax error', 'requirements: [\n', /requirements\.yaml: YAML: /],
    ['no requirements list', 'other: 1\n', /top level: expected a mapping with a 'requirements' list/],
    [
      'a duplicate id',
      `requirements:\n${entry(GOOD)}\n${entry(GOOD)}\n`,
      /entry 2 \(KB-ATTACH-04\): duplicate id/,
    ],
    [
      'an unknown kind',
      `requirements:\n${entry({ ...GOOD, kind: 'maybe' })}\n`,
      /entry 1 \(KB-ATTACH-04\): kind must be one of must, should, observed, untestable, got 'maybe'/,
    ],
    [
      'a malformed id',
      `requirements:\n${entry({ ...GOOD, id: 'kb-attach-4' })}\n`,
      /entry 1 \(kb-attach-4\): id must be/,
    ],
    [
      'an unknown prefix',
      `requirements:\n${entry({ ...GOOD, id: 'ISO-86' })}\n`,
      /entry 1 \(ISO-86\): id must be/,
    ],
    [
      'an observed entry without a note',
      `requirements:\n${entry({ ...GOOD, kind: 'observed' })}\n`,
      /entry 1 \(KB-ATTACH-04\): an observed entry needs a note/,
    ],
    [
      'an untestable entry without a note',
      `requirements:\n${entry({ ...GOOD, kind: 'untestable' })}\n`,
      /needs a note/,
    ],
    [
      'an unknown field',
      `requirements:\n${entry({ ...GOOD, status: 'x' })}\n`,
      /entry 1 \(KB-ATTACH-04\): unknown field 'status'/,
    ],
    [
      'a noFault reason on an observed entry',
      `requirements:\n${entry({ ...GOOD, kind: 'observed', note: 'open', noFault: 'why' })}\n`,
      /noFault is for must requirements only, not observed/,
    ],
    [
      'an empty noFault reason',
      `requirements:\n${entry({ ...GOOD, noFault: ' ' })}\n`,
      /noFault, when present/,
    ],
    ['an empty text', `requirements:\n${entry({ ...GOOD, text: ' ' })}\n`, /text is missing or empty/],
    ['an entry that is not a mapping', 'requirements:\n  - just a string\n', /entry 1: is not a mapping/],
  ])('rejects %s with a one-line message', (_name, source, message) => {
    const text = thrownBy(Error, () => parseCatalog(source)).message;
    expect(text).toMatch(message);
    expect(text).not.toContain('\n');
  });

  it('reports a file that cannot be read in one line', () => {
    expect(() => loadCatalog(fileURLToPath(new URL('./no-such-catalog.yaml', import.meta.url)))).toThrow(
      /^requirements\.yaml: cannot be read: [^\n]+$/,
    );
  });
});

describe('matchesGlob', () => {
  it.each([
    ['KB-ATTACH-04', 'KB-*', true],
    ['KB-ATTACH-04', 'KB-ATTACH-04', true],
    ['KB-ATTACH-04', 'kb-attach-*', true],
    ['KB-ATTACH-04', 'KB-ATTACH-0?', true],
    ['KB-ATTACH-14', 'KB-ATTACH-0?', false],
    ['AS-CREATE-04', 'KB-*', false],
    ['AS-CREATE-04', '{AS,PL}-CREATE-*', true],
    ['ERR-01', '*', true],
  ])('%s against %s is %s', (id, glob, expected) => {
    expect(matchesGlob(id, glob)).toBe(expected);
  });
});
