import { rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every file and folder a run writes in the report directory, and nothing else there: a run clears
 * them when it starts, so that no earlier run's summary or JUnit file survives to be read as this
 * run's (a CI job reading a stale pass), and it never touches what others keep in the directory
 * (the ledger of an interrupted run among them).
 */
const OWNED_REPORT_FILES = [
  'summary.json',
  'index.html',
  'junit.xml',
  'scope-matrix.md',
  'exchanges.har',
  'exchanges.log.d',
  'allure-results',
] as const;

export type OwnedReportFile = (typeof OWNED_REPORT_FILES)[number];

export function reportPath(reportDir: string, file: OwnedReportFile): string {
  return join(reportDir, file);
}

export function clearOwnedReports(reportDir: string): void {
  for (const file of OWNED_REPORT_FILES) rmSync(join(reportDir, file), { recursive: true, force: true });
}
