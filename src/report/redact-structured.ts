import type { Redactor } from '../http/redact.ts';

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
 * A copy of `value` with every string redacted, except object keys and the fields of
 * {@link VOCABULARY_FIELDS}. Redacting parsed data, not its serialised text, is what keeps a report
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
        VOCABULARY_FIELDS.has(key) && typeof field === 'string' ? field : walk(field, redact),
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

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** An escaped XML value (text or attribute), redacted as the text it stands for. */
function redactEscaped(escaped: string, redact: Redactor): string {
  const plain = decodeXml(escaped);
  const clean = redact(plain);
  return clean === plain ? escaped : escapeXml(clean);
}

// Markup first (CDATA, comments, declarations, tags whose quoted attribute values may hold `>`), then text.
const XML_TOKEN =
  /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<[?!][\s\S]*?>|<(?:[^>"']|"[^"]*"|'[^']*')*>|[^<]+|</g;
const ATTRIBUTE_VALUE = /(=\s*)(?:"([^"]*)"|'([^']*)')/g;

/**
 * XML (the JUnit report) with secrets redacted in text and attribute values only: element and
 * attribute names are left alone (a key such as `testcase` cannot rename an element), and values
 * are redacted decoded and escaped again, so a key holding `&` or `<` is found and the file stays
 * well-formed.
 */
export function redactXml(xml: string, redact: Redactor): string {
  return xml.replace(XML_TOKEN, (token) => {
    if (token.startsWith('<![CDATA[')) {
      // The redacted forms hold no `]`, so no replacement can end the section early.
      return `<![CDATA[${redact(token.slice(9, -3))}]]>`;
    }
    // The redacted forms hold no `-` either, so a comment stays a comment.
    if (token.startsWith('<!--')) return `<!--${redact(token.slice(4, -3))}-->`;
    if (token.startsWith('<?') || token.startsWith('<!')) return token;
    if (token.startsWith('<')) {
      return token.replace(
        ATTRIBUTE_VALUE,
        (_whole, eq: string, double: string | undefined, single: string | undefined) =>
          double !== undefined
            ? `${eq}"${redactEscaped(double, redact)}"`
            : `${eq}'${redactEscaped(single ?? '', redact)}'`,
      );
    }
    return redactEscaped(token, redact);
  });
}
