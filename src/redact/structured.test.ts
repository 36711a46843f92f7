import { describe, expect, it } from 'vitest';
import { makeRedactor, REDACTED_KEY, REDACTED_SHARE_TOKEN } from './secrets.ts';
import { redactJsonText, redactStrings } from './structured.ts';

describe('redactStrings', () => {
  it('redacts string values, never field names, numbers or the reports’ own vocabulary', () => {
    // A key of eight characters that is also a field name, an outcome and part of a message.
    const redact = makeRedactor(['observed', 'requirements']);
    const summary = {
      durationMs: 8123,
      requirements: ['VOICE-12'],
      checks: [
        {
          outcome: 'observed',
          status: 'passed',
          message: 'the key observed echoed, requirements too',
          observations: [{ requirement: 'VOICE-12', value: 'con_sh_abc123' }],
        },
      ],
    };
    expect(redactStrings(summary, redact)).toEqual({
      durationMs: 8123,
      requirements: ['VOICE-12'],
      checks: [
        {
          outcome: 'observed',
          status: 'passed',
          message: `the key ${REDACTED_KEY} echoed, ${REDACTED_KEY} too`,
          observations: [{ requirement: 'VOICE-12', value: REDACTED_SHARE_TOKEN }],
        },
      ],
    });
  });

  it('redacts a key or share token an answer put under a vocabulary field name', () => {
    const redact = makeRedactor(['svc_ai_0123456789abcdef']);
    const answer = {
      json: { status: 'con_sh_abcdefgh1234', source: 'see svc_ai_0123456789abcdef', type: 'text' },
    };
    expect(redactStrings(answer, redact)).toEqual({
      json: { status: REDACTED_SHARE_TOKEN, source: `see ${REDACTED_KEY}`, type: 'text' },
    });
  });
});

describe('redactJsonText', () => {
  it('keeps JSON valid whatever the key looks like, and keeps text that needs nothing as it was', () => {
    const key = 'svc_"ai\\12345678';
    const redact = makeRedactor([key, '12345678']);
    const text = `${JSON.stringify({ n: 12345678, name: `a ${key} b`, other: 'x' }, null, 2)}\n`;
    const clean = redactJsonText(text, redact);
    expect(JSON.parse(clean)).toEqual({ n: 12345678, name: `a ${REDACTED_KEY} b`, other: 'x' });
    expect(clean.endsWith('}\n')).toBe(true);
    const untouched = '{"a":  "nothing secret"}';
    expect(redactJsonText(untouched, redact)).toBe(untouched);
  });

  it('redacts text that is not JSON as plain text', () => {
    expect(redactJsonText('{ broken svc_ai_abc123', makeRedactor([]))).toBe(`{ broken ${REDACTED_KEY}`);
  });
});
