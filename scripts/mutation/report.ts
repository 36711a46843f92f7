import { mutantKey, type ListedMutant } from './sample.ts';

/*
 * The two reports Stryker reads or writes, in the mutation-testing-report-schema (positions there
 * count lines and columns from 1; the instrumenter's from 0).
 */

interface SchemaPosition {
  line: number;
  column: number;
}

interface SchemaMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  location: { start: SchemaPosition; end: SchemaPosition };
  status: string;
  statusReason?: string;
}

export interface SchemaReport {
  schemaVersion: string;
  thresholds: { high: number; low: number };
  files: Record<string, { language: string; source: string; mutants: SchemaMutant[] }>;
}

const toSchema = ({ line, column }: { line: number; column: number }): SchemaPosition => ({
  line: line + 1,
  column: column + 1,
});

/**
 * A previous report, as Stryker's incremental mode reads it, that marks `mutants` Ignored: Stryker
 * reuses a reported result whose file did not change (the command runner reports no coverage), so
 * those are not run. The ranges of a sample select them besides the drawn ones.
 */
export function ignoredReport(
  mutants: readonly ListedMutant[],
  sources: ReadonlyMap<string, string>,
): SchemaReport {
  const files: SchemaReport['files'] = {};
  mutants.forEach((m, index) => {
    const file = (files[m.fileName] ??= {
      language: 'typescript',
      source: sources.get(m.fileName) ?? '',
      mutants: [],
    });
    file.mutants.push({
      id: `not-drawn-${index}`,
      mutatorName: m.mutatorName,
      replacement: m.replacement,
      location: { start: toSchema(m.location.start), end: toSchema(m.location.end) },
      status: 'Ignored',
      statusReason: 'not drawn (inside the span of a drawn mutant)',
    });
  });
  return { schemaVersion: '1', thresholds: { high: 80, low: 60 }, files };
}

export interface JudgedMutant {
  fileName: string;
  line: number;
  mutatorName: string;
  replacement: string;
  original: string;
  status: string;
}

/** The drawn mutants' results in Stryker's final report (Ignored ones left out). */
export function judgedMutants(report: SchemaReport, sample: readonly ListedMutant[]): JudgedMutant[] {
  const drawn = new Set(sample.map(mutantKey));
  return Object.entries(report.files).flatMap(([fileName, file]) =>
    file.mutants
      .map((m) => ({ m, key: schemaKey(fileName, m) }))
      .filter(({ m, key }) => m.status !== 'Ignored' && drawn.has(key))
      .map(({ m }) => ({
        fileName,
        line: m.location.start.line,
        mutatorName: m.mutatorName,
        replacement: m.replacement ?? '',
        original: excerpt(file.source, m),
        status: m.status,
      })),
  );
}

function schemaKey(fileName: string, m: SchemaMutant): string {
  const { start, end } = m.location;
  return mutantKey({
    fileName,
    mutatorName: m.mutatorName,
    replacement: m.replacement ?? '',
    location: {
      start: { line: start.line - 1, column: start.column - 1 },
      end: { line: end.line - 1, column: end.column - 1 },
    },
  });
}

/** The mutated text (its first line, shortened), to read a survivor without opening the report. */
function excerpt(source: string, m: SchemaMutant): string {
  const lines = source.split('\n').slice(m.location.start.line - 1, m.location.end.line);
  if (lines.length === 0) return '';
  lines[lines.length - 1] = (lines.at(-1) ?? '').slice(0, m.location.end.column - 1);
  lines[0] = (lines[0] ?? '').slice(m.location.start.column - 1);
  const text = lines.join('\n');
  const first = text.split('\n')[0] ?? '';
  return first.length > 100 || text.includes('\n') ? `${first.slice(0, 100)} …` : first;
}

export interface Score {
  detected: number;
  undetected: number;
  invalid: number;
  percent: number;
}

/** Stryker's mutation score: killed and timed-out mutants over the valid ones. */
export function score(judged: readonly JudgedMutant[]): Score {
  const count = (...statuses: string[]) => judged.filter((m) => statuses.includes(m.status)).length;
  const detected = count('Killed', 'Timeout');
  const undetected = count('Survived', 'NoCoverage');
  const invalid = count('CompileError', 'RuntimeError');
  const valid = detected + undetected;
  return { detected, undetected, invalid, percent: valid === 0 ? 100 : (100 * detected) / valid };
}
