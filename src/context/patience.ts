/**
 * How long a check waits for an effect it expects before it judges the last answer. An
 * implementation may index asynchronously (an embedding queue, an eventually consistent store) or
 * fetch a page in the background, and the document states no time for either; a check asks again
 * until the effect shows or its patience runs out. Only a check whose effect never shows waits it
 * out, so patience costs a correct implementation nothing.
 */
export interface Patience {
  /** A write showing in counts, stats and query answers. */
  indexMs: number;
  /** The server fetching a page: at a URL ingest, on refresh-now. */
  fetchMs: number;
}

export const DEFAULT_SETTLE_MS = 10_000;

/** `--settle DURATION`: the wait for a write to show; a page's fetch gets twice as long. */
export function patienceOf(settleMs: number = DEFAULT_SETTLE_MS): Patience {
  return { indexMs: settleMs, fetchMs: 2 * settleMs };
}
