/**
 * A task refused because every place was taken and the queue was at its bound. The error handler
 * answers it 503 with `Retry-After`: a queue that is full now drains within seconds.
 */
export class QueueFullError extends Error {
  readonly retryAfterS = 2;
  constructor() {
    super('queue full');
  }
}

export interface Limiter {
  <T>(task: () => Promise<T>): Promise<T>;
  /** True when a task given now would be refused: every place taken and `maxWaiting` already waiting. */
  readonly full: boolean;
}

/**
 * Runs at most `limit` of the given tasks at once; the others wait their turn in arrival order, at most
 * `maxWaiting` of them: past that a task is refused at once (QueueFullError) rather than left to wait
 * behind a flood it cannot get through in time. A task that fails frees its place like one that succeeds.
 */
export function concurrencyLimit(limit: number, maxWaiting = Number.POSITIVE_INFINITY): Limiter {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`concurrency limit must be ≥ 1: ${limit}`);
  if (!(maxWaiting >= 0)) throw new Error(`queue bound must be ≥ 0: ${maxWaiting}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  const run = async <T>(task: () => Promise<T>): Promise<T> => {
    // A freed place passes straight to the next waiter, so `running` never drops in between and no
    // newcomer can overtake the queue.
    if (running < limit) running++;
    else if (waiting.length >= maxWaiting) throw new QueueFullError();
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
  return Object.defineProperty(run, 'full', {
    get: () => running >= limit && waiting.length >= maxWaiting,
  }) as Limiter;
}
