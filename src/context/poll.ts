/**
 * Waits for something asynchronous on the implementation (a re-crawl, an index update) by asking
 * again until `done` accepts the answer or the deadline passes: never a fixed sleep.
 * Returns the last answer either way, with whether it was accepted, so the check states the verdict.
 */
export async function pollUntil<T>(
  ask: () => Promise<T>,
  done: (answer: T) => boolean,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<{ answer: T; satisfied: boolean; attempts: number }> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  let interval = options.intervalMs ?? 100;
  const deadline = Date.now() + timeoutMs;
  let attempts = 0;
  for (;;) {
    attempts += 1;
    const answer = await ask();
    if (done(answer)) return { answer, satisfied: true, attempts };
    if (Date.now() >= deadline) return { answer, satisfied: false, attempts };
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(interval, Math.max(0, deadline - Date.now()))),
    );
    interval = Math.min(interval * 2, 1_000);
  }
}
