import { describe, expect, it } from 'vitest';
import { defaultLanes, LANE_BYTES, openLanes, SELF_TEST_BASE_BYTES } from './lanes.ts';

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

describe('opening the lanes', () => {
  /** Lanes that open in turn, the `failing`th refusing; which were closed. */
  function lanes(failing?: number) {
    const closed: number[] = [];
    let opened = 0;
    const open = () => {
      opened += 1;
      const lane = opened;
      return lane === failing
        ? Promise.reject(new Error('vitest could not start\n    at a stack frame'))
        : Promise.resolve({ lane, close: () => Promise.resolve(void closed.push(lane)) });
    };
    return { closed, open };
  }

  it('opens every lane side by side and closes none', async () => {
    const { closed, open } = lanes();
    expect((await openLanes(3, open)).map(({ lane }) => lane)).toEqual([1, 2, 3]);
    expect(closed).toEqual([]);
  });

  it('closes the lanes that did open when one cannot, and says why in one line', async () => {
    const { closed, open } = lanes(2);
    await expect(openLanes(3, open)).rejects.toThrow(
      /^1 of 3 self-test lane\(s\) could not open: vitest could not start$/,
    );
    expect(closed.sort()).toEqual([1, 3]);
  });
});
