import { wasNotRun } from './not-run.ts';
import type { Summary, SummaryCheck } from './summary.ts';

/**
 * What the terminal says once a run has ended, from its summary (expectations applied): each
 * failure as the suite words it, the known deviations as expected, and a last line stating the
 * exit status and why.
 */

/** Failures printed in full; the rest are counted (all are in summary.json and index.html). */
const SHOWN_FAILURES = 30;
/** Lines of one failure's message (its curl line and the answer come first). */
const SHOWN_LINES = 12;

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function failing(check: SummaryCheck): boolean {
  return check.outcome === 'failed' || check.outcome === 'unexpected-pass' || check.outcome === 'errored';
}

function heading(check: SummaryCheck): string {
  const ids = check.requirements.length > 0 ? ` [${check.requirements.join(', ')}]` : '';
  const what =
    check.outcome === 'errored'
      ? ' (errored: not a verdict)'
      : check.outcome === 'unexpected-pass'
        ? ' (unexpected pass)'
        : '';
  return `  ✗ ${check.id}${ids}${what}`;
}

function indented(message: string | undefined): string[] {
  const lines = (message ?? '').split('\n').filter((line) => line.trim() !== '');
  const shown = lines.slice(0, SHOWN_LINES).map((line) => `      ${line}`);
  return lines.length > SHOWN_LINES
    ? [...shown, `      … ${lines.length - SHOWN_LINES} more line(s) in index.html`]
    : shown;
}

/** The failures (failed, unexpected passes, errored) and the known deviations, as blocks of lines. */
export function verdictLines(summary: Summary): string[] {
  const failures = summary.checks.filter((check) => failing(check) && !wasNotRun(check));
  const deviations = summary.checks.filter((check) => check.outcome === 'expected');
  const lines: string[] = [];
  if (failures.length > 0) {
    lines.push(`conformance: ${plural(failures.length, 'failure')}:`);
    for (const check of failures.slice(0, SHOWN_FAILURES))
      lines.push(heading(check), ...indented(check.message));
    if (failures.length > SHOWN_FAILURES)
      lines.push(
        `  … and ${failures.length - SHOWN_FAILURES} more: every one is in summary.json and index.html`,
      );
  }
  if (deviations.length > 0) {
    lines.push(
      `conformance: ${plural(deviations.length, 'known deviation')} (expected by the expectations file):`,
    );
    for (const check of deviations) {
      const entry = check.expectation;
      lines.push(`  ~ ${check.id}${entry ? `: expectations entry ${entry.entry}: ${entry.reason}` : ''}`);
    }
  }
  return lines;
}

/** The distinct requirements a set of checks cites. */
function requirementsOf(checks: readonly SummaryCheck[]): number {
  return new Set(checks.flatMap((check) => check.requirements)).size;
}

/** `after 504 of 665 checks`: how far a stopped run got through its selection. */
function howFar(summary: Summary): string {
  const notRun = summary.checks.filter(wasNotRun).length;
  return `after ${summary.checks.length - notRun} of ${plural(summary.checks.length, 'check')}`;
}

/** Why a run that could not be carried out (exit 2) ended so, most telling reason first. */
function whyNotCarriedOut(summary: Summary): string {
  if (summary.stoppedBy === 'deadline') return `the run's deadline passed ${howFar(summary)}`;
  const errored = summary.checks.filter((check) => check.outcome === 'errored').length;
  if (errored > 0)
    return `${plural(errored, 'check')} errored (the harness or the network broke: not a verdict)`;
  const [first, ...more] = summary.harnessErrors;
  if (first !== undefined)
    return `${first.split('\n')[0] ?? first}${more.length > 0 ? ` (and ${more.length} more harness error(s))` : ''}`;
  if (summary.certified === false) return `not certified: ${(summary.certificationReasons ?? []).join('; ')}`;
  return 'no check ran';
}

/** The last line of a run: `exit 1: 3 checks failed in 2 requirements`. */
export function exitLine(summary: Summary, code: number): string {
  if (summary.stoppedBy === 'SIGINT' || summary.stoppedBy === 'SIGTERM')
    return `exit ${code}: interrupted ${howFar(summary)}`;
  if (code === 1) {
    const failed = summary.checks.filter((c) => c.outcome === 'failed' || c.outcome === 'unexpected-pass');
    const unexpected = summary.outcomes['unexpected-pass'];
    return `exit 1: ${plural(failed.length, 'check')} failed in ${plural(requirementsOf(failed), 'requirement')}${unexpected === 0 ? '' : unexpected === 1 ? ' (1 of them an unexpected pass: a stale expectations entry)' : ` (${unexpected} of them unexpected passes: stale expectations entries)`}${summary.stoppedBy === 'deadline' ? `; the run's deadline passed ${howFar(summary)}` : ''}`;
  }
  if (code === 0) {
    const expected = summary.outcomes.expected;
    return `exit 0: conformant${expected > 0 ? `, ${plural(expected, 'known deviation')}` : ''}${summary.certified === true ? ', certified' : ''}`;
  }
  return `exit ${code}: ${whyNotCarriedOut(summary)}`;
}
