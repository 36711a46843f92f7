/**
 * The critical path of a recorded run: per check file, how many of its requests had to wait for
 * the one before. Pure, so that the definition can be tested on hand-made timelines.
 */

/** A request's place in time, as exchanges.har records it, and the check file that made it. */
export interface TimedRequest {
  file: string;
  startMs: number;
  endMs: number;
}

export interface FileChain {
  file: string;
  /** Sequential steps: requests that began after the previous request of the file had ended. */
  steps: number;
  requests: number;
}

/**
 * The HAR's times are whole milliseconds (start = Date.now() at the end − the rounded duration),
 * so a request sent right after its predecessor's answer can appear to start up to 1.5 ms before
 * that answer ended. Only a larger overlap means the two were in flight together.
 */
const ROUNDING_SLACK_MS = 1;

export const CHAIN_DEFINITION =
  `chain of a check file = its requests in start order; one that starts more than ${ROUNDING_SLACK_MS} ms ` +
  'before the previous one of the file ended is concurrent with it, any other is a new sequential step; ' +
  'critical-path bound = max over files of steps × added latency';

/** Every file's chain, longest first (ties by name, so the output is stable). */
export function fileChains(requests: readonly TimedRequest[]): FileChain[] {
  const byFile = new Map<string, TimedRequest[]>();
  for (const request of requests) {
    const list = byFile.get(request.file);
    if (list) list.push(request);
    else byFile.set(request.file, [request]);
  }
  const chains = [...byFile].map(([file, list]): FileChain => {
    const ordered = [...list].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
    let steps = 0;
    let previousEnd = Number.NEGATIVE_INFINITY;
    for (const { startMs, endMs } of ordered) {
      if (startMs >= previousEnd - ROUNDING_SLACK_MS) steps += 1;
      previousEnd = endMs;
    }
    return { file, steps, requests: list.length };
  });
  return chains.sort((a, b) => b.steps - a.steps || a.file.localeCompare(b.file));
}

/**
 * The most check files in flight at once, a file being in flight from its first request's start
 * to its last request's end: how many files the run actually ran side by side (vitest's worker
 * count depends on the run's flags and the machine; the recording shows what happened).
 */
export function peakFilesInFlight(requests: readonly TimedRequest[]): number {
  const spans = new Map<string, { startMs: number; endMs: number }>();
  for (const { file, startMs, endMs } of requests) {
    const span = spans.get(file);
    if (!span) spans.set(file, { startMs, endMs });
    else {
      span.startMs = Math.min(span.startMs, startMs);
      span.endMs = Math.max(span.endMs, endMs);
    }
  }
  // Ends sort before starts at the same instant: a file that begins as another ends is not beside it.
  const events = [...spans.values()]
    .flatMap(({ startMs, endMs }) => [
      { at: startMs, change: 1 },
      { at: endMs, change: -1 },
    ])
    .sort((a, b) => a.at - b.at || a.change - b.change);
  let inFlight = 0;
  let peak = 0;
  for (const { change } of events) {
    inFlight += change;
    peak = Math.max(peak, inFlight);
  }
  return peak;
}
