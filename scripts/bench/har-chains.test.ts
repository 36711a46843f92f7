import { describe, expect, it } from 'vitest';
import { fileChains, peakFilesInFlight, type TimedRequest } from './har-chains.ts';

const at = (file: string, startMs: number, endMs: number): TimedRequest => ({ file, startMs, endMs });

describe('fileChains', () => {
  it('counts one step per request when each starts after the previous one ended', () => {
    expect(fileChains([at('a', 0, 20), at('a', 20, 40), at('a', 45, 70)])).toEqual([
      { file: 'a', steps: 3, requests: 3 },
    ]);
  });

  it('counts requests in flight together as one step', () => {
    // Two sent together (Promise.all), then one after both answered.
    expect(fileChains([at('a', 0, 20), at('a', 0, 25), at('a', 26, 46)])).toEqual([
      { file: 'a', steps: 2, requests: 3 },
    ]);
  });

  it('compares with the previous request only, not the longest one before it', () => {
    // b starts while a runs; c starts after b ended but while a still runs: a new step after b.
    expect(fileChains([at('a', 0, 100), at('a', 5, 30), at('a', 40, 60)])[0]?.steps).toBe(2);
  });

  it('takes an overlap of up to 1 ms for the rounding of whole milliseconds, not concurrency', () => {
    expect(fileChains([at('a', 0, 20), at('a', 19, 40)])[0]?.steps).toBe(2);
    expect(fileChains([at('a', 0, 20), at('a', 18, 40)])[0]?.steps).toBe(1);
  });

  it('orders by start whatever the order of the recording (the HAR is in order of end)', () => {
    expect(fileChains([at('a', 30, 50), at('a', 0, 20)])[0]?.steps).toBe(2);
  });

  it('keeps files apart and puts the longest chain first', () => {
    const chains = fileChains([at('short', 0, 20), at('long', 0, 20), at('long', 20, 40), at('short', 5, 9)]);
    expect(chains).toEqual([
      { file: 'long', steps: 2, requests: 2 },
      { file: 'short', steps: 1, requests: 2 },
    ]);
  });

  it('is empty for no requests', () => {
    expect(fileChains([])).toEqual([]);
  });
});

describe('peakFilesInFlight', () => {
  it('counts files whose first-to-last request spans overlap', () => {
    // a: 0–50 and b: 10–30 overlap; c starts as a ends.
    const requests = [at('a', 0, 20), at('a', 30, 50), at('b', 10, 30), at('c', 50, 60)];
    expect(peakFilesInFlight(requests)).toBe(2);
  });

  it('is 1 for files one after the other and 0 for no requests', () => {
    expect(peakFilesInFlight([at('a', 0, 20), at('b', 20, 40), at('c', 41, 60)])).toBe(1);
    expect(peakFilesInFlight([])).toBe(0);
  });
});
