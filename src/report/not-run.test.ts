import { describe, expect, it } from 'vitest';
import { wasNotRun, withNotRun } from './not-run.ts';
import type { SummaryCheck } from './summary.ts';
import { indexedCheck } from '../testing/summary-checks.ts';

const indexed = (id: string) => indexedCheck(id);

const reported = (id: string, outcome: SummaryCheck['outcome'], message?: string): SummaryCheck => ({
  id,
  requirements: ['VOICE-12'],
  status: outcome === 'skipped' ? 'skipped' : 'passed',
  outcome,
  title: `t ${id}`,
  file: 'suites/voices/v.test.ts',
  ...(message !== undefined ? { message } : {}),
});

describe('a stopped run lists every selected check', () => {
  const selected = ['v.a', 'v.b', 'v.c', 'v.d'].map(indexed);
  const ran = [
    reported('v.a', 'passed'),
    reported('v.b', 'skipped', 'the test was aborted'),
    reported('v.c', 'skipped', 'not run'),
  ];

  it('after a signal: what finished as it ended, the rest skipped as not run, with the signal', () => {
    const checks = withNotRun(ran, selected, { by: 'SIGINT' });
    expect(checks.map((c) => [c.id, c.outcome, c.message])).toEqual([
      ['v.a', 'passed', undefined],
      ['v.b', 'skipped', 'not run: the run was interrupted (SIGINT)'],
      ['v.c', 'skipped', 'not run: the run was interrupted (SIGINT)'],
      ['v.d', 'skipped', 'not run: the run was interrupted (SIGINT)'],
    ]);
    expect(checks.filter(wasNotRun)).toHaveLength(3);
  });

  it('after the deadline: the rest errored, naming the deadline', () => {
    const checks = withNotRun(ran, selected, { by: 'deadline', deadline: '6s' });
    expect(checks.filter(wasNotRun).map((c) => [c.id, c.status, c.outcome])).toEqual([
      ['v.b', 'failed', 'errored'],
      ['v.c', 'failed', 'errored'],
      ['v.d', 'failed', 'errored'],
    ]);
    expect(checks[3]?.message).toBe(
      "not run: the run's deadline (6s) passed before it finished (--deadline)",
    );
  });

  it('a skip with a reason of its own is a finished check, not one the stop cut', () => {
    const keyring = reported('v.a', 'skipped', 'the keyring has no "other" key');
    expect(wasNotRun(keyring)).toBe(false);
    expect(withNotRun([keyring], [indexed('v.a')], { by: 'SIGTERM' })).toEqual([keyring]);
  });
});
