import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ProvidedTarget } from '../context/provided.ts';
import { installCheckCopies, type CheckCopies } from './check-copies.ts';
import { check } from './check.ts';

/** What each registered copy saw: its tag and the base URL of its target. */
const ran: Array<[string | undefined, string]> = [];

function toyTarget(tag: string): ProvidedTarget {
  return {
    baseUrl: `http://${tag}.invalid/api/v1`,
    keyring: { keys: {} },
    runPrefix: 'cfrun0000000000000000000',
    fixtureBaseUrl: 'http://127.0.0.1:1',
    fixtureLocalUrl: 'http://127.0.0.1:1',
    propertyRuns: 1,
    seed: 1,
    requestTimeoutMs: 1_000,
    maxBodyBytes: 1_000,
  };
}

/** Two copies of every check of this file citing ACCT-01, and a third the hook has settled already. */
const toyCopies: CheckCopies = {
  tagsOf: (file, requirements) =>
    file.endsWith('check-copies.test.ts') && requirements.includes('ACCT-01') ? ['a', 'b', 'settled'] : [],
  targetOf: toyTarget,
  skipReason: (tag) => (tag === 'settled' ? 'an earlier copy settled it' : undefined),
  failed: () => {},
};

// Installed while this file is collected and run: check() asks the hook as it registers.
installCheckCopies(toyCopies);
// Allure's labels say on the console that no Allure runtime listens, once per label.
const quiet = vi.spyOn(console, 'log').mockImplementation(() => {});
afterAll(() => {
  installCheckCopies(undefined);
  quiet.mockRestore();
});

describe('check() under a CheckCopies hook (the self-test supplies one)', () => {
  check('toy.copied', ['ACCT-01'], 'a check the hook copies', async ({ target, task }) => {
    ran.push([task.meta.check?.fault, target.baseUrl]);
  });
  check('toy.not-copied', ['CONV-01'], 'a check the hook gives no tag', async ({ target }) => {
    ran.push([undefined, target.baseUrl]);
  });

  it('registers one copy per tag, each against its own target, skips a settled one, and no other', () => {
    expect(ran).toEqual([
      ['a', 'http://a.invalid/api/v1'],
      ['b', 'http://b.invalid/api/v1'],
    ]);
  });
});
