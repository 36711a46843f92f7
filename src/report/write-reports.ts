import { writeFileSync } from 'node:fs';
import { writeHtmlReport } from './html.ts';
import { reportPath } from './owned-files.ts';
import { renderScopeMatrix } from './scope-matrix.ts';
import { writeSummary, type Summary } from './summary.ts';

/** summary.json, index.html and (for a run that ran checks) scope-matrix.md, from one summary. */
export function writeSummaryReports(reportDir: string, summary: Summary, withMatrix: boolean): void {
  writeSummary(reportDir, summary);
  if (withMatrix) writeFileSync(reportPath(reportDir, 'scope-matrix.md'), renderScopeMatrix(summary));
  writeHtmlReport(reportDir, summary);
}
