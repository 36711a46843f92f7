import { describe, expect, it } from 'vitest';
import { defaultLanes, LANE_BYTES, SELF_TEST_BASE_BYTES } from './lanes.ts';

const GB = 1024 ** 3;

describe('the self-test lanes by default', () => {
  it('runs two per CPU where the memory holds them', () => {
    expect(defaultLanes({ cores: 2, memoryBytes: 24 * GB })).toBe(4);
    expect(defaultLanes({ cores: 1, memoryBytes: 24 * GB })).toBe(2);
    expect(defaultLanes({ cores: 8, memoryBytes: 24 * GB })).toBe(16);
  });

  it('runs fewer where the memory (or the container) would not hold them, and one at least', () => {
    expect(defaultLanes({ cores: 8, memoryBytes: SELF_TEST_BASE_BYTES + 3 * LANE_BYTES })).toBe(3);
    expect(defaultLanes({ cores: 2, memoryBytes: SELF_TEST_BASE_BYTES + 3.5 * LANE_BYTES })).toBe(3);
    expect(defaultLanes({ cores: 2, memoryBytes: 0.5 * GB })).toBe(1);
    expect(defaultLanes({ cores: 2, memoryBytes: 0 })).toBe(1);
  });
});
