import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { learnShareToken, makeRedactor, type Redactor } from './secrets.ts';
import { RedactedStream } from './stream.ts';

/** What a stream shows of `pieces` written one after another, then ended. */
function shown(redact: Redactor, pieces: readonly string[]): string {
  const stream = new RedactedStream(redact);
  return pieces.map((piece) => stream.write(piece)).join('') + stream.end();
}

/** `text` cut at `at` into two writes. */
function cut(text: string, at: number): [string, string] {
  return [text.slice(0, at), text.slice(at)];
}

const KEYRING_VALUE = 'kr-Value"of/the+keyring~42';
const LEARNED_TOKEN = 'learned-share-token-for-the-stream-test';

describe('RedactedStream', () => {
  learnShareToken(LEARNED_TOKEN);
  const redact = makeRedactor([KEYRING_VALUE, 'aaaaaaaa']);
  const secrets = [
    KEYRING_VALUE,
    JSON.stringify(KEYRING_VALUE).slice(1, -1),
    encodeURIComponent(KEYRING_VALUE),
    'svc_ai_0123456789abcdefABCDEF',
    'con_sh_4f9a2b-XYZ.token',
    LEARNED_TOKEN,
    'aaaaaaaa',
  ];

  it.each(secrets)('never shows %s split across two writes, wherever the cut', (secret) => {
    for (const [before, after] of [
      ['progress: ', ' done\n'],
      ['{"key":"', '"}'],
      ['', ''],
      ['svc_ai', 'x'],
    ] as const) {
      const text = `${before}${secret}${after}`;
      for (let at = 0; at <= text.length; at++) {
        const output = shown(redact, cut(text, at));
        expect(output, `cut at ${at} of ${text}`).not.toContain(secret);
        expect(output).toBe(redact(text));
      }
    }
  });

  it('never shows a secret cut into many writes', () => {
    const text = `a svc_ai_key0123 b ${KEYRING_VALUE} c con_sh_share99 d ${LEARNED_TOKEN}`;
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: text.length }), { maxLength: 12 }), (cuts) => {
        const ends = [...cuts.sort((a, b) => a - b), text.length];
        const pieces = ends.map((end, index) => text.slice(index === 0 ? 0 : ends[index - 1], end));
        expect(shown(redact, pieces)).toBe(redact(text));
      }),
    );
  });

  it('passes text without secrets unchanged and in order, however it is cut', () => {
    // Pieces that look like the start of a secret (`s`, `svc_a`, `con_`, `kr-Val`) and are not one.
    const fragments = [
      's',
      'svc_a',
      'svc_',
      'con_',
      'con_s',
      'kr-Val',
      'aaaa',
      'é',
      '✓',
      ' ',
      '\n',
      '\r',
      'x.',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...fragments)), fc.array(fc.nat()), (parts, cuts) => {
        const text = parts.join('');
        fc.pre(redact(text) === text);
        const ends = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const pieces = [...ends, text.length].map((end, index, all) =>
          text.slice(index === 0 ? 0 : all[index - 1], end),
        );
        expect(shown(redact, pieces)).toBe(text);
      }),
    );
  });

  it('holds back only what may be the start of a secret, and shows it at the end', () => {
    const stream = new RedactedStream(redact);
    expect(stream.write('  ✓ voices 12 checks\n')).toBe('  ✓ voices 12 checks\n');
    expect(stream.write('  … 3 of 9 areas done, 40 checks so far')).toBe(
      '  … 3 of 9 areas done, 40 checks so far',
    );
    expect(stream.write('key: svc_ai_01')).toBe('key: ');
    expect(stream.write('23 and kr-Val')).toBe('svc_ai_…redacted and ');
    expect(stream.write('u')).toBe('');
    expect(stream.end()).toBe('kr-Valu');
    expect(stream.end()).toBe('');
  });

  it('redacts the held start of a key when the stream ends on it', () => {
    const stream = new RedactedStream(redact);
    expect(stream.write('last words svc_ai_0123')).toBe('last words ');
    expect(stream.end()).toBe('svc_ai_…redacted');
  });

  it('holds no endless run of token characters: past the limit it is shown, redacted', () => {
    const stream = new RedactedStream(redact);
    expect(stream.write('svc_ai_')).toBe('');
    expect(stream.write('x'.repeat(64 * 1024 - 7))).toBe('');
    expect(stream.write('x')).toBe('svc_ai_…redacted');
  });

  it(
    'passes a long run of token characters that a newline ends (a base64 body) at once',
    // A scan of that run that restarts at each of its characters took minutes for such a line,
    // holding up the main thread that serves the embedded reference: the time bound is its guard.
    { timeout: 10_000 },
    () => {
      const line = `${'QUJD'.repeat(40_000)}\n`;
      expect(new RedactedStream(redact).write(line)).toBe(line);
    },
  );
});
