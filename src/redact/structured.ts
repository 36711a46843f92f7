import type { Redactor } from './secrets.ts';

/**
 * Fields whose values are the reports' own vocabulary (an outcome, an Allure stage, an id, a file
 * name), never text from the implementation: a secret that happens to equal one of those words
 * must not turn `"outcome": "observed"` into nonsense.
 */
const VOCABULARY_FIELDS: ReadonlySet<string> = new Set([
  'status',
  'outcome',
  'stage',
  'uuid',
  'historyId',
  'testCaseId',
  'source',
  'type',
]);

/**
 * What a key or a share token starts with: a vocabulary field holding it is no report word but an
 * answer's (a document's `source`, a `status` an implementation filled), and is redacted.
 */
const SECRET_SHAPE = /svc_ai_|con_sh_/;

/**
 * A copy of `value` with every string redacted, except object keys and the fields of
 * {@link VOCABULARY_FIELDS} that hold no secret-shaped text. Redacting parsed data, not its serialised text, is what keeps a report
 * valid whatever a secret looks like (`0` inside a number, a quote, a field name).
 */
export function redactStrings<T>(value: T, redact: Redactor): T {
  return walk(value, redact) as T;
}

function walk(value: unknown, redact: Redactor): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => walk(item, redact));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => [
        key,
        VOCABULARY_FIELDS.has(key) && typeof field === 'string' && !SECRET_SHAPE.test(field)
          ? field
          : walk(field, redact),
      ]),
    );
  }
  return value;
}

/**
 * JSON text redacted value by value; text that is not JSON is redacted as plain text (it has no
 * syntax to break). Returns the input unchanged when nothing was redacted, so formatting survives.
 */
export function redactJsonText(text: string, redact: Redactor): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return redact(text);
  }
  const clean = redactStrings(parsed, redact);
  if (JSON.stringify(clean) === JSON.stringify(parsed)) return text;
  return `${JSON.stringify(clean, null, looksIndented(text) ? 2 : undefined)}${text.endsWith('\n') ? '\n' : ''}`;
}

function looksIndented(text: string): boolean {
  return /^[[{]\s*\n/.test(text);
}
