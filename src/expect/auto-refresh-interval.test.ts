import { describe, expect, it } from 'vitest';
import { ConformanceFailure } from './failure.ts';
import {
  afterBody,
  documentedIntervalDays,
  expectIntervalDays,
  NOTHING_SET,
  type IntervalHistory,
} from './auto-refresh-interval.ts';

/** The documented intervalDays after sending `bodies` in order to a new base. */
function documentedAfter(...bodies: Record<string, unknown>[]): number | undefined {
  let history: IntervalHistory = NOTHING_SET;
  let documented: number | undefined;
  for (const body of bodies) {
    history = afterBody(history, body);
    documented = documentedIntervalDays(history, body);
  }
  return documented;
}

/** Whether `shown` passes after `bodies`. */
function passes(shown: unknown, ...bodies: Record<string, unknown>[]): boolean {
  try {
    expectIntervalDays(undefined, shown, documentedAfter(...bodies), 'the list');
    return true;
  } catch (error) {
    if (error instanceof ConformanceFailure) return false;
    throw error;
  }
}

describe('the intervalDays a base shows', () => {
  it('is the default 3 on a disabled base never given an interval nor turned on', () => {
    expect(passes(3, { enabled: false })).toBe(true);
    expect(passes(1, { enabled: false })).toBe(false);
    expect(passes(null, { enabled: false }, { enabled: false })).toBe(false);
  });

  it('is open once an interval was sent with enabled false: the default 3 and the value sent both pass', () => {
    // The example: {"enabled": false, "intervalDays": 1} listed with intervalDays 1.
    expect(passes(1, { enabled: false, intervalDays: 1 })).toBe(true);
    expect(passes(3, { enabled: false, intervalDays: 1 })).toBe(true);
  });

  it('is open after disabling again: the default 3 and the interval last set both pass', () => {
    expect(passes(3, { enabled: true, intervalDays: 9 }, { enabled: false })).toBe(true);
    expect(passes(9, { enabled: true, intervalDays: 9 }, { enabled: false })).toBe(true);
    expect(passes(3, { enabled: true }, { enabled: false })).toBe(true);
    expect(passes(7, { enabled: true }, { enabled: false })).toBe(true);
  });

  it('is the days sent when enabling with intervalDays alone, whatever came before', () => {
    expect(passes(5, { enabled: true, intervalDays: 5 })).toBe(true);
    expect(passes(3, { enabled: true, intervalDays: 5 })).toBe(false);
    expect(passes(2, { enabled: false, intervalDays: 9 }, { enabled: true, intervalDays: 2 })).toBe(true);
    expect(passes(9, { enabled: false, intervalDays: 9 }, { enabled: true, intervalDays: 2 })).toBe(false);
  });

  it('is open when days and hours come together, or an enable carries no interval', () => {
    expect(documentedAfter({ enabled: true, intervalDays: 1, intervalHours: 12 })).toBeUndefined();
    expect(passes(1.5, { enabled: true, intervalDays: 1, intervalHours: 12 })).toBe(true);
    expect(passes(1, { enabled: true, intervalDays: 1, intervalHours: 12 })).toBe(true);
    expect(documentedAfter({ enabled: true })).toBeUndefined();
  });
});
