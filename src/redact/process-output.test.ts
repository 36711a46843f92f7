import { describe, expect, it } from 'vitest';
import { redactProcessOutput, redactWrites } from './process-output.ts';
import { makeRedactor, REDACTED_KEY } from './secrets.ts';

const KEY = 'svc_ai_0123456789abcdef';

/** A stand-in for process.stdout: what reached it, write by write. */
function fakeStream() {
  const written: string[] = [];
  const stream = {
    write: (chunk: unknown, ...rest: unknown[]): boolean => {
      written.push(String(chunk));
      for (const arg of rest) if (typeof arg === 'function') (arg as () => void)();
      return true;
    },
  };
  return { stream, written, original: stream.write };
}

describe('redactWrites', () => {
  it('hides a key written in two pieces, as text or as bytes', () => {
    for (const piece of [(text: string) => text, (text: string) => Buffer.from(text)]) {
      const { stream, written } = fakeStream();
      const restore = redactWrites(stream, makeRedactor([]));
      stream.write(piece(`key ${KEY.slice(0, 10)}`));
      stream.write(piece(`${KEY.slice(10)} used\n`));
      restore();
      expect(written.join('')).toBe(`key ${REDACTED_KEY} used\n`);
    }
  });

  it('keeps a character whose bytes are split across two writes', () => {
    const { stream, written } = fakeStream();
    const restore = redactWrites(stream, makeRedactor([]));
    const bytes = Buffer.from('✓ passed\n');
    stream.write(bytes.subarray(0, 1));
    stream.write(bytes.subarray(1));
    restore();
    expect(written.join('')).toBe('✓ passed\n');
  });

  it('calls back every write, even one held back whole, and shows what is held when restored', () => {
    const { stream, written, original } = fakeStream();
    const restore = redactWrites(stream, makeRedactor([]));
    let calledBack = 0;
    stream.write('svc_ai_01', () => calledBack++);
    stream.write('23', 'utf8', () => calledBack++);
    expect(calledBack).toBe(2);
    expect(written.join('')).toBe('');
    restore();
    expect(written.join('')).toBe(REDACTED_KEY);
    expect(stream.write).toBe(original);
  });

  it('reads text given in another encoding as the bytes it spells', () => {
    const { stream, written } = fakeStream();
    const restore = redactWrites(stream, makeRedactor([]));
    stream.write(Buffer.from(`${KEY}\n`).toString('hex'), 'hex');
    restore();
    expect(written.join('')).toBe(`${REDACTED_KEY}\n`);
  });
});

describe('redactProcessOutput', () => {
  it('shows what is held back when the process exits, and only once', () => {
    const before = process.listenerCount('exit');
    const restore = redactProcessOutput(makeRedactor([]));
    expect(process.listenerCount('exit')).toBe(before + 1);
    restore();
    restore();
    expect(process.listenerCount('exit')).toBe(before);
  });
});
