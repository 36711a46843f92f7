import type { Redactor } from './secrets.ts';

/**
 * Routes everything the process prints through the redactor, so that no key reaches the terminal
 * or a CI log whatever a reporter prints. Returns a function that restores the streams.
 */
export function redactProcessOutput(redact: Redactor): () => void {
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((stream) => stream.write.bind(stream));
  streams.forEach((stream, index) => {
    const original = originals[index]!;
    const replacement = (chunk: unknown, ...rest: unknown[]): boolean => {
      const text =
        typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : chunk;
      return (original as (c: unknown, ...r: unknown[]) => boolean)(
        typeof text === 'string' ? redact(text) : text,
        ...rest,
      );
    };
    stream.write = replacement;
  });
  return () => {
    streams.forEach((stream, index) => {
      stream.write = originals[index]!;
    });
  };
}
