import { describe, expect, it } from 'vitest';
import { nodeOptionsFor } from './node-options.ts';

describe('nodeOptionsFor', () => {
  it("adds the tool's options to the caller's", () => {
    expect(nodeOptionsFor('--max-old-space-size=1024', '')).toBe('--max-old-space-size=1024');
    expect(nodeOptionsFor('--max-old-space-size=1024', '--enable-source-maps')).toBe(
      '--enable-source-maps --max-old-space-size=1024',
    );
  });

  it("keeps the caller's heap cap, and the caller's options when the tool has none", () => {
    expect(nodeOptionsFor('--max-old-space-size=1024', '--max-old-space-size=4096')).toBe(
      '--max-old-space-size=4096',
    );
    expect(nodeOptionsFor(undefined, '--enable-source-maps')).toBe('--enable-source-maps');
    expect(nodeOptionsFor(undefined)).toBe('');
  });
});
