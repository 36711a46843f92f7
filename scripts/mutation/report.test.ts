import { describe, expect, it } from 'vitest';
import { ignoredReport, judgedMutants, score, type JudgedMutant } from './report.ts';
import type { ListedMutant } from './sample.ts';

const SOURCE = "const a = 'one';\nconst b = a === 'one';\n";
const drawn: ListedMutant = {
  fileName: 'src/reference/a.ts',
  mutatorName: 'StringLiteral',
  replacement: '""',
  location: { start: { line: 0, column: 10 }, end: { line: 0, column: 15 } },
};
const besides: ListedMutant = {
  fileName: 'src/reference/a.ts',
  mutatorName: 'EqualityOperator',
  replacement: "a !== 'one'",
  location: { start: { line: 1, column: 10 }, end: { line: 1, column: 21 } },
};

describe('ignoredReport', () => {
  it('marks the mutants Ignored, positions counted from 1, with the file source', () => {
    const report = ignoredReport([besides], new Map([['src/reference/a.ts', SOURCE]]));
    const file = report.files['src/reference/a.ts'];
    expect(file?.source).toBe(SOURCE);
    expect(file?.mutants).toEqual([
      expect.objectContaining({
        mutatorName: 'EqualityOperator',
        replacement: "a !== 'one'",
        status: 'Ignored',
        location: { start: { line: 2, column: 11 }, end: { line: 2, column: 22 } },
      }),
    ]);
  });
});

describe('judgedMutants', () => {
  it('keeps the drawn mutants of the final report, with the text they changed', () => {
    const report = ignoredReport([drawn, besides], new Map([['src/reference/a.ts', SOURCE]]));
    const [first, second] = report.files['src/reference/a.ts']?.mutants ?? [];
    if (!first || !second) throw new Error('two mutants expected');
    first.status = 'Survived';
    second.status = 'Killed';
    expect(judgedMutants(report, [drawn])).toEqual([
      {
        fileName: 'src/reference/a.ts',
        line: 1,
        mutatorName: 'StringLiteral',
        replacement: '""',
        original: "'one'",
        status: 'Survived',
      },
    ]);
  });
});

describe('score', () => {
  const judged = (status: string): JudgedMutant => ({
    fileName: 'f.ts',
    line: 1,
    mutatorName: 'M',
    replacement: '',
    original: '',
    status,
  });

  it('is killed and timed-out over the valid mutants', () => {
    const s = score(['Killed', 'Killed', 'Timeout', 'Survived', 'RuntimeError'].map(judged));
    expect(s).toEqual({ detected: 3, undetected: 1, invalid: 1, percent: 75 });
  });
});
