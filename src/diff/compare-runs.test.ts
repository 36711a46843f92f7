import { describe, expect, it } from 'vitest';
import { buildSummary, type Summary, type SummaryCheck } from '../report/summary.ts';
import { ConfigError } from '../target/config-error.ts';
import { diffRuns, isUnchanged } from './compare-runs.ts';
import { renderMarkdown, renderText } from './render.ts';

function check(
  id: string,
  outcome: SummaryCheck['outcome'],
  extra: Partial<SummaryCheck> = {},
): SummaryCheck {
  const status =
    outcome === 'skipped'
      ? 'skipped'
      : ['failed', 'errored', 'unexpected-pass'].includes(outcome)
        ? 'failed'
        : 'passed';
  return {
    id,
    requirements: [`REQ-${id}`],
    status,
    outcome,
    title: id,
    file: 'suites/x/y.test.ts',
    ...extra,
  };
}

function run(checks: SummaryCheck[]): Summary {
  return buildSummary({
    target: 'http://impl/api/v1',
    startedAt: new Date(0),
    durationMs: 1,
    checks,
    harnessErrors: [],
  });
}

describe('diffRuns', () => {
  it('finds nothing between two runs that differ only in durations', () => {
    const base = run([check('a', 'passed', { durationMs: 5 }), check('b', 'failed')]);
    const head = run([check('a', 'passed', { durationMs: 9 }), check('b', 'failed')]);
    const diff = diffRuns(base, head);
    expect(isUnchanged(diff)).toBe(true);
    expect(renderText(diff)).toMatch(/nothing changed$/);
  });

  it('sorts every kind of change, per check and per requirement', () => {
    const base = run([
      check('regress', 'passed'),
      check('fix', 'failed'),
      check('was-skipped', 'skipped'),
      check('was-known', 'expected'),
      check('lost', 'passed'),
      check('gone', 'passed'),
      check('obs', 'observed', { observations: [{ requirement: 'AUTH-19', value: 'HTTP 403' }] }),
    ]);
    const head = run([
      check('regress', 'errored', { message: 'HarnessError: broke\n  more' }),
      check('fix', 'warned'),
      check('was-skipped', 'failed'),
      check('was-known', 'unexpected-pass'),
      check('lost', 'skipped', { message: 'the keyring has no "legacy" key' }),
      check('new', 'failed'),
      check('obs', 'observed', { observations: [{ requirement: 'AUTH-19', value: 'HTTP 200' }] }),
    ]);
    const diff = diffRuns(base, head);
    const ids = (list: { id: string }[]) => list.map((c) => c.id);
    expect(ids(diff.regressed)).toEqual(['regress']);
    expect(diff.regressed[0]).toMatchObject({
      before: 'passed',
      after: 'errored',
      message: 'HarnessError: broke',
    });
    expect(ids(diff.fixed)).toEqual(['fix']);
    expect(ids(diff.newlyFailing)).toEqual(['was-skipped', 'was-known', 'new']);
    expect(ids(diff.newlySkipped)).toEqual(['lost']);
    expect(diff.newlySkipped[0]?.message).toBe('the keyring has no "legacy" key');
    expect(ids(diff.added)).toEqual(['new']);
    expect(ids(diff.removed)).toEqual(['gone']);
    expect(diff.observations).toEqual([
      { id: 'obs', requirement: 'AUTH-19', before: ['HTTP 403'], after: ['HTTP 200'] },
    ]);
    expect(diff.requirements).toEqual({ regressed: ['REQ-regress'], fixed: ['REQ-fix'] });
    const markdown = renderMarkdown(diff);
    expect(markdown).toContain('| `regress` | passed → errored | REQ-regress | HarnessError: broke |');
    expect(markdown).toContain('| `obs` | AUTH-19 | HTTP 403 | HTTP 200 |');
    expect(renderText(diff)).toContain('Requirements regressed: REQ-regress');
  });

  it('refuses summaries of different schema versions', () => {
    const old = { ...run([]), schemaVersion: undefined } as unknown as Summary;
    expect(() => diffRuns(old, run([]))).toThrow(ConfigError);
    expect(() => diffRuns(old, run([]))).toThrow(
      /cannot be compared: BASE has summary schemaVersion none, HEAD 1/,
    );
  });
});
