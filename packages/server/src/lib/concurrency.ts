/**
 * Runs at most `limit` of the given tasks at once; the others wait their turn in arrival order. A task
 * that fails frees its place like one that succeeds.
 */
export function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`concurrency limit must be ≥ 1: ${limit}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A freed place passes straight to the next waiter, so `running` never drops in between and no
    // newcomer can overtake the queue.
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}
