import { describe, expect, it } from 'vitest';
import type { Summary, SummaryCheck } from '../report/summary.ts';
import { ConfigError } from '../target/config-error.ts';
import { changesOf, diffRuns, isUnchanged } from './compare-runs.ts';
import { renderMarkdown, renderText } from './render.ts';
import { summaryCheck, summaryOf, transferGet, transferShare } from '../testing/summary-checks.ts';

const check = (id: string, outcome: SummaryCheck['outcome'], extra: Partial<SummaryCheck> = {}) =>
  summaryCheck(id, outcome, { requirements: [`REQ-${id}`], title: id, file: 'suites/x/y.test.ts', ...extra });

const run = (checks: SummaryCheck[]): Summary => summaryOf(checks, { target: 'http://impl/api/v1' });

describe('diffRuns', () => {
  it('finds nothing between two runs that differ only in durations', () => {
    const base = run([check('a', 'passed', { durationMs: 5 }), check('b', 'failed')]);
    const head = run([check('a', 'passed', { durationMs: 9 }), check('b', 'failed')]);
    const diff = diffRuns(base, head);
    expect(isUnchanged(diff)).toBe(true);
    expect(changesOf(diff)).toEqual({});
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

  it('compares what was observed in situations both runs reached, never what the runs exercised', () => {
    const model = (times: number, observations: SummaryCheck['observations']) =>
      check('model', 'passed', {
        observations,
        coverage: [
          { requirement: 'LIM-01', value: `exercised ${times} time(s)`, times },
          {
            requirement: 'PL-LIST-03',
            value: 'the collection changed while its pages were read: not judged',
          },
        ],
      });
    const base = run([model(3, [transferGet('400'), transferShare])]);
    expect(isUnchanged(diffRuns(base, run([model(1, [transferGet('400')])])))).toBe(true);
    const changed = diffRuns(base, run([model(3, [transferGet('HTTP 200')])]));
    expect(changed.observations).toEqual([
      {
        id: 'model',
        requirement: 'AS-TRANSFER-06',
        before: ['get after a transfer: 400'],
        after: ['get after a transfer: HTTP 200'],
      },
    ]);
  });

  it('reports coverage lost, in the text and the markdown, without failing the diff', () => {
    const base = run([check('a', 'passed')]);
    const diff = diffRuns(base, run([check('a', 'skipped', { message: 'the keyring has no "other" key' })]));
    expect(diff.coverageLost).toEqual([{ requirement: 'REQ-a', kind: 'requirement', checks: ['a'] }]);
    expect(isUnchanged(diff)).toBe(false);
    expect(Object.keys(changesOf(diff))).toEqual(['newlySkipped', 'coverageLost']);
    expect(renderText(diff)).toContain(
      'Coverage lost (exercised in the base, by no check of the head): 1\n  REQ-a (no check citing it ran; before: a)',
    );
    expect(renderMarkdown(diff)).toContain('- REQ-a (no check citing it ran; before: a)');
  });

  it('refuses summaries of different schema versions', () => {
    const old = { ...run([]), schemaVersion: undefined } as unknown as Summary;
    expect(() => diffRuns(old, run([]))).toThrow(ConfigError);
    expect(() => diffRuns(old, run([]))).toThrow(
      /cannot be compared: BASE has summary schemaVersion none, HEAD 1/,
    );
  });
});
