/**
 * What stands between a worker's clients and the target: at most `concurrency` requests in flight
 * (`--concurrency`), and at most `ratePerSecond` started per second (`--rate-limit`), so that a
 * real account is not hammered and a quota is not spent. One gate per worker thread; the run
 * divides the caps between its workers.
 */
export class RequestGate {
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  private nextStart = 0;

  constructor(
    private readonly concurrency: number,
    private readonly ratePerSecond?: number,
  ) {}

  async pass<T>(send: () => Promise<T>): Promise<T> {
    if (this.inFlight >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight += 1;
    try {
      await this.spaced();
      return await send();
    } finally {
      this.inFlight -= 1;
      this.waiting.shift()?.();
    }
  }

  /** Waits for this request's turn under the rate: starts at least 1/rate seconds apart. */
  private async spaced(): Promise<void> {
    if (this.ratePerSecond === undefined) return;
    const now = Date.now();
    const start = Math.max(now, this.nextStart);
    this.nextStart = start + 1000 / this.ratePerSecond;
    if (start > now) await new Promise((resolve) => setTimeout(resolve, start - now));
  }
}

/** `Retry-After` as milliseconds: seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
