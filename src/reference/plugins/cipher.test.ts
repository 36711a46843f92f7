import { describe, expect, it } from 'vitest';
import { FieldCipher } from './cipher.ts';

describe('FieldCipher — AES-256-GCM at rest', () => {
  it('round-trips, never equals the plaintext, and differs on every encryption', () => {
    const cipher = FieldCipher.withRandomKey();
    const sealed = cipher.encrypt('def _run(self): pass');
    expect(sealed).not.toContain('_run');
    expect(cipher.encrypt('def _run(self): pass')).not.toBe(sealed);
    expect(cipher.decrypt(sealed)).toBe('def _run(self): pass');
  });

  it('another server key cannot open it', () => {
    const sealed = FieldCipher.withRandomKey().encrypt('secret');
    expect(() => FieldCipher.withRandomKey().decrypt(sealed)).toThrow();
  });
});
