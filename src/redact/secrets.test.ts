import { describe, expect, it } from 'vitest';
import {
  learnShareToken,
  makeRedactor,
  REDACTED_KEY,
  REDACTED_SHARE_TOKEN,
  redactShareTokens,
} from './secrets.ts';

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
    const once = redact('svc_ai_abc con_sh_abc');
    expect(redact(once)).toBe(once);
  });

  it('takes a key holding regular-expression characters literally', () => {
    const key = 'k.*+?^${}()|[]\\x';
    const redact = makeRedactor([key]);
    expect(redact(`a ${key} b`)).toBe(`a ${REDACTED_KEY} b`);
    // As a pattern `k.*` would swallow the rest of the line; taken literally it matches nothing here.
    expect(redact('kkkk and more')).toBe('kkkk and more');
  });

  it('finds a key also as escaped in a JSON string and as percent-encoded in a URL', () => {
    const key = 'svc"ai\\quote/slash';
    const redact = makeRedactor([key]);
    const json = JSON.stringify({ echoed: key });
    expect(JSON.parse(redact(json))).toEqual({ echoed: REDACTED_KEY });
    expect(redact(`/x?k=${encodeURIComponent(key)}`)).toBe(`/x?k=${REDACTED_KEY}`);
  });

  it('hides share-link tokens wherever they are seen, unless told not to', () => {
    const text = '{"data":"con_sh_4f9a2b-XYZ"} Bearer con_sh_abc';
    expect(makeRedactor([])(text)).toBe(`{"data":"${REDACTED_SHARE_TOKEN}"} Bearer ${REDACTED_SHARE_TOKEN}`);
    expect(redactShareTokens(text)).toBe(makeRedactor([])(text));
    expect(makeRedactor([], { shareTokens: false })(text)).toBe(text);
  });
});

describe('share tokens learnt during the run', () => {
  it('are hidden, whatever their shape, by redactors that hide share tokens, and kept by those that do not', () => {
    const token = 'plain-token-without-prefix-42';
    const hiding = makeRedactor([]);
    const keeping = makeRedactor([], { shareTokens: false });
    expect(hiding(`t=${token}`)).toBe(`t=${token}`);
    learnShareToken(token);
    expect(hiding(`t=${token}`)).toBe(`t=${REDACTED_SHARE_TOKEN}`);
    expect(hiding(JSON.stringify({ data: token }))).not.toContain(token);
    expect(keeping(`t=${token}`)).toBe(`t=${token}`);
  });
});
