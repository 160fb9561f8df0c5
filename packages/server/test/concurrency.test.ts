import { describe, expect, it } from 'vitest';
import { concurrencyLimit, QueueFullError } from '../src/lib/concurrency';

/** A task that stays running until `finish` is called, and records that it started. */
function gate(started: string[], name: string) {
  let finish: (value: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    task: () => {
      started.push(name);
      return done;
    },
    finish: () => finish(name),
    fail: () => fail(new Error(name)),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('concurrencyLimit', () => {
  it('runs at most `limit` tasks at once and starts the others in arrival order', async () => {
    const limit = concurrencyLimit(2);
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => gate(started, name));
    if (!a || !b || !c || !d) throw new Error('four gates');
    const results = [a, b, c, d].map((g) => limit(g.task));
    await tick();
    expect(started).toEqual(['a', 'b']);
    b.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    a.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    c.finish();
    d.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees the place of a task that fails, and passes its error on', async () => {
    const limit = concurrencyLimit(1);
    const started: string[] = [];
    const [a, b] = ['a', 'b'].map((name) => gate(started, name));
    if (!a || !b) throw new Error('two gates');
    const first = limit(a.task);
    const second = limit(b.task);
    await tick();
    expect(started).toEqual(['a']);
    a.fail();
    await expect(first).rejects.toThrow('a');
    await tick();
    expect(started).toEqual(['a', 'b']);
    b.finish();
    expect(await second).toBe('b');
  });

  it('refuses a task at once when the queue is at its bound, and takes one again when a place frees', async () => {
    const limit = concurrencyLimit(1, 1);
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => gate(started, name));
    if (!a || !b || !c || !d) throw new Error('four gates');
    const first = limit(a.task);
    const second = limit(b.task);
    expect(limit.full).toBe(true);
    await expect(limit(c.task)).rejects.toBeInstanceOf(QueueFullError);
    a.finish();
    await first;
    await tick();
    expect(limit.full).toBe(false);
    const fourth = limit(d.task);
    b.finish();
    d.finish();
    expect([await second, await fourth]).toEqual(['b', 'd']);
    expect(started).toEqual(['a', 'b', 'd']);
  });

  it('refuses a limit below one', () => {
    expect(() => concurrencyLimit(0)).toThrow(/≥ 1/);
  });
});
