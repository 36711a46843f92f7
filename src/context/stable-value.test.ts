import { describe, expect, it } from 'vitest';
import { stableValue } from './stable-value.ts';

describe('stableValue', () => {
  it('replaces the run prefix, object ids, UUIDs and timestamps, and keeps the rest', () => {
    expect(
      stableValue(
        'assistant cfabc123def-four-bases-1 (64b7f0c2a1b2c3d4e5f60718) base 3f2b8c1e-9d4a-4e6b-8f0a-1c2d3e4f5a6b at 2026-11-25T07:30:00.123Z: 400',
        'cfabc123def',
      ),
    ).toBe('assistant <run>-four-bases-1 (<id>) base <uuid> at <time>: 400');
  });

  it('replaces a time given to the minute, with or without its offset', () => {
    expect(stableValue('due 2026-11-25T07:30Z, sent 2026-11-25T07:30+01:00', '')).toBe(
      'due <time>, sent <time>',
    );
  });

  it('leaves a value without such parts as it is', () => {
    expect(stableValue('HTTP 403, code "scope_denied"', 'cfabc123def')).toBe('HTTP 403, code "scope_denied"');
  });
});
