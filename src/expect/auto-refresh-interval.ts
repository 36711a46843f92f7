import type { Exchange } from '../http/exchange.ts';
import { ConformanceFailure } from './failure.ts';

/** "The list shows a default `intervalDays` of 3 on a base that has it disabled." */
export const DEFAULT_INTERVAL_DAYS = 3;

/** What the setAutoRefresh bodies sent to one base so far have set. */
export interface IntervalHistory {
  /** Some body carried intervalDays or intervalHours (whether enabled or not). */
  intervalSent: boolean;
  /** Some body turned auto-refresh on. */
  enabledSent: boolean;
}

export const NOTHING_SET: IntervalHistory = { intervalSent: false, enabledSent: false };

/** The history once `body` has been sent (recorded whatever the answer: a refused body may still have changed something). */
export function afterBody(history: IntervalHistory, body: Record<string, unknown>): IntervalHistory {
  return {
    intervalSent: history.intervalSent || 'intervalDays' in body || 'intervalHours' in body,
    enabledSent: history.enabledSent || body.enabled === true,
  };
}

/**
 * The intervalDays a base must show once `body` was the last setAutoRefresh sent (`history`
 * includes it), or undefined where the document leaves it open:
 * - enabled with intervalDays alone: the days sent ("intervalDays", the interval it sets);
 * - disabled, on a base never given an interval nor turned on: the default 3 (nothing was set);
 * - anything else is open: how days and hours combine, the interval of an enable without one,
 *   and what a base shows after an interval was sent or after it was disabled again (the default
 *   3 or the interval last set: both readings of "a default intervalDays of 3").
 */
export function documentedIntervalDays(
  history: IntervalHistory,
  body: Record<string, unknown>,
): number | undefined {
  if (body.enabled === true) {
    return typeof body.intervalDays === 'number' && !('intervalHours' in body)
      ? body.intervalDays
      : undefined;
  }
  if (body.enabled === false && !history.intervalSent && !history.enabledSent) return DEFAULT_INTERVAL_DAYS;
  return undefined;
}

/** The intervalDays shown (`where`: the list, the answer) is the documented one, when there is one. */
export function expectIntervalDays(
  exchange: Exchange | undefined,
  shown: unknown,
  documented: number | undefined,
  where: string,
): void {
  if (documented === undefined || shown === documented) return;
  throw new ConformanceFailure(
    `Received: autoRefresh.intervalDays ${JSON.stringify(shown)} in ${where} / Documented: ${documented}${documented === DEFAULT_INTERVAL_DAYS ? ' (the default, on a disabled base never given an interval)' : ' (the intervalDays sent)'}`,
    exchange,
  );
}
