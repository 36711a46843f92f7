/**
 * A run's phases (src/run/phases.ts writes them when the bench asks) as the bench's figures: the main
 * thread's phases in order, each worker thread's first imports and heap, the costliest check files.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PHASES_FILE, type FilePhase, type PhasesReport } from '../../src/run/phases.ts';
import type { Row } from './table.ts';

/** The costliest check files listed by name; the others are summed. */
const COSTLIEST_FILES = 5;
/** A worker's import groups listed by name; the others are summed. */
const LISTED_IMPORTS = 6;

export async function readPhases(reportDir: string): Promise<PhasesReport> {
  try {
    return JSON.parse(await readFile(join(reportDir, PHASES_FILE), 'utf8')) as PhasesReport;
  } catch (error) {
    throw new Error(`the run wrote no readable ${PHASES_FILE} (${(error as Error).message})`);
  }
}

const ms = (value: number): string => `${Math.round(value)} ms`;
const mb = (bytes: number | undefined): string =>
  bytes === undefined ? '?' : `${Math.round(bytes / 2 ** 20)} MB`;
const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

/** What a worker thread loaded, its costliest groups by name: `undici 300 ms, src/stateful 250 ms, … (12 more: 90 ms)`. */
function importsLine(imports: Record<string, number>): string {
  const sorted = Object.entries(imports).sort((a, b) => b[1] - a[1]);
  const listed = sorted.slice(0, LISTED_IMPORTS).map(([group, took]) => `${group} ${ms(took)}`);
  const rest = sorted.slice(LISTED_IMPORTS);
  if (rest.length > 0) listed.push(`${rest.length} more ${ms(sum(rest.map(([, took]) => took)))}`);
  return listed.join(', ');
}

function workerRows(files: readonly FilePhase[]): Row[] {
  const workers = [...new Set(files.map((f) => f.worker))].sort((a, b) => a - b);
  return workers.map((worker) => {
    const own = files.filter((f) => f.worker === worker);
    const imports: Record<string, number> = {};
    for (const file of own)
      for (const [group, took] of Object.entries(file.imports)) imports[group] = (imports[group] ?? 0) + took;
    const heaps = own.flatMap((f) => (f.heapBytes === undefined ? [] : [f.heapBytes]));
    return {
      figure: `worker ${worker + 1}: imports`,
      value: ms(sum(Object.values(imports))),
      note: `${own.length} files, heap up to ${mb(heaps.length > 0 ? Math.max(...heaps) : undefined)}; ${importsLine(imports)}`,
    };
  });
}

function fileRows(files: readonly FilePhase[]): Row[] {
  const cost = (f: FilePhase): number => f.collectMs + f.testsMs;
  const costliest = [...files].sort((a, b) => cost(b) - cost(a)).slice(0, COSTLIEST_FILES);
  return [
    ...costliest.map((f) => ({
      figure: `file: ${f.file}`,
      value: ms(cost(f)),
      note: `import ${ms(f.collectMs)}, checks ${ms(f.testsMs)} (worker ${f.worker + 1})`,
    })),
    {
      figure: `files: all ${files.length}`,
      value: ms(sum(files.map(cost))),
      note: `import ${ms(sum(files.map((f) => f.collectMs)))}, checks ${ms(sum(files.map((f) => f.testsMs)))}; summed over files`,
    },
  ];
}

export function phaseRows({ phases, files }: PhasesReport): Row[] {
  return [
    ...phases.map((phase) => ({
      figure: `phase: ${phase.name}`,
      value: ms(phase.endMs - phase.startMs),
      note: `RSS after ${mb(phase.rssBytes)}, peak so far ${mb(phase.peakRssBytes)}`,
    })),
    ...workerRows(files),
    ...fileRows(files),
  ];
}
