/** Runs tasks handed to it with at most `jobs` at once, in the order they were handed over. */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

export function limiter(jobs: number): Limiter {
  const waiting: (() => void)[] = [];
  let running = 0;
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return <T>(task: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        running += 1;
        task().then(resolve, reject).finally(release);
      };
      if (running < Math.max(1, jobs)) start();
      else waiting.push(start);
    });
}
