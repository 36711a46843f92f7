import { openPoints } from '../open-points.ts';

/**
 * Splits a document into retrieval chunks of about {@link CHUNK_TARGET_CHARS} characters, cut on
 * sentence boundaries, each chunk repeating the last sentence(s) of the one before (up to
 * {@link CHUNK_OVERLAP_CHARS}) so a passage straddling a cut is still found whole.
 */
export const CHUNK_TARGET_CHARS = 800;
export const CHUNK_OVERLAP_CHARS = 150;

// A sentence ends at . ! ? (optionally followed by a closing quote or bracket) before whitespace,
// or at a blank line.
/** The personality's chunk size: {@link CHUNK_TARGET_CHARS} by default (open-points.ts). */
const chunkTarget = (): number =>
  openPoints().name === 'default' ? CHUNK_TARGET_CHARS : openPoints().chunkTargetChars;
/** The personality's overlap: {@link CHUNK_OVERLAP_CHARS} by default. */
const chunkOverlap = (): number =>
  openPoints().name === 'default' ? CHUNK_OVERLAP_CHARS : openPoints().chunkOverlapChars;

const SENTENCE_BREAK = /(?<=[.!?]["')\]]?)\s+|\n\s*\n/;
const WHITESPACE_RUN = /\s+/g;

export function chunkText(text: string): string[] {
  const sentences = splitSentences(text);
  const chunks: string[] = [];
  let current: string[] = [];
  let currentLength = 0;

  for (const sentence of sentences) {
    if (current.length > 0 && currentLength + 1 + sentence.length > chunkTarget()) {
      chunks.push(current.join(' '));
      current = overlapTail(current, chunkTarget() - sentence.length - 1);
      currentLength = joinedLength(current);
    }
    currentLength += (current.length > 0 ? 1 : 0) + sentence.length;
    current.push(sentence);
  }
  // Every flush is followed by a push, so the last group always holds a sentence not yet emitted.
  if (current.length > 0) chunks.push(current.join(' '));
  return chunks;
}

function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const raw of text.split(SENTENCE_BREAK)) {
    const sentence = raw.replace(WHITESPACE_RUN, ' ').trim();
    if (sentence.length === 0) continue;
    if (sentence.length <= chunkTarget()) sentences.push(sentence);
    else sentences.push(...splitLongSentence(sentence));
  }
  return sentences;
}

/** A run-on "sentence" (no punctuation, a table, minified text) is cut between words, or hard. */
function splitLongSentence(sentence: string): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > chunkTarget()) {
    let cut = rest.lastIndexOf(' ', chunkTarget());
    if (cut <= 0) cut = chunkTarget();
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest.length > 0) pieces.push(rest);
  return pieces;
}

/** The trailing sentences of `sentences` that fit both the overlap budget and `room`. */
function overlapTail(sentences: readonly string[], room: number): string[] {
  const budget = Math.min(chunkOverlap(), room);
  const tail: string[] = [];
  let length = 0;
  for (let i = sentences.length - 1; i >= 0; i--) {
    const sentence = sentences[i]!;
    const next = length + sentence.length + (tail.length > 0 ? 1 : 0);
    if (next > budget) break;
    tail.unshift(sentence);
    length = next;
  }
  return tail;
}

function joinedLength(sentences: readonly string[]): number {
  let length = Math.max(0, sentences.length - 1);
  for (const sentence of sentences) length += sentence.length;
  return length;
}
