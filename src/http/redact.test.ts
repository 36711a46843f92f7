import { describe, expect, it } from 'vitest';
import { makeRedactor, REDACTED_KEY } from './redact.ts';

describe('makeRedactor', () => {
  it('replaces known secrets even when they do not look like keys', () => {
    const redact = makeRedactor(['s3cr3t-token']);
    expect(redact('Bearer s3cr3t-token and s3cr3t-token')).toBe(`Bearer ${REDACTED_KEY} and ${REDACTED_KEY}`);
  });

  it('replaces anything shaped like an API key', () => {
    const redact = makeRedactor([]);
    expect(redact('{"key":"svc_ai_AbC123-xyz"}')).toBe(`{"key":"${REDACTED_KEY}"}`);
  });

  it('is idempotent on already redacted text', () => {
    const redact = makeRedactor(['svc_ai_abc']);
    const once = redact('svc_ai_abc');
    expect(redact(once)).toBe(once);
  });
});
