import { describe, expect, it } from 'vitest';
import {
  drawSample,
  mutantKey,
  mutateRange,
  selectedBesides,
  spanIncludes,
  type ListedMutant,
  type Span,
} from './sample.ts';

const span = (l1: number, c1: number, l2: number, c2: number): Span => ({
  start: { line: l1, column: c1 },
  end: { line: l2, column: c2 },
});

function mutant(fileName: string, location: Span, replacement = 'x'): ListedMutant {
  return { fileName, mutatorName: 'StringLiteral', replacement, location };
}

const POPULATION = Array.from({ length: 200 }, (_, i) =>
  mutant(`src/reference/f${i % 7}.ts`, span(i, 0, i, 5)),
);

describe('drawSample', () => {
  it('draws the asked number of distinct mutants of the population', () => {
    const sample = drawSample(POPULATION, 30, 1);
    expect(sample).toHaveLength(30);
    expect(new Set(sample.map(mutantKey)).size).toBe(30);
    const keys = new Set(POPULATION.map(mutantKey));
    for (const m of sample) expect(keys.has(mutantKey(m))).toBe(true);
  });

  it('is reproducible: same seed, same sample, whatever order the mutants were listed in', () => {
    const reversed = [...POPULATION].reverse();
    expect(drawSample(reversed, 30, 9).map(mutantKey)).toEqual(drawSample(POPULATION, 30, 9).map(mutantKey));
  });

  it('draws another sample with another seed', () => {
    expect(drawSample(POPULATION, 30, 2).map(mutantKey)).not.toEqual(
      drawSample(POPULATION, 30, 3).map(mutantKey),
    );
  });

  it('takes every mutant when fewer than asked', () => {
    expect(drawSample(POPULATION.slice(0, 5), 30, 1)).toHaveLength(5);
  });

  it('reaches every part of the population (no bias to the start of the order)', () => {
    const drawnLines = new Set<number>();
    for (let seed = 0; seed < 40; seed++)
      for (const m of drawSample(POPULATION, 10, seed)) drawnLines.add(m.location.start.line);
    expect(drawnLines.size).toBeGreaterThan(150);
  });
});

describe('ranges', () => {
  it('names a mutant as Stryker reads a mutate range: lines from 1, columns from 0', () => {
    expect(mutateRange(mutant('src/reference/a.ts', span(4, 2, 6, 10)))).toBe('src/reference/a.ts:5:2-7:10');
  });

  it('includes a span in itself and in a wider one, never a span that sticks out', () => {
    expect(spanIncludes(span(1, 2, 3, 4), span(1, 2, 3, 4))).toBe(true);
    expect(spanIncludes(span(1, 2, 3, 4), span(2, 0, 2, 9))).toBe(true);
    expect(spanIncludes(span(1, 2, 3, 4), span(1, 1, 2, 0))).toBe(false);
    expect(spanIncludes(span(1, 2, 3, 4), span(3, 0, 3, 5))).toBe(false);
  });

  it('lists the mutants a sample range selects besides the drawn ones, in the same file only', () => {
    const outer = mutant('src/reference/a.ts', span(1, 0, 5, 1), '{}');
    const inner = mutant('src/reference/a.ts', span(2, 4, 2, 9));
    const sameSpan = mutant('src/reference/a.ts', span(1, 0, 5, 1), 'other');
    const elsewhere = mutant('src/reference/b.ts', span(2, 4, 2, 9));
    const outside = mutant('src/reference/a.ts', span(7, 0, 7, 3));
    const all = [outer, inner, sameSpan, elsewhere, outside];
    expect(selectedBesides(all, [outer]).map(mutantKey)).toEqual([inner, sameSpan].map(mutantKey));
    expect(selectedBesides(all, [inner])).toEqual([]);
  });
});
