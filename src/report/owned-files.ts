import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every file and folder a run writes in the report directory, and nothing else there: a run that
 * has started clears them, so that no earlier run's summary or JUnit file survives to be read as
 * this run's (a CI job reading a stale pass), and it never touches what others keep in the
 * directory (the ledger of an interrupted run among them). A run that never starts (a bad flag,
 * keyring or expectations file, an unreachable target) clears nothing: see `hasOwnedReports`.
 */
const OWNED_REPORT_FILES = [
  'summary.json',
  'index.html',
  'junit.xml',
  'scope-matrix.md',
  'exchanges.har',
  'exchanges.log.d',
  'allure-results',
  // Only when the bench asks (src/run/phases.ts); cleared like the rest, so none outlives its run.
  'phases.json',
] as const;

export type OwnedReportFile = (typeof OWNED_REPORT_FILES)[number];

/** Where a file is written before it is renamed into place (see `writeWhole`). */
function partialPath(path: string): string {
  return `${path}.partial`;
}

export function reportPath(reportDir: string, file: OwnedReportFile): string {
  return join(reportDir, file);
}

export function clearOwnedReports(reportDir: string): void {
  for (const file of OWNED_REPORT_FILES) {
    const path = join(reportDir, file);
    rmSync(path, { recursive: true, force: true });
    // What a process killed mid-write left: never a report, so never kept.
    rmSync(partialPath(path), { force: true });
  }
}

/** Whether an earlier run left any of its reports in the directory. */
export function hasOwnedReports(reportDir: string): boolean {
  return OWNED_REPORT_FILES.some((file) => existsSync(join(reportDir, file)));
}

/**
 * Writes a report file whole or not at all: to a partial file first, renamed into place (atomic on
 * one file system). A process killed mid-way (a second Ctrl-C) leaves no half a file under the
 * report's name for a CI job to read.
 */
export function writeWhole(path: string, text: string): void {
  const partial = partialPath(path);
  writeFileSync(partial, text);
  renameSync(partial, path);
}
