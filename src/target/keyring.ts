import { readFileSync } from 'node:fs';
import { MIN_SECRET_LENGTH } from '../redact/secrets.ts';
import { ConfigError } from './config-error.ts';
import { KEYRING_ROLES, type Keyring, type Role, type RouteProbe } from './keyring-types.ts';

const ROLE_SET: ReadonlySet<string> = new Set(KEYRING_ROLES);
const PROBE_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const ROLE_SHAPE = /^[A-Za-z]{1,30}(?:[:-][A-Za-z]{1,30}){0,3}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Refuses a key too short to be hidden from reports (see MIN_SECRET_LENGTH); `where` names it
 * (the role, the flag), never the key itself.
 */
export function assertRedactableKey(key: string, where: string): void {
  if (key.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(
      `${where} is shorter than ${MIN_SECRET_LENGTH} characters: a key that short cannot be kept out of reports reliably, so the suite refuses it`,
    );
  }
}

function parseProbes(file: string, field: string, value: unknown): RouteProbe[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value))
    throw new ConfigError(`keyring ${file}: "${field}" must be an array of {method, path}`);
  return value.map((entry, index) => {
    if (!isRecord(entry) || typeof entry.method !== 'string' || typeof entry.path !== 'string') {
      throw new ConfigError(`keyring ${file}: ${field}[${index}] must be {method: string, path: string}`);
    }
    const method = entry.method.toUpperCase();
    // The value is not quoted: whatever stands in the file may be a key pasted in the wrong place.
    if (!PROBE_METHODS.has(method)) {
      throw new ConfigError(
        `keyring ${file}: ${field}[${index}].method is not an HTTP method (one of ${[...PROBE_METHODS].join(', ')})`,
      );
    }
    if (!entry.path.startsWith('/')) {
      throw new ConfigError(`keyring ${file}: ${field}[${index}].path must start with "/"`);
    }
    return { method, path: entry.path };
  });
}

/** Validates a parsed keyring; `file` only names the source in error messages. */
export function parseKeyring(file: string, data: unknown): Keyring {
  if (!isRecord(data)) throw new ConfigError(`keyring ${file}: the top level must be a JSON object`);
  const keysValue = data.keys ?? {};
  if (!isRecord(keysValue)) throw new ConfigError(`keyring ${file}: "keys" must be an object of role → key`);
  const keys: Partial<Record<Role, string>> = {};
  for (const [index, [role, key]] of Object.entries(keysValue).entries()) {
    if (!ROLE_SET.has(role)) {
      // A role is quoted only when it reads like one (words joined by ':' or '-', as every role
      // of TARGET.md does): a key and its role written the wrong way round put the key here.
      const named = ROLE_SHAPE.test(role) ? `"${role}"` : `of entry ${index + 1} of "keys"`;
      const swapped =
        typeof key === 'string' && ROLE_SET.has(key)
          ? `; it looks like a key and its role written the wrong way round ("${key}": KEY)`
          : '';
      throw new ConfigError(
        `keyring ${file}: unknown role ${named}${swapped} (known roles: ${KEYRING_ROLES.join(', ')})`,
      );
    }
    if (typeof key !== 'string' || key.length === 0) {
      throw new ConfigError(`keyring ${file}: the key of role "${role}" must be a non-empty string`);
    }
    assertRedactableKey(key, `keyring ${file}: the key of role "${role}"`);
    keys[role as Role] = key;
  }
  const keyring: Keyring = { keys };
  if (data.accounts !== undefined) {
    if (!isRecord(data.accounts)) throw new ConfigError(`keyring ${file}: "accounts" must be an object`);
    const other = data.accounts.other;
    if (other !== undefined) {
      if (!isRecord(other) || typeof other.email !== 'string' || !other.email.includes('@')) {
        throw new ConfigError(`keyring ${file}: accounts.other.email must be an email address`);
      }
      keyring.accounts = { other: { email: other.email } };
    }
  }
  const forbiddenRoutes = parseProbes(file, 'forbiddenRoutes', data.forbiddenRoutes);
  if (forbiddenRoutes) keyring.forbiddenRoutes = forbiddenRoutes;
  const unscopedRoutes = parseProbes(file, 'unscopedRoutes', data.unscopedRoutes);
  if (unscopedRoutes) keyring.unscopedRoutes = unscopedRoutes;
  return keyring;
}

export function readKeyringFile(file: string): Keyring {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(`keyring ${file}: cannot be read (${code ?? 'unknown error'})`);
  }
  // A byte-order mark (some Windows editors write one) is not JSON, but not a mistake either.
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`keyring ${file}: ${jsonSyntaxProblem(text, (error as Error).message)}`);
  }
  return parseKeyring(file, data);
}

const CUT_SHORT = 'the file ends before the JSON does';

/**
 * V8's JSON.parse messages in this suite's words. Only the description is taken, never the
 * message itself: V8 quotes the source around the error (`Unexpected token 's', ..."full":
 * svc_ai_abc"...`) and older versions name the character (`Unexpected token s in JSON`), and in a
 * keyring that text is a key.
 */
const JSON_PROBLEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^Unexpected end of JSON input/, CUT_SHORT],
  [/^Unterminated string/, 'a string is not closed'],
  [/^Expected ',' or '}' after property value/, "expected ',' or '}' after a value"],
  [/^Expected ',' or ']' after array element/, "expected ',' or ']' after an array element"],
  [/^Expected property name or '}'/, "expected a property name or '}'"],
  [/^Expected double-quoted property name/, 'expected a double-quoted property name (a trailing comma?)'],
  [/^Expected ':' after property name/, "expected ':' after a property name"],
  [/^Unexpected non-whitespace character after JSON/, 'more text after the JSON value'],
  [/^Bad control character in string literal/, 'a control character (a line break?) inside a string'],
  [/^Bad (escaped character|Unicode escape)/, 'a bad escape sequence inside a string'],
  [
    /^(Exponent part is missing a number|No number after minus sign|Unterminated fractional number)/,
    'a malformed number',
  ],
  [/^Unexpected (token|number|string)/, 'something unexpected (a value without quotes?)'],
];

/** Line and column (from 1) of a UTF-16 offset into `text`. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

/**
 * "not valid JSON at line L, column C: what is wrong", from what `message` (JSON.parse's, for
 * `text`) says of the place: `at position N (line L column C)` (newer V8), `at position N`
 * (Node 20), or the end of the input; without any of these just "not valid JSON". Nothing of
 * `text` is quoted.
 */
export function jsonSyntaxProblem(text: string, message: string): string {
  let described = JSON_PROBLEMS.find(([pattern]) => pattern.test(message))?.[1];
  // Anchored at the end: a message that quotes the source ends in `is not valid JSON`, so numbers
  // that stand in the file are never mistaken for the place.
  const found = /in JSON at position (\d+)(?: \(line (\d+) column (\d+)\))?$/.exec(message);
  const ended = /^Unexpected end of JSON input$/.test(message);
  const offset =
    found?.[1] !== undefined ? Math.min(Number(found[1]), text.length) : ended ? text.length : undefined;
  // Whatever V8 expected there, a parse that stopped at the end of the text met a cut file.
  if (offset !== undefined && offset >= text.trimEnd().length) described = CUT_SHORT;
  const place =
    found?.[2] !== undefined && found[3] !== undefined
      ? { line: Number(found[2]), column: Number(found[3]) }
      : offset !== undefined
        ? lineAndColumn(text, offset)
        : undefined;
  const at = place ? ` at line ${place.line}, column ${place.column}` : '';
  return `not valid JSON${at}${described ? `: ${described}` : ''}`;
}

/** Every secret in the keyring, for redaction. */
export function keyringSecrets(keyring: Keyring): string[] {
  return Object.values(keyring.keys).filter(
    (key): key is string => typeof key === 'string' && key.length > 0,
  );
}
