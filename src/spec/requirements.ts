import { readFileSync } from 'node:fs';
import picomatch from 'picomatch';
import { parseDocument } from 'yaml';
import { parseYamlCached } from './yaml-cache.ts';
import { projectPath } from '../project-root.ts';

const REQUIREMENTS_PATH = projectPath('spec', 'requirements.yaml');

/**
 * - `must`: a violation fails the run.
 * - `should`: advisory or quality; a deviation is a warning.
 * - `observed`: the document leaves it open; the suite records what it sees.
 * - `untestable`: not observable through this interface; the note says why.
 */
export type RequirementKind = 'must' | 'should' | 'observed' | 'untestable';
export const REQUIREMENT_KINDS: readonly RequirementKind[] = ['must', 'should', 'observed', 'untestable'];

/** The id prefixes, one per area of the document, in the order they are introduced. */
export const REQUIREMENT_PREFIXES = [
  'ACCT',
  'CONV',
  'IDS',
  'AS-LIST',
  'AS-SEARCH',
  'AS-GET',
  'AS-CREATE',
  'AS-UPDATE',
  'AS-DELETE',
  'AS-SHARE',
  'AS-TRANSFER',
  'AS-SHAPE',
  'VOICE',
  'PL-LIST',
  'PL-GET',
  'PL-SEARCH',
  'PL-CREATE',
  'PL-UPDATE',
  'PL-DELETE',
  'PL-SHAPE',
  'KB-BASE',
  'KB-INGEST',
  'KB-DOC',
  'KB-QUERY',
  'KB-STATS',
  'KB-ASSISTANT',
  'KB-ATTACH',
  'KB-REFRESH',
  'STATE',
  'AUTH',
  'EVT',
  'ERR',
  'LIM',
  'VER',
] as const;

export interface Requirement {
  /** `AREA-SUB-NN`, e.g. `KB-ATTACH-04`. */
  id: string;
  /** The document heading the text comes from, e.g. `Endpoints / Knowledge bases`. */
  section: string;
  kind: RequirementKind;
  /** A quotation of the document; `[...]` marks omitted words. */
  text: string;
  note?: string;
  /**
   * A `must` requirement no planted fault can show violated over HTTP, and why (e.g. every
   * violation is already another requirement's fault). The self-test lists the rest as gaps.
   */
  noFault?: string;
}

export interface Catalog {
  /** In file order, which is document order within each prefix. */
  readonly requirements: readonly Requirement[];
  readonly byId: ReadonlyMap<string, Requirement>;
}

// Longest prefixes first so that an alternation never stops at a shorter one.
const PREFIX_ALTERNATION = [...REQUIREMENT_PREFIXES]
  .sort((a, b) => b.length - a.length)
  .map((prefix) => prefix.replace(/-/g, '\\-'))
  .join('|');

/** A well-formed requirement id: a known prefix and a two-digit number. */
export const REQUIREMENT_ID_PATTERN = new RegExp(`^(?:${PREFIX_ALTERNATION})-\\d{2}$`);

const ENTRY_KEYS = new Set(['id', 'section', 'kind', 'text', 'note', 'noFault']);

function fail(origin: string, where: string, problem: string): never {
  throw new Error(`${origin}: ${where}: ${problem}`);
}

function oneLine(message: string): string {
  return message.split('\n')[0]?.trim() ?? message;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : (JSON.stringify(value) ?? String(value));
}

function validateEntry(raw: unknown, index: number, origin: string): Requirement {
  const position = `entry ${index + 1}`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    fail(origin, position, 'is not a mapping');
  const entry = raw as Record<string, unknown>;
  const where = typeof entry.id === 'string' ? `${position} (${entry.id})` : position;

  for (const key of Object.keys(entry)) {
    if (!ENTRY_KEYS.has(key)) fail(origin, where, `unknown field '${key}'`);
  }
  const { id, section, kind, text, note, noFault } = entry;
  if (typeof id !== 'string') fail(origin, where, 'id is missing or not a string');
  if (!REQUIREMENT_ID_PATTERN.test(id))
    fail(origin, where, `id must be a known prefix and two digits (AREA-SUB-NN)`);
  if (typeof section !== 'string' || section.trim() === '')
    fail(origin, where, 'section is missing or empty');
  if (typeof kind !== 'string' || !(REQUIREMENT_KINDS as readonly string[]).includes(kind)) {
    fail(origin, where, `kind must be one of ${REQUIREMENT_KINDS.join(', ')}, got ${describe(kind)}`);
  }
  if (typeof text !== 'string' || text.trim() === '') fail(origin, where, 'text is missing or empty');
  if (note !== undefined && (typeof note !== 'string' || note.trim() === '')) {
    fail(origin, where, 'note, when present, must be a non-empty string');
  }
  // An open or unobservable point without its reason would read as an oversight in the report.
  if ((kind === 'observed' || kind === 'untestable') && note === undefined) {
    fail(origin, where, `an ${kind} entry needs a note saying why`);
  }
  if (noFault !== undefined) {
    if (typeof noFault !== 'string' || noFault.trim() === '')
      fail(origin, where, 'noFault, when present, must be a non-empty string (the reason)');
    if (kind !== 'must') fail(origin, where, `noFault is for must requirements only, not ${kind}`);
  }
  const requirement: Requirement = { id, section, kind: kind as RequirementKind, text };
  if (typeof note === 'string') requirement.note = note;
  if (typeof noFault === 'string') requirement.noFault = noFault;
  return Object.freeze(requirement);
}

/** Parses and validates catalog YAML; `origin` names the source in error messages. */
export function parseCatalog(source: string, origin = 'requirements.yaml'): Catalog {
  const root = parseYamlCached(source, (text) => {
    const document = parseDocument(text, { prettyErrors: false });
    const syntaxError = document.errors[0];
    if (syntaxError) fail(origin, 'YAML', oneLine(syntaxError.message));
    return document.toJS() as unknown;
  });
  if (
    typeof root !== 'object' ||
    root === null ||
    !Array.isArray((root as { requirements?: unknown }).requirements)
  ) {
    fail(origin, 'top level', "expected a mapping with a 'requirements' list");
  }
  const entries = (root as { requirements: unknown[] }).requirements;
  const byId = new Map<string, Requirement>();
  const requirements = entries.map((raw, index) => {
    const requirement = validateEntry(raw, index, origin);
    if (byId.has(requirement.id)) fail(origin, `entry ${index + 1} (${requirement.id})`, 'duplicate id');
    byId.set(requirement.id, requirement);
    return requirement;
  });
  return { requirements: Object.freeze(requirements), byId };
}

const cache = new Map<string, Catalog>();

/** Reads and validates spec/requirements.yaml (or `path`), once per process and path. */
export function loadCatalog(path: string = REQUIREMENTS_PATH): Catalog {
  let catalog = cache.get(path);
  if (!catalog) {
    let source: string;
    try {
      source = readFileSync(path, 'utf8');
    } catch (error) {
      throw new Error(
        `requirements.yaml: cannot be read: ${oneLine(error instanceof Error ? error.message : String(error))}`,
      );
    }
    catalog = parseCatalog(source);
    cache.set(path, catalog);
  }
  return catalog;
}

const matchers = new Map<string, (id: string) => boolean>();

/** Whether `id` is selected by a `--requirement` pattern such as `KB-*` or `AS-*-0?` (case-insensitive). */
export function matchesGlob(id: string, glob: string): boolean {
  let matcher = matchers.get(glob);
  if (!matcher) {
    matcher = picomatch(glob.trim(), { nocase: true, dot: true });
    matchers.set(glob, matcher);
  }
  return matcher(id);
}
