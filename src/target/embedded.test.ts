import { describe, expect, it } from 'vitest';
import { KEYRING_ROLES } from './keyring-types.ts';
import { rolesWithoutKey, startEmbeddedTarget } from './embedded.ts';

describe('the embedded reference as a target', () => {
  it('starts with a usable key for every role of the keyring and the other account’s email', async () => {
    const target = await startEmbeddedTarget();
    try {
      expect(rolesWithoutKey(target.keyring)).toEqual([]);
      expect(target.keyring.accounts?.other?.email).toMatch(/@/);
    } finally {
      await target.close();
    }
  });

  it('names every role without a key: absent, not a string, or blank', () => {
    const keys = Object.fromEntries(KEYRING_ROLES.map((role) => [role, `svc_ai_${role}`]));
    expect(rolesWithoutKey({ keys })).toEqual([]);
    expect(
      rolesWithoutKey({
        keys: { ...keys, full: undefined, legacy: ' ', other: 7 as unknown as string },
      }),
    ).toEqual(['full', 'legacy', 'other']);
  });
});
