import { reportPath, writeWhole } from './owned-files.ts';
import { wasNotRun } from './not-run.ts';
import type { Summary, SummaryCheck } from './summary.ts';

/**
 * junit.xml, written from the run's summary when the run ends: the same verdict as summary.json
 * and the terminal (a known deviation is no failure, an unexpected pass is one, a check the run
 * never finished is listed with the reason), and a stopped run or a harness error is an `<error>`,
 * so that no CI job reads a run that did not finish as green.
 */

/** Characters XML 1.0 cannot hold at all, even escaped. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function xml(text: string): string {
  return text
    .replace(NOT_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}

function seconds(ms: number | undefined): string {
  return ((ms ?? 0) / 1000).toFixed(3);
}

/** What a JUnit consumer needs to count: which element, if any, a check's outcome becomes. */
function verdictElement(check: SummaryCheck): string {
  const message = check.message ?? check.outcome;
  const element = (name: string, type: string, text = message) =>
    `<${name} type="${type}" message="${xml(firstLine(text))}">${xml(text)}</${name}>`;
  switch (check.outcome) {
    case 'failed':
    case 'unexpected-pass':
      return element('failure', check.outcome);
    case 'errored':
      return element('error', 'errored');
    case 'skipped':
      return `<skipped message="${xml(firstLine(message))}"/>`;
    case 'expected': {
      // As pytest writes an xfail: skipped, the reason with it.
      const entry = check.expectation;
      const why = `known deviation${entry ? ` (expectations entry ${entry.entry}: ${entry.reason})` : ''}`;
      return `<skipped type="expected" message="${xml(why)}"/>`;
    }
    case 'warned':
      return `<system-out>${xml(`warning: ${message}`)}</system-out>`;
    default:
      return '';
  }
}

interface Tally {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  time: number;
}

function tally(checks: readonly SummaryCheck[]): Tally {
  const count = (outcomes: readonly string[]) => checks.filter((c) => outcomes.includes(c.outcome)).length;
  return {
    tests: checks.length,
    failures: count(['failed', 'unexpected-pass']),
    errors: count(['errored']),
    skipped: count(['skipped', 'expected']),
    time: checks.reduce((sum, check) => sum + (check.durationMs ?? 0), 0),
  };
}

function counts(t: Tally): string {
  return `tests="${t.tests}" failures="${t.failures}" errors="${t.errors}" skipped="${t.skipped}" time="${seconds(t.time)}"`;
}

function testcase(check: SummaryCheck): string {
  const ids = check.requirements.length > 0 ? ` [${check.requirements.join(', ')}]` : '';
  const open = `<testcase classname="${xml(check.file)}" name="${xml(`${check.title}${ids}`)}" time="${seconds(check.durationMs)}"`;
  const inner = verdictElement(check);
  return inner === '' ? `${open}/>` : `${open}>\n            ${inner}\n        </testcase>`;
}

/** Why the run itself is not whole: a stop, then each harness error. */
function runProblems(summary: Summary): string[] {
  const stop =
    summary.stoppedBy === undefined
      ? []
      : [
          `the run was ${summary.stoppedBy === 'deadline' ? 'stopped by its deadline' : `interrupted by ${summary.stoppedBy}`}: ${summary.checks.filter(wasNotRun).length} of ${summary.checks.length} selected check(s) did not run`,
        ];
  return [...stop, ...summary.harnessErrors];
}

const RUN_SUITE = 'conformance run';

export function renderJunit(summary: Summary): string {
  const byFile = new Map<string, SummaryCheck[]>();
  for (const check of summary.checks) byFile.set(check.file, [...(byFile.get(check.file) ?? []), check]);
  const suites = [...byFile].map(
    ([file, checks]) =>
      `<testsuite name="${xml(file)}" timestamp="${summary.startedAt}" ${counts(tally(checks))}>\n        ${checks.map(testcase).join('\n        ')}\n    </testsuite>`,
  );
  const problems = runProblems(summary);
  if (problems.length > 0) {
    const cases = problems.map(
      (problem) =>
        `<testcase classname="${RUN_SUITE}" name="${xml(firstLine(problem))}" time="0.000">\n            <error type="run" message="${xml(firstLine(problem))}">${xml(problem)}</error>\n        </testcase>`,
    );
    suites.push(
      `<testsuite name="${RUN_SUITE}" timestamp="${summary.startedAt}" tests="${problems.length}" failures="0" errors="${problems.length}" skipped="0" time="0.000">\n        ${cases.join('\n        ')}\n    </testsuite>`,
    );
  }
  const all = tally(summary.checks);
  const total = counts({
    ...all,
    tests: all.tests + problems.length,
    errors: all.errors + problems.length,
    time: summary.durationMs,
  });
  return `<?xml version="1.0" encoding="UTF-8" ?>\n<testsuites name="conformance" ${total}>\n    ${suites.join('\n    ')}\n</testsuites>\n`;
}

/** Writes junit.xml whole or not at all (a process killed mid-way leaves none, never half of one). */
export function writeJunit(reportDir: string, summary: Summary): void {
  writeWhole(reportPath(reportDir, 'junit.xml'), renderJunit(summary));
}
