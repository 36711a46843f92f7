import { describe, expect, it } from 'vitest';
import { buildSummary, type Summary, type SummaryCheck } from '../report/summary.ts';
import { coverageLost } from './coverage-lost.ts';

function check(id: string, requirements: string[], extra: Partial<SummaryCheck> = {}): SummaryCheck {
  return {
    id,
    requirements,
    status: extra.outcome === 'skipped' ? 'skipped' : 'passed',
    outcome: 'passed',
    title: id,
    file: 'suites/x/y.test.ts',
    ...extra,
  };
}

function run(seed: number, checks: SummaryCheck[]): Summary {
  return buildSummary({
    seed,
    target: 'http://impl/api/v1',
    startedAt: new Date(0),
    durationMs: 1,
    checks,
    harnessErrors: [],
  });
}

/** The model check, with how often its draw reached each transition. */
const model = (times: Record<string, number>): SummaryCheck =>
  check('stateful.account.model', Object.keys(times), {
    coverage: Object.entries(times).map(([requirement, n]) => ({
      requirement,
      value: `exercised ${n} time(s)`,
      times: n,
    })),
  });

describe('coverageLost', () => {
  it('names a requirement no check of the head ran for, when the head took the same checks', () => {
    const base = run(1, [check('a', ['LIM-01', 'LIM-02']), check('b', ['LIM-02'])]);
    const head = run(1, [
      check('a', ['LIM-01', 'LIM-02'], { outcome: 'skipped', message: 'the keyring has no "other" key' }),
      check('b', ['LIM-02']),
    ]);
    expect(coverageLost(base, head)).toEqual([{ requirement: 'LIM-01', kind: 'requirement', checks: ['a'] }]);
  });

  it('names nothing when the head took other checks (--only, --requirement): a choice, not a loss', () => {
    const base = run(1, [check('a', ['LIM-01']), check('b', ['LIM-02'])]);
    expect(coverageLost(base, run(1, [check('b', ['LIM-02'])]))).toEqual([]);
  });

  it('names a transition no history of the head reached, between runs of the same seed only', () => {
    const base = run(7, [model({ 'KB-REFRESH-10': 5, 'LIM-01': 1 })]);
    const sameSeed = run(7, [model({ 'KB-REFRESH-10': 0, 'LIM-01': 3 })]);
    expect(coverageLost(base, sameSeed)).toEqual([
      { requirement: 'KB-REFRESH-10', kind: 'transition', checks: ['stateful.account.model'] },
    ]);
    // Another seed draws other histories: what one reached and the other did not is chance.
    expect(coverageLost(base, run(8, [model({ 'KB-REFRESH-10': 0, 'LIM-01': 3 })]))).toEqual([]);
  });
});
