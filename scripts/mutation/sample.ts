/**
 * The draw of the mutants: pure, so the same mutants, seed and size give the same sample on every
 * machine (the mutants are put in a canonical order first, whatever order they were listed in).
 */
import { seeded } from '../../src/generate/seeded.ts';

/** A position as Stryker's instrumenter gives it: line and column both counted from 0. */
interface Position {
  line: number;
  column: number;
}

export interface Span {
  start: Position;
  end: Position;
}

export interface ListedMutant {
  /** Path relative to the project, with forward slashes. */
  fileName: string;
  mutatorName: string;
  replacement: string;
  location: Span;
}

/** The key that identifies a mutant across runs (what Stryker's incremental mode uses too). */
export function mutantKey(m: ListedMutant): string {
  const { start, end } = m.location;
  return `${m.fileName}@${start.line}:${start.column}-${end.line}:${end.column}\n${m.mutatorName}: ${m.replacement}`;
}

function compareMutants(a: ListedMutant, b: ListedMutant): number {
  const ka = mutantKey(a);
  const kb = mutantKey(b);
  return a.fileName < b.fileName
    ? -1
    : a.fileName > b.fileName
      ? 1
      : comparePositions(a, b) || (ka < kb ? -1 : ka > kb ? 1 : 0);
}

function comparePositions(a: ListedMutant, b: ListedMutant): number {
  return (
    a.location.start.line - b.location.start.line ||
    a.location.start.column - b.location.start.column ||
    a.location.end.line - b.location.end.line ||
    a.location.end.column - b.location.end.column
  );
}

/**
 * `size` mutants drawn uniformly without replacement (a partial Fisher-Yates shuffle of the
 * canonical order), returned in canonical order; all of them when there are fewer.
 */
export function drawSample<M extends ListedMutant>(mutants: readonly M[], size: number, seed: number): M[] {
  const pool = [...mutants].sort(compareMutants);
  const random = seeded(seed);
  const take = Math.min(size, pool.length);
  for (let i = 0; i < take; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j] as M, pool[i] as M];
  }
  return pool.slice(0, take).sort(compareMutants);
}

/** Whether `inner` lies within `outer` (ends included), as Stryker decides for a mutate range. */
export function spanIncludes(outer: Span, inner: Span): boolean {
  const startsAfter =
    outer.start.line < inner.start.line ||
    (outer.start.line === inner.start.line && outer.start.column <= inner.start.column);
  const endsBefore =
    outer.end.line > inner.end.line ||
    (outer.end.line === inner.end.line && outer.end.column >= inner.end.column);
  return startsAfter && endsBefore;
}

/**
 * Stryker's `mutate` entry selecting a mutant's span: `file:line:column-line:column`, lines counted
 * from 1 and columns from 0 (how Stryker's project reader parses it).
 */
export function mutateRange(m: ListedMutant): string {
  const { start, end } = m.location;
  return `${m.fileName}:${start.line + 1}:${start.column}-${end.line + 1}:${end.column}`;
}

/**
 * A range selects every mutant inside it, so the ranges of a sample select a few more: those are
 * the mutants Stryker must be told to leave alone.
 */
export function selectedBesides<M extends ListedMutant>(all: readonly M[], sample: readonly M[]): M[] {
  const sampled = new Set(sample.map(mutantKey));
  return all.filter(
    (m) =>
      !sampled.has(mutantKey(m)) &&
      sample.some((s) => s.fileName === m.fileName && spanIncludes(s.location, m.location)),
  );
}
