import { describe, it, expect } from 'vitest';
import { CHUNK_OVERLAP_CHARS, CHUNK_TARGET_CHARS, chunkText } from './chunking.ts';

const sentence = (i: number) => `Sentence number ${i} talks about topic ${i} in some detail.`;
const paragraph = (count: number) => Array.from({ length: count }, (_, i) => sentence(i)).join(' ');

describe('chunkText', () => {
  it('gives no chunk for empty or blank text', () => {
    expect(chunkText('')).toEqual([]);
    expect(chunkText(' \n\t ')).toEqual([]);
  });

  it('keeps a short text as one chunk', () => {
    expect(chunkText('One. Two three.')).toEqual(['One. Two three.']);
  });

  it('cuts a long text into chunks no longer than the target, on sentence boundaries', () => {
    const chunks = chunkText(paragraph(100));
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(CHUNK_TARGET_CHARS);
      expect(chunk).toMatch(/^Sentence number \d+ .*detail\.$/);
    }
  });

  it('loses no sentence and repeats the end of a chunk (at most the overlap) at the start of the next', () => {
    const chunks = chunkText(paragraph(100));
    const joined = chunks.join(' ');
    for (let i = 0; i < 100; i++) expect(joined).toContain(sentence(i));
    for (let i = 1; i < chunks.length; i++) {
      const previous = chunks[i - 1]!;
      const previousLast = previous.split(/(?<=\.) /).pop()!;
      const firstOfNext = chunks[i]!.split(/(?<=\.) /)[0]!;
      expect(chunks[i]).toContain(previousLast);
      expect(previous.length - previous.indexOf(firstOfNext)).toBeLessThanOrEqual(CHUNK_OVERLAP_CHARS);
    }
  });

  it('treats a blank line as a sentence break even without punctuation', () => {
    const text = `${'word '.repeat(100)}\n\n${'other '.repeat(100)}`;
    const chunks = chunkText(text);
    expect(chunks).toHaveLength(2);
    expect(chunks[1]!.startsWith('other')).toBe(true);
  });

  it('cuts a run-on text without any punctuation between words', () => {
    const chunks = chunkText('lorem '.repeat(1000));
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(CHUNK_TARGET_CHARS);
    expect(chunks.every((chunk) => /^(lorem ?)+$/.test(chunk))).toBe(true);
  });

  it('hard-cuts a single word longer than a chunk', () => {
    const chunks = chunkText('x'.repeat(2000));
    expect(chunks.map((chunk) => chunk.length)).toEqual([800, 800, 400]);
  });
});
