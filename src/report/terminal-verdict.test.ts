import { describe, expect, it } from 'vitest';
import { applyExpectations } from '../expectations/apply.ts';
import { summaryCheck, summaryOf } from '../testing/summary-checks.ts';
import { exitCodeOf, type SummaryCheck } from './summary.ts';
import { exitLine, verdictLines } from './terminal-verdict.ts';

function check(
  id: string,
  outcome: SummaryCheck['outcome'],
  requirements: string[],
  message?: string,
): SummaryCheck {
  return summaryCheck(id, outcome, {
    requirements,
    title: id,
    file: 'suites/kb/a.test.ts',
    ...(message ? { message } : {}),
  });
}

const lastLine = (summary: ReturnType<typeof summaryOf>, code: number = exitCodeOf(summary)) =>
  exitLine(summary, code);

describe('the last line of a run states its exit status and why', () => {
  it('exit 1: counts the failed checks and the requirements they fail', () => {
    const summary = summaryOf([
      check('a', 'failed', ['KB-1']),
      check('b', 'failed', ['KB-1', 'KB-2']),
      check('c', 'unexpected-pass', ['KB-2']),
      check('d', 'passed', ['KB-3']),
    ]);
    expect(lastLine(summary)).toBe(
      'exit 1: 3 checks failed in 2 requirements (1 of them an unexpected pass: a stale expectations entry)',
    );
  });

  it('exit 0: conformant, naming the known deviations', () => {
    expect(
      lastLine(summaryOf([check('a', 'passed', []), check('b', 'expected', []), check('c', 'expected', [])])),
    ).toBe('exit 0: conformant, 2 known deviations');
    expect(lastLine(summaryOf([check('a', 'passed', [])]))).toBe('exit 0: conformant');
  });

  it('exit 130: how far an interrupted run got through its selection', () => {
    const summary = summaryOf(
      [
        check('a', 'passed', []),
        check('b', 'failed', []),
        check('c', 'skipped', [], 'not run: the run was interrupted (SIGINT)'),
      ],
      { stoppedBy: 'SIGINT' },
    );
    expect(lastLine(summary, 130)).toBe('exit 130: interrupted after 2 of 3 checks');
  });

  it('exit 2: the most telling reason a run was not carried out', () => {
    expect(lastLine(summaryOf([check('a', 'errored', [])]))).toBe(
      'exit 2: 1 check errored (the harness or the network broke: not a verdict)',
    );
    expect(lastLine(summaryOf([], { harnessErrors: ['no check ran: x', 'y'] }))).toBe(
      'exit 2: no check ran: x (and 1 more harness error(s))',
    );
    const deadline = summaryOf(
      [check('a', 'passed', []), check('b', 'errored', [], "not run: the run's deadline (6s) passed")],
      { stoppedBy: 'deadline' },
    );
    expect(lastLine(deadline)).toBe("exit 2: the run's deadline passed after 1 of 2 checks");
  });
});

describe('failures on the terminal', () => {
  it('word each failure as the suite does, and list known deviations as expected', () => {
    const lines = verdictLines(
      summaryOf([
        check('kb.fourth', 'failed', ['KB-ATTACH-04'], 'expected HTTP 400, got 200\n  curl -X POST …'),
        check('kb.net', 'errored', [], 'TypeError: fetch failed'),
        { ...check('kb.known', 'expected', []), expectation: { entry: 3, reason: 'tracked upstream' } },
        check('kb.later', 'skipped', [], 'not run: the run was interrupted (SIGINT)'),
      ]),
    );
    expect(lines).toEqual([
      'conformance: 2 failures:',
      '  ✗ kb.fourth [KB-ATTACH-04]',
      '      expected HTTP 400, got 200',
      '        curl -X POST …',
      '  ✗ kb.net (errored: not a verdict)',
      '      TypeError: fetch failed',
      'conformance: 1 known deviation (expected by the expectations file):',
      '  ~ kb.known: expectations entry 3: tracked upstream',
    ]);
  });

  it('name the expired expectations entry in the failure it no longer excuses', () => {
    const { checks } = applyExpectations(
      [check('kb.fourth', 'failed', ['KB-ATTACH-04'], 'expected HTTP 400, got 200')],
      [{ entry: 2, check: 'kb.*', expect: 'failed', reason: 'r', expires: '2026-01-01' }],
      '2026-11-27',
    );
    expect(verdictLines(summaryOf(checks))).toContain(
      '        expectations entry 2 (check kb.*) expired on 2026-01-01: it excuses nothing now',
    );
  });
});
