import { describe, expect, it } from 'vitest';
import { KEYRING_ROLES, type Keyring } from '../target/keyring-types.ts';
import { certificationPrerequisites, certificationReasons, certify } from './certification.ts';
import { summaryOf } from '../testing/summary-checks.ts';
import { exitCodeOf, type SummaryCheck } from './summary.ts';

function check(id: string, outcome: SummaryCheck['outcome']): SummaryCheck {
  const status =
    outcome === 'skipped' ? 'skipped' : outcome === 'failed' || outcome === 'errored' ? 'failed' : 'passed';
  return { id, requirements: ['KB-ATTACH-04'], status, outcome, title: id, file: 'suites/x.test.ts' };
}

const COMPLETE: Keyring = {
  keys: Object.fromEntries(KEYRING_ROLES.map((role) => [role, `svc_ai_${role}_key`])),
  accounts: { other: { email: 'b@example.com' } },
  forbiddenRoutes: [{ method: 'GET', path: '/apikeys' }],
  unscopedRoutes: [{ method: 'GET', path: '/campaigns' }],
};

describe('certification prerequisites', () => {
  it('are met by a keyring with every role, both route lists and the other account’s email', () => {
    expect(certificationPrerequisites(COMPLETE)).toEqual([]);
  });

  it('name every missing role, an empty route list and the missing email', () => {
    const { revoked: _r, expired: _e, ...keys } = COMPLETE.keys;
    expect(
      certificationPrerequisites({ keys, forbiddenRoutes: [], unscopedRoutes: COMPLETE.unscopedRoutes }),
    ).toEqual([
      'the keyring lacks the role(s) revoked, expired',
      'the keyring lists no forbiddenRoutes',
      'the keyring has no accounts.other.email',
    ]);
  });
});

describe('certification verdict', () => {
  it('certifies a run where every check passed, warned or observed', () => {
    const summary = certify(summaryOf([check('a', 'passed'), check('b', 'warned'), check('c', 'observed')]));
    expect(summary.certified).toBe(true);
    expect(summary.certificationReasons).toEqual([]);
    expect(exitCodeOf(summary)).toBe(0);
    // The verdict comes before the long lists in summary.json.
    expect(Object.keys(summary).indexOf('certified')).toBeLessThan(Object.keys(summary).indexOf('checks'));
  });

  it('denies it for a failed check (exit 1), and for an errored or skipped check or a harness error (exit 2)', () => {
    const failed = certify(summaryOf([check('a', 'passed'), check('b', 'failed'), check('c', 'skipped')]));
    expect(failed.certified).toBe(false);
    expect(failed.certificationReasons).toEqual(['1 check(s) failed: b', '1 check(s) skipped: c']);
    expect(exitCodeOf(failed)).toBe(1);

    const skipped = certify(
      summaryOf(['a', 'b', 'c', 'd', 'e'].map((id) => check(id, 'skipped')).concat(check('f', 'passed'))),
    );
    expect(skipped.certificationReasons).toEqual(['5 check(s) skipped: a, b, c and 2 more']);
    expect(exitCodeOf(skipped)).toBe(2);
    expect(exitCodeOf(summaryOf(skipped.checks))).toBe(0);

    expect(certificationReasons(summaryOf([check('a', 'errored')]))).toEqual(['1 check(s) errored: a']);
    expect(
      certificationReasons(
        summaryOf([check('a', 'passed')], { harnessErrors: ['suites/x.test.ts: SyntaxError'] }),
      ),
    ).toEqual(['1 harness error(s): suites/x.test.ts: SyntaxError']);
    expect(certificationReasons(summaryOf([]))).toEqual(['no check ran']);
  });
});
