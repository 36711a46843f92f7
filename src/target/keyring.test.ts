import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.ts';
import { jsonSyntaxProblem, parseKeyring, readKeyringFile } from './keyring.ts';
import { scratchFolder } from '../testing/scratch-folder.ts';
import { thrownBy } from '../testing/thrown.ts';

/** A key as TARGET.md's keyrings hold them; its body is distinctive, so any piece of it is found. */
const KEY = 'svc_ai_Kq7ZpW3xNv9TyL2mRb8HcJ5dFg';
/** Pieces of KEY that a partial quotation would leave: its first 8 characters, and its body. */
const PIECES = [KEY, KEY.slice(0, 8), KEY.slice(7, 15), KEY.slice(-8)];

const { file } = scratchFolder('conformance-keyring-');

/** The ConfigError `read` throws, by its message. */
function refusal(read: () => unknown): string {
  return thrownBy(ConfigError, read).message;
}

function expectNoPieceOfTheKey(message: string): void {
  for (const piece of PIECES) expect(message).not.toContain(piece);
}

describe('a keyring that is not valid JSON: the file, the place and the problem, nothing of the text', () => {
  it.each([
    [
      'a syntax error right after a key value',
      `{\n  "keys": {\n    "full": "${KEY}" x,\n    "other": "svc_ai_second_key_0042"\n  }\n}\n`,
      "not valid JSON at line 3, column 49: expected ',' or '}' after a value",
    ],
    [
      'a missing comma after a key value',
      `{\n  "keys": {\n    "full": "${KEY}"\n    "other": "svc_ai_second_key_0042"\n  }\n}\n`,
      "not valid JSON at line 4, column 5: expected ',' or '}' after a value",
    ],
    [
      'a trailing comma after a key value',
      `{\r\n  "keys": {\r\n    "full": "${KEY}",\r\n  }\r\n}\r\n`,
      'not valid JSON at line 4, column 3: expected a double-quoted property name (a trailing comma?)',
    ],
    [
      'a file cut inside a key',
      `{\n  "keys": {\n    "full": "${KEY.slice(0, 20)}`,
      'not valid JSON at line 3, column 34: the file ends before the JSON does',
    ],
    [
      'a file cut after a key',
      `{\n  "keys": {\n    "full": "${KEY}",\n`,
      'not valid JSON at line 4, column 1: the file ends before the JSON does',
    ],
    [
      'a file cut after a property name',
      `{\n  "keys": {\n    "full": `,
      'not valid JSON at line 3, column 13: the file ends before the JSON does',
    ],
    // V8 names no position for an unexpected token, only the text around it (here: the key).
    [
      'a key without quotes',
      `{\n  "keys": {\n    "full": ${KEY}\n  }\n}\n`,
      'not valid JSON: something unexpected (a value without quotes?)',
    ],
    ['a key alone', `${KEY}\n`, 'not valid JSON: something unexpected (a value without quotes?)'],
    ['an empty file', '', 'not valid JSON at line 1, column 1: the file ends before the JSON does'],
  ])('%s', (_, text, problem) => {
    const path = file('keyring.json', text);
    const message = refusal(() => readKeyringFile(path));
    expect(message).toBe(`keyring ${path}: ${problem}`);
    expectNoPieceOfTheKey(message);
  });

  it('reads a keyring that starts with a byte-order mark', () => {
    const path = file('bom.json', `\uFEFF${JSON.stringify({ keys: { full: KEY } })}`);
    expect(readKeyringFile(path).keys.full).toBe(KEY);
  });

  it.each([
    // Node 18 named the character, Node 22 adds the line and column: neither is quoted.
    [
      `{"full": ${KEY}}`,
      'Unexpected token s in JSON at position 9',
      'at line 1, column 10: something unexpected',
    ],
    [
      `{\n  "full": "${KEY}" x}`,
      `Expected ',' or '}' after property value in JSON at position 48 (line 2 column 46)`,
      "at line 2, column 46: expected ',' or '}' after a value",
    ],
    // The place is read from the end of the message only, never from the quoted text.
    [
      `{"full": ${KEY} in JSON at position 3}`,
      `Unexpected token 's', "{"full": ${KEY} in JSON at position 3}" is not valid JSON`,
      'not valid JSON: something unexpected',
    ],
    ['{}', 'a message this suite has never seen', 'not valid JSON'],
  ])('reads the place from a message of another V8 (%#)', (text, message, expected) => {
    const problem = jsonSyntaxProblem(text, message);
    expect(problem).toContain(expected);
    expectNoPieceOfTheKey(problem);
  });
});

describe('a keyring with a wrong value: the problem, never the value', () => {
  it('a key that is a number', () => {
    const path = file('number.json', '{"keys": {"full": 4815162342424242}}');
    const message = refusal(() => readKeyringFile(path));
    expect(message).toBe(`keyring ${path}: the key of role "full" must be a non-empty string`);
    expect(message).not.toContain('4815');
  });

  it('a wrong role is named when it reads like a role; the key is not', () => {
    const path = file('role.json', JSON.stringify({ keys: { 'assistant:view': KEY } }));
    const message = refusal(() => readKeyringFile(path));
    expect(message).toMatch(
      new RegExp(
        `^keyring ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: unknown role "assistant:view" \\(known roles: full, `,
      ),
    );
    expectNoPieceOfTheKey(message);
  });

  it('a key written where its role belongs is not quoted, and the swap is pointed out', () => {
    const path = file('swapped.json', JSON.stringify({ keys: { [KEY]: 'full' } }));
    const message = refusal(() => readKeyringFile(path));
    expect(message).toContain(
      `keyring ${path}: unknown role of entry 1 of "keys"; it looks like a key and its role written the wrong way round ("full": KEY)`,
    );
    expectNoPieceOfTheKey(message);
  });

  it('a key of another shape where a role belongs is not quoted either', () => {
    const hex = '3f9a2b7c4d5e6f708192a3b4c5d6e7f8';
    const message = refusal(() => parseKeyring('k.json', { keys: { full: KEY, [hex]: KEY } }));
    expect(message).toContain('unknown role of entry 2 of "keys"');
    expect(message).not.toContain(hex.slice(0, 8));
    expectNoPieceOfTheKey(message);
  });

  it('a probe method is not quoted', () => {
    const message = refusal(() =>
      parseKeyring('k.json', { keys: {}, forbiddenRoutes: [{ method: KEY, path: '/keys' }] }),
    );
    expect(message).toBe(
      'keyring k.json: forbiddenRoutes[0].method is not an HTTP method (one of GET, POST, PUT, PATCH, DELETE)',
    );
  });
});
