import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { ConfigError } from '../target/config-error.ts';

/** The outcomes a known deviation may excuse. */
const EXPECTED_OUTCOMES = ['failed', 'skipped', 'errored'] as const;
type ExpectedOutcome = (typeof EXPECTED_OUTCOMES)[number];

/**
 * One known deviation of an implementation: which checks (`check`: an id or a glob of ids such as
 * `kb.attach.*`; or `requirement`: every check citing that id), the outcome expected of them, why,
 * where it is tracked, and until when the excuse holds.
 */
export interface Expectation {
  /** 1-based position in the file, for messages. */
  entry: number;
  check?: string;
  requirement?: string;
  expect: ExpectedOutcome;
  reason: string;
  link?: string;
  /** `YYYY-MM-DD`: from the day after, the entry excuses nothing. */
  expires?: string;
}

const FIELDS = new Set(['check', 'requirement', 'expect', 'reason', 'link', 'expires']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function validDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** One entry, checked field by field; every problem names the entry. */
function entryOf(raw: unknown, entry: number, fail: (problem: string) => never): Expectation {
  if (!isRecord(raw)) fail(`entry ${entry}: must be an object with check or requirement, expect and reason`);
  const unknown = Object.keys(raw).filter((key) => !FIELDS.has(key));
  if (unknown.length > 0)
    fail(
      `entry ${entry}: unknown field ${unknown.map((k) => `"${k}"`).join(', ')} (fields: ${[...FIELDS].join(', ')})`,
    );
  const text = (key: string): string | undefined => {
    const value = raw[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.trim() === '')
      fail(`entry ${entry}: "${key}" must be a non-empty string`);
    return value.trim();
  };
  const check = text('check');
  const requirement = text('requirement');
  if ((check === undefined) === (requirement === undefined))
    fail(`entry ${entry}: give exactly one of "check" (an id or a glob of ids) and "requirement"`);
  const expect = text('expect');
  if (expect === undefined || !(EXPECTED_OUTCOMES as readonly string[]).includes(expect))
    fail(`entry ${entry}: "expect" must be one of ${EXPECTED_OUTCOMES.join(', ')}`);
  const reason = text('reason');
  if (reason === undefined) fail(`entry ${entry}: "reason" is required: say why this deviation is known`);
  const link = text('link');
  const expires = raw.expires instanceof Date ? raw.expires.toISOString().slice(0, 10) : text('expires');
  if (expires !== undefined && !validDate(expires))
    fail(`entry ${entry}: "expires" must be a date YYYY-MM-DD, got "${expires}"`);
  return {
    entry,
    ...(check !== undefined ? { check } : {}),
    ...(requirement !== undefined ? { requirement } : {}),
    expect: expect as ExpectedOutcome,
    reason,
    ...(link !== undefined ? { link } : {}),
    ...(expires !== undefined ? { expires } : {}),
  };
}

/**
 * Reads an expectations file (JSON or YAML: `{expectations: [...]}`). Anything malformed is a
 * ConfigError of one line naming the file, the entry and the problem: a file that cannot be read
 * right must not excuse anything by accident.
 */
export function loadExpectations(path: string): Expectation[] {
  const fail = (problem: string): never => {
    throw new ConfigError(`expectations file ${path}: ${problem}`);
  };
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    fail(`cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    fail(`is not JSON or YAML: ${(error as Error).message.split('\n')[0] ?? ''}`);
  }
  if (!isRecord(document) || !Array.isArray(document.expectations))
    fail('must be an object whose "expectations" is a list of entries');
  const { expectations, ...rest } = document as { expectations: unknown[] };
  const extra = Object.keys(rest);
  if (extra.length > 0) fail(`unknown field ${extra.map((k) => `"${k}"`).join(', ')} beside "expectations"`);
  return expectations.map((raw, i) => entryOf(raw, i + 1, fail));
}
