import type { Observation } from '../harness/check-meta.ts';
import { comparableValues } from '../report/comparable-observations.ts';
import { requirementOutcome } from '../report/requirement-outcome.ts';
import type { Summary, SummaryCheck } from '../report/summary.ts';
import type { Catalog, Requirement } from '../spec/requirements.ts';
import { ConfigError } from '../target/config-error.ts';

/** One run's standing on one requirement: the outcome of the checks citing it, and what they observed. */
export interface Cell {
  /** `failed`, `expected`, `passed`, `skipped`, or `—` when no check of the run cites it. */
  outcome: string;
  /** Checks citing the requirement in that run. */
  checks: number;
  /** The distinct values observed for the requirement, sorted. */
  observed: string[];
}

export interface Row {
  requirement: Requirement;
  cells: Cell[];
  /** Whether the runs differ on this requirement (outcome or observed values). */
  differs: boolean;
}

interface Section {
  title: string;
  rows: Row[];
}

/** One section of the document in one run: how many of its requirements had each outcome. */
export type SectionCounts = Record<string, number>;

export interface Comparison {
  /** The column titles, one per run, all distinct. */
  labels: string[];
  /** Every section of the document with its counts per run, whatever rows are kept. */
  matrix: { title: string; counts: SectionCounts[] }[];
  sections: Section[];
}

/** What a run's checks citing one requirement observed for it (the cell shows the same). */
function observationsOf(requirement: string, checks: readonly SummaryCheck[]): Observation[] {
  return checks
    .filter((check) => check.requirements.includes(requirement))
    .flatMap((check) => (check.observations ?? []).filter((o) => o.requirement === requirement));
}

/**
 * Whether runs differ on a requirement: by outcome, or by what they observed where each reached
 * the same situation (comparableValues: a situation only some draws reached is no difference).
 */
function runsDiffer(requirement: string, runs: readonly Summary[], cells: readonly Cell[]): boolean {
  const values = comparableValues(runs.map((run) => observationsOf(requirement, run.checks)));
  const keys = new Set(cells.map((cell, i) => JSON.stringify([cell.outcome, values[i]])));
  return keys.size > 1;
}

function countsOf(rows: readonly Row[], run: number): SectionCounts {
  const counts: SectionCounts = {};
  for (const row of rows) {
    const outcome = row.cells[run]?.outcome ?? '—';
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return counts;
}

function cellOf(requirement: string, checks: readonly SummaryCheck[]): Cell {
  const { outcome, checks: citing, observed } = requirementOutcome(requirement, checks);
  return { outcome, checks: citing.length, observed };
}

/**
 * Several runs side by side, in the manner of wpt.fyi: one row per requirement of the catalog,
 * grouped by the document's sections in catalog order; one column per run; each cell the outcome
 * of the checks citing the requirement and the values they observed. A row differs when the
 * outcomes or the observed values differ, nothing else (not the number of citing checks). Runs
 * must share a summary schema version.
 */
export function compareRuns(
  runs: readonly Summary[],
  labels: readonly string[],
  catalog: Catalog,
): Comparison {
  const versions = new Set(runs.map((run) => String(run.schemaVersion ?? 'none')));
  if (versions.size > 1)
    throw new ConfigError(
      `the runs cannot be compared: their summaries have schemaVersion ${[...versions].join(', ')}`,
    );
  const sections = new Map<string, Row[]>();
  for (const requirement of catalog.requirements) {
    const cells = runs.map((run) => cellOf(requirement.id, run.checks));
    const rows = sections.get(requirement.section) ?? [];
    rows.push({ requirement, cells, differs: runsDiffer(requirement.id, runs, cells) });
    sections.set(requirement.section, rows);
  }
  return {
    labels: [...labels],
    matrix: [...sections].map(([title, rows]) => ({ title, counts: runs.map((_, i) => countsOf(rows, i)) })),
    sections: [...sections].map(([title, rows]) => ({ title, rows })),
  };
}

/** Only the rows where the runs differ, and the sections that keep one. */
export function differencesOnly(comparison: Comparison): Comparison {
  return {
    ...comparison,
    sections: comparison.sections
      .map((section) => ({ ...section, rows: section.rows.filter((row) => row.differs) }))
      .filter((section) => section.rows.length > 0),
  };
}
