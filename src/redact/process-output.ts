import { StringDecoder } from 'node:string_decoder';
import type { Redactor } from './secrets.ts';
import { RedactedStream } from './stream.ts';

type Write = (chunk: unknown, ...rest: unknown[]) => boolean;

/** The part of a stream this module replaces: its `write`. */
interface Writable {
  write: Write;
}

/**
 * Routes everything written to `stream` through the redactor, so that no key reaches the terminal
 * or a CI log whatever a reporter prints, even one split across two writes. Returns a function
 * that shows what is still held back and restores the stream.
 */
export function redactWrites(stream: Writable, redact: Redactor): () => void {
  const own = stream.write;
  const original = own.bind(stream);
  const text = new RedactedStream(redact);
  // A character of several bytes may be split across two writes of bytes, like a secret.
  const bytes = new StringDecoder('utf8');
  stream.write = (chunk, ...rest) => {
    const piece = textOf(chunk, rest[0], bytes);
    if (piece === undefined) return original(chunk, ...rest);
    const callback = rest.find((arg) => typeof arg === 'function');
    return callback === undefined ? original(text.write(piece)) : original(text.write(piece), callback);
  };
  return () => {
    const rest = text.write(bytes.end()) + text.end();
    stream.write = own;
    if (rest !== '') original(rest);
  };
}

/** The text a write carries; undefined for what is no text (an object of an object-mode stream). */
function textOf(chunk: unknown, encoding: unknown, bytes: StringDecoder): string | undefined {
  if (chunk instanceof Uint8Array) return bytes.write(chunk);
  if (typeof chunk !== 'string') return undefined;
  const named = typeof encoding === 'string' ? encoding.toLowerCase() : 'utf8';
  if (named === 'utf8' || named === 'utf-8') return chunk;
  // Bytes spelt in another encoding (hex, base64): held back as such, they could be cut in two.
  return bytes.write(Buffer.from(chunk, named as BufferEncoding));
}

/**
 * Routes everything the process prints through the redactor (see {@link redactWrites}), until the
 * returned function restores the streams, or the process exits: either shows what is held back.
 */
export function redactProcessOutput(redact: Redactor): () => void {
  const restores = [process.stdout, process.stderr].map((stream) =>
    redactWrites(stream as unknown as Writable, redact),
  );
  let restored = false;
  const restore = (): void => {
    if (restored) return;
    restored = true;
    process.off('exit', restore);
    restores.forEach((restoreStream) => restoreStream());
  };
  process.on('exit', restore);
  return restore;
}
