import type { Reporter } from 'vitest/reporters';
import type { Redactor } from '../redact/secrets.ts';
import { applyExpectations } from '../expectations/apply.ts';
import type { Expectation } from '../expectations/file.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { RedactingAllureReporter } from '../report/allure-sink.ts';
import { CollectReporter } from '../report/collect-reporter.ts';
import { writeHar } from '../report/har.ts';
import { writeJunit } from '../report/junit.ts';
import { reportPath } from '../report/owned-files.ts';
import { redactStrings } from '../redact/structured.ts';
import type { Summary } from '../report/summary.ts';
import { TerminalProgress } from '../report/terminal-progress.ts';
import { exitLine, verdictLines } from '../report/terminal-verdict.ts';
import { writeSummaryReports } from '../report/write-reports.ts';
import type { PhaseRecorder } from './phases.ts';
import type { RunSinks } from './plan.ts';

/**
 * Redacts the summary's text, then writes summary.json, scope-matrix.md, index.html and junit.xml
 * from it: every report tells the same verdict, and none is rewritten afterwards.
 */
export function writeReports(
  reportDir: string,
  summary: Summary,
  redact: Redactor,
  withMatrix: boolean,
  phases?: PhaseRecorder,
): Summary {
  const time = <T>(name: string, work: () => T): T => (phases ? phases.timeSync(name, work) : work());
  const clean = time('reports: redaction', () => redactStrings(summary, redact));
  time('reports: summary.json, scope matrix, HTML', () => writeSummaryReports(reportDir, clean, withMatrix));
  time('reports: JUnit', () => writeJunit(reportDir, clean));
  return clean;
}

/** The reporters of a run's checks, each redacting what it writes, and what they collected. */
export class CheckSinks {
  readonly collect = new CollectReporter(PROJECT_ROOT);
  readonly reporters: Array<Reporter | 'github-actions'>;
  private readonly allure: RedactingAllureReporter;

  constructor(sinks: RunSinks, redact: Redactor, knownDeviations: readonly Expectation[], today: string) {
    // The suite's words on the terminal instead of vitest's: known deviations as expected, an
    // unexpected pass as a failure, one line per area (a live status line only on a terminal).
    const progress = new TerminalProgress({
      root: PROJECT_ROOT,
      judge: (checks) => applyExpectations(checks, knownDeviations, today).checks,
      tty: sinks.liveProgress,
      write: (text) => process.stdout.write(text),
      writeError: (text) => process.stderr.write(text),
    });
    // Redacted as written, like every report (src/report/allure-sink.ts says why it is not
    // allure-vitest's own writer).
    this.allure = new RedactingAllureReporter(reportPath(sinks.reportDir, 'allure-results'), redact);
    this.reporters = [
      progress,
      this.collect,
      this.allure,
      // On GitHub Actions each failure is also an annotation (redacted like all output).
      ...(sinks.githubAnnotations ? ['github-actions' as const] : []),
    ];
  }

  /** Waits for the Allure files; a problem writing them is returned as a harness error. */
  flush(): Promise<string | undefined> {
    return this.allure.flush();
  }
}

/** Where each worker logs its exchanges, joined into exchanges.har (redacted) after the run. */
export function exchangeLogDir(reportDir: string): string {
  return reportPath(reportDir, 'exchanges.log.d');
}

export function writeExchanges(reportDir: string, summary: Summary, redact: Redactor): void {
  writeHar(exchangeLogDir(reportDir), reportPath(reportDir, 'exchanges.har'), redact, summary.suiteVersion);
}

export interface RunEnd {
  reportDir: string;
  /** Whether an expectations file listed known deviations (their counts are then printed). */
  withExpectations: boolean;
  /** The signal that interrupted the run, if one did. */
  interruptedBy?: 'SIGINT' | 'SIGTERM';
  /** Resources of the run that could not be removed. */
  left: number;
}

/** What the terminal says once a run has ended, from its (redacted) summary; the last line says the exit status. */
export function printRunEnd(summary: Summary, end: RunEnd, code: number): void {
  for (const line of verdictLines(summary)) console.log(line);
  const { passed, failed, skipped } = summary.totals;
  const { warned, observed, errored, expected } = summary.outcomes;
  const unexpectedPasses = summary.outcomes['unexpected-pass'];
  // TARGET.md's totals count an errored check as failed; the breakdown says which is which.
  const deviations = end.withExpectations
    ? `, ${expected} of them known deviations (expectations file), ${unexpectedPasses} unexpected pass(es)`
    : '';
  console.log(
    `conformance: ${passed} passed (${warned} with a warning, ${observed} observations), ` +
      `${failed} failed (${errored} of them errored: not a verdict${deviations}), ${skipped} skipped; reports in ${end.reportDir}`,
  );
  if (summary.rateLimitWaits !== undefined)
    console.log(
      `conformance: the target answered 429 with Retry-After ${summary.rateLimitWaits} time(s); each was waited out and the request sent again`,
    );
  for (const warning of summary.warnings ?? []) console.error(`conformance: warning: ${warning}`);
  for (const error of summary.harnessErrors) {
    console.error(`conformance: ${error.startsWith('no check ran') ? '' : 'harness error: '}${error}`);
  }
  if (summary.certified !== undefined) {
    console.log(
      summary.certified
        ? 'conformance: certified: every check ran and none failed'
        : `conformance: not certified: ${(summary.certificationReasons ?? []).join('; ')}`,
    );
  }
  if (end.interruptedBy !== undefined) {
    console.error(
      `conformance: interrupted by ${end.interruptedBy}: the outcomes so far are in ${end.reportDir}${end.left > 0 ? '' : '; nothing of this run is left on the target'}`,
    );
  }
  // The last line: the exit status and why, for a person and for a CI log alike.
  console.log(exitLine(summary, code));
}
