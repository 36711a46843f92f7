import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitCodeOf, type SummaryCheck } from '../report/summary.ts';
import { ConfigError } from '../target/config-error.ts';
import { applyExpectations } from './apply.ts';
import { loadExpectations, type Expectation } from './file.ts';
import { starterExpectations } from './starter.ts';
import { summaryCheck, summaryOf } from '../testing/summary-checks.ts';
import { scratchFolder } from '../testing/scratch-folder.ts';
import { thrownBy } from '../testing/thrown.ts';

const { dir, file: fileWith } = scratchFolder('expectations-');

function check(id: string, outcome: SummaryCheck['outcome'], requirements = ['KB-ATTACH-04']): SummaryCheck {
  return summaryCheck(id, outcome, {
    requirements,
    title: id,
    file: 'suites/x/y.test.ts',
    message: `${id} said so`,
  });
}

function entry(fields: Partial<Expectation>): Expectation {
  return { entry: 1, check: 'kb.attach.*', expect: 'failed', reason: 'tracked upstream', ...fields };
}

describe('loadExpectations', () => {
  it('reads JSON and YAML entries with every field', () => {
    const yaml = fileWith(
      'ok.yaml',
      'expectations:\n  - check: kb.attach.*\n    expect: failed\n    reason: tracked\n    link: https://issues.example/1\n    expires: 2027-01-31\n  - requirement: LIM-02\n    expect: skipped\n    reason: no key\n',
    );
    expect(loadExpectations(yaml)).toEqual([
      {
        entry: 1,
        check: 'kb.attach.*',
        expect: 'failed',
        reason: 'tracked',
        link: 'https://issues.example/1',
        expires: '2027-01-31',
      },
      { entry: 2, requirement: 'LIM-02', expect: 'skipped', reason: 'no key' },
    ]);
    const json = fileWith(
      'ok.json',
      JSON.stringify({ expectations: [{ check: 'a.b', expect: 'errored', reason: 'r' }] }),
    );
    expect(loadExpectations(json)).toEqual([{ entry: 1, check: 'a.b', expect: 'errored', reason: 'r' }]);
  });

  it.each([
    [
      'no-reason.yaml',
      'expectations:\n  - check: a.b\n    expect: failed\n',
      /entry 1: "reason" is required/,
    ],
    [
      'unknown.yaml',
      'expectations:\n  - check: a.b\n    expect: failed\n    reason: r\n    owner: me\n',
      /entry 1: unknown field "owner"/,
    ],
    [
      'both.yaml',
      'expectations:\n  - check: a.b\n    requirement: LIM-02\n    expect: failed\n    reason: r\n',
      /entry 1: give exactly one of "check"/,
    ],
    [
      'expect.yaml',
      'expectations:\n  - check: a.b\n    expect: passed\n    reason: r\n',
      /entry 1: "expect" must be one of failed, skipped, errored/,
    ],
    [
      'date.yaml',
      'expectations:\n  - check: a.b\n    expect: failed\n    reason: r\n    expires: 2027-02-30\n',
      /entry 1: "expires" must be a date/,
    ],
    ['shape.yaml', '- check: a.b\n', /must be an object whose "expectations" is a list/],
    ['broken.json', '{"expectations": [', /is not JSON or YAML/],
    ['extra.yaml', 'expectations: []\nversion: 2\n', /unknown field "version" beside "expectations"/],
  ])('%s: one line naming the file, the entry and the problem', (name, text, message) => {
    const path = fileWith(name, text);
    const refusal = thrownBy(ConfigError, () => loadExpectations(path)).message;
    expect(refusal).toMatch(message);
    expect(refusal).toContain(path);
    expect(refusal).not.toContain('\n');
  });

  it('names a file that cannot be read', () => {
    expect(() => loadExpectations(join(dir, 'missing.yaml'))).toThrow(
      /missing\.yaml: cannot be read \(ENOENT\)/,
    );
  });
});

describe('applyExpectations', () => {
  const today = '2026-11-25';

  it('reports a listed failure as expected, keeping its status, and the run exits 0', () => {
    const { checks, warnings } = applyExpectations([check('kb.attach.fourth', 'failed')], [entry({})], today);
    expect(checks[0]).toMatchObject({
      outcome: 'expected',
      status: 'failed',
      expectation: { entry: 1, reason: 'tracked upstream' },
    });
    expect(warnings).toEqual([]);
    const summary = summaryOf(checks);
    expect(exitCodeOf(summary)).toBe(0);
  });

  it('turns a listed check that passed into an unexpected pass that fails the run and says to delete the entry', () => {
    const { checks } = applyExpectations([check('kb.attach.fourth', 'passed')], [entry({})], today);
    expect(checks[0]).toMatchObject({ outcome: 'unexpected-pass', status: 'failed' });
    expect(checks[0]?.message).toMatch(
      /unexpected pass: expectations entry 1 .* but it passed; delete the entry/,
    );
    const summary = summaryOf(checks);
    expect(exitCodeOf(summary)).toBe(1);
  });

  it('excuses nothing past the expiry date, and says which entry expired', () => {
    const { checks, warnings } = applyExpectations(
      [check('kb.attach.fourth', 'failed')],
      [entry({ expires: '2026-11-24' })],
      today,
    );
    expect(checks[0]?.outcome).toBe('failed');
    expect(checks[0]?.message).toMatch(/expectations entry 1 \(check kb\.attach\.\*\) expired on 2026-11-24/);
    expect(warnings).toEqual(['expectations entry 1 (check kb.attach.*) expired on 2026-11-24']);
    expect(
      applyExpectations([check('kb.attach.fourth', 'failed')], [entry({ expires: today })], today).checks[0]
        ?.outcome,
    ).toBe('expected');
  });

  it('matches by requirement id, leaves other outcomes counted, and warns of an entry that matches nothing', () => {
    const { checks, warnings } = applyExpectations(
      [check('limits.a', 'errored', ['LIM-02']), check('voices.b', 'failed', ['VOICE-12'])],
      [
        entry({ check: undefined, requirement: 'LIM-02', expect: 'failed' }),
        entry({ entry: 2, check: 'nothing.*' }),
      ],
      today,
    );
    expect(checks[0]?.outcome).toBe('errored');
    expect(checks[0]?.message).toMatch(/expects failed, not errored/);
    expect(checks[1]?.outcome).toBe('failed');
    expect(warnings).toEqual(['expectations entry 2 (check nothing.*) matches no check of this run']);
  });
});

describe('starterExpectations', () => {
  it('lists every failed and errored check, and the file it prints excuses exactly those', () => {
    const run = summaryOf(
      [
        check('a.failed', 'failed'),
        check('a.errored', 'errored'),
        check('a.passed', 'passed'),
        check('a.skipped', 'skipped'),
      ],
      { target: 'http://127.0.0.1:1/api/v1', startedAt: new Date('2026-11-25T07:00:00Z') },
    );
    const path = fileWith('starter.yaml', starterExpectations(run));
    const entries = loadExpectations(path);
    expect(entries.map((e) => [e.check, e.expect])).toEqual([
      ['a.failed', 'failed'],
      ['a.errored', 'errored'],
    ]);
    expect(entries[0]?.reason).toBe('known deviation: a.failed said so');
    const applied = applyExpectations(run.checks, entries, '2026-11-25');
    expect(applied.checks.map((c) => c.outcome)).toEqual(['expected', 'expected', 'passed', 'skipped']);
  });
});
