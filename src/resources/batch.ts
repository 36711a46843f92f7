/**
 * Runs `task` over `items` with at most `concurrency` at a time, in order of the items, and returns
 * the results in that order. For checks that need many resources (a page past the default page
 * size) without waiting for each create in turn, and without flooding the target.
 */
export async function inBatches<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += concurrency) {
    const slice = items.slice(start, start + concurrency);
    results.push(...(await Promise.all(slice.map((item, offset) => task(item, start + offset)))));
  }
  return results;
}
