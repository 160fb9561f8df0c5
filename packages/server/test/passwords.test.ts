import { afterEach, describe, expect, it, vi } from 'vitest';

// argon2 replaced by a slow fake that counts how many computations run at once.
const argon2 = vi.hoisted(() => {
  const state = { running: 0, most: 0 };
  const slow = async <T>(value: T): Promise<T> => {
    state.running++;
    state.most = Math.max(state.most, state.running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    state.running--;
    return value;
  };
  return {
    state,
    hash: (password: string) => slow(`hashed:${password}`),
    verify: (hash: string, password: string) => slow(hash === `hashed:${password}`),
  };
});
vi.mock('@node-rs/argon2', () => ({ hash: argon2.hash, verify: argon2.verify }));

const { hashPassword, PASSWORD_HASH_CONCURRENCY, verifyPassword } = await import('../src/auth/passwords');

afterEach(() => {
  argon2.state.most = 0;
});

describe('password hashing under a burst of sign-ins', () => {
  it('leaves the event loop a core: one computation fewer than the cores, at least one', async () => {
    const { availableParallelism } = await import('node:os');
    expect(PASSWORD_HASH_CONCURRENCY).toBe(Math.max(1, availableParallelism() - 1));
  });

  it('never runs more verifications at once than the limit, and answers each one right', async () => {
    const stored = await hashPassword('Portail#2026');
    const attempts = Array.from({ length: 20 }, (_, i) => (i % 3 === 0 ? 'wrong' : 'Portail#2026'));
    const results = await Promise.all(attempts.map((password) => verifyPassword(stored, password)));
    expect(results).toEqual(attempts.map((password) => password === 'Portail#2026'));
    expect(argon2.state.most).toBe(PASSWORD_HASH_CONCURRENCY);
  });

  it('queues unknown identifiers (the decoy) and new hashes in the same line', async () => {
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => verifyPassword(null, 'Portail#2026')),
      ...Array.from({ length: 10 }, (_, i) => hashPassword(`password ${i}`)),
    ]);
    expect(results.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => false));
    expect(results.slice(10)).toEqual(Array.from({ length: 10 }, (_, i) => `hashed:password ${i}`));
    expect(argon2.state.most).toBe(PASSWORD_HASH_CONCURRENCY);
  });
});
