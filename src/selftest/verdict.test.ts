import { describe, expect, it } from 'vitest';
import type { FaultDefinition } from '../reference/fault-catalog.ts';
import { buildSummary, type Outcome, type Summary, type SummaryCheck } from '../report/summary.ts';
import type { ChildRun } from './child-run.ts';
import { failingIds, formatScore, formatVerdict, judgeFault, scoreOf, type FaultVerdict } from './verdict.ts';

const fault: FaultDefinition = {
  id: 'auth.expiry-ignored',
  module: 'auth',
  requirement: 'ERR-06',
  breaks: 'an expired key is accepted',
};
const FILES = ['suites/errors/auth-errors.test.ts'];

function checkOf(id: string, outcome: Outcome, message?: string): SummaryCheck {
  const status =
    outcome === 'skipped' ? 'skipped' : outcome === 'failed' || outcome === 'errored' ? 'failed' : 'passed';
  return {
    id,
    requirements: ['ERR-06'],
    status,
    outcome,
    title: id,
    file: FILES[0] ?? '',
    ...(message ? { message } : {}),
  };
}

function summaryOf(checks: SummaryCheck[], harnessErrors: string[] = []): Summary {
  return buildSummary({ target: 't', startedAt: new Date(0), durationMs: 1, checks, harnessErrors });
}

function runOf(summary: Summary | undefined, extra: Partial<ChildRun> = {}): ChildRun {
  return { exitCode: 1, timedOut: false, durationMs: 4200, summary, reportDir: 'r', ...extra };
}

const judge = (run: ChildRun | undefined, baseline: string[] = [], files = FILES) =>
  judgeFault(fault, files, run, new Set(baseline));
const reasonOf = (verdict: FaultVerdict) => (verdict.caught ? '' : verdict.reason);

describe('judging a fault run', () => {
  it('is caught by checks that fail with the fault and pass without it', () => {
    const verdict = judge(
      runOf(summaryOf([checkOf('a', 'failed'), checkOf('b', 'failed'), checkOf('c', 'passed')])),
      ['b'],
    );
    expect(verdict).toMatchObject({ caught: true, by: ['a'], durationMs: 4200 });
  });

  it('survives when no check cites the requirement', () => {
    expect(reasonOf(judge(undefined, [], []))).toBe('no check cites ERR-06');
  });

  it('survives when only checks failing without the fault fail', () => {
    expect(reasonOf(judge(runOf(summaryOf([checkOf('b', 'failed')])), ['b']))).toMatch(
      /only checks that also fail without the fault failed \(b\)/,
    );
  });

  it('does not count an errored check (no verdict) as a catch', () => {
    expect(reasonOf(judge(runOf(summaryOf([checkOf('a', 'errored', 'TypeError: x\nstack')]))))).toBe(
      '1 check(s) errored, which is no verdict: TypeError: x',
    );
  });

  it('survives when the citing checks pass, are skipped or none runs', () => {
    expect(
      reasonOf(
        judge(runOf(summaryOf([checkOf('a', 'passed'), checkOf('w', 'warned'), checkOf('s', 'skipped')]))),
      ),
    ).toBe('the 2 check(s) citing ERR-06 passed');
    expect(reasonOf(judge(runOf(summaryOf([checkOf('s', 'skipped')]))))).toBe(
      'the 1 check(s) citing ERR-06 were all skipped',
    );
    expect(reasonOf(judge(runOf(summaryOf([]))))).toBe('no check citing ERR-06 ran');
  });

  it('survives a run that broke, timed out or wrote no summary', () => {
    expect(reasonOf(judge(runOf(summaryOf([], ['suites/x.test.ts: cannot load']))))).toBe(
      'the run broke: suites/x.test.ts: cannot load',
    );
    expect(reasonOf(judge(runOf(undefined, { timedOut: true, durationMs: 300_000 })))).toMatch(
      /did not finish in time \(300s\)/,
    );
    expect(reasonOf(judge(runOf(undefined, { exitCode: 2 })))).toBe(
      'the faulted run wrote no summary (exit status 2)',
    );
  });
});

describe('score and progress lines', () => {
  const caught: FaultVerdict = { fault, caught: true, durationMs: 4150, by: ['a', 'b', 'c'] };
  const survived: FaultVerdict = { fault, caught: false, durationMs: 0, reason: 'no check cites ERR-06' };

  it('prints the score as caught/total with one decimal', () => {
    const verdicts = [...Array<FaultVerdict>(58).fill(caught), survived, survived];
    expect(formatScore(scoreOf(verdicts))).toBe('mutation score: 58/60 (96.7%)');
    expect(formatScore(scoreOf([caught]))).toBe('mutation score: 1/1 (100.0%)');
    expect(formatScore(scoreOf([]))).toBe('mutation score: 0/0 (100.0%)');
  });

  it('writes one line per fault: outcome, id, requirement, duration, and who caught it or why not', () => {
    expect(formatVerdict(caught, 22)).toBe(
      'caught    auth.expiry-ignored     ERR-06            4.2s  by a and 2 more',
    );
    expect(formatVerdict(survived, 19)).toBe(
      'SURVIVED  auth.expiry-ignored  ERR-06            0.0s  no check cites ERR-06',
    );
  });

  it('collects the ids of the checks that did not pass', () => {
    expect(
      failingIds(summaryOf([checkOf('a', 'failed'), checkOf('e', 'errored'), checkOf('p', 'passed')])),
    ).toEqual(new Set(['a', 'e']));
    expect(failingIds(undefined)).toEqual(new Set());
  });
});
