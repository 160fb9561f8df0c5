import type { Caller } from './caller';

export interface CachedSession {
  caller: Caller;
  expiresAt: Date;
  lastSeenAt: Date;
}

interface Entry extends CachedSession {
  storedAt: number;
}

/**
 * Sessions recently validated by this process, so that the calls of one page do not each read the
 * session again. Correctness does not rest on the time-to-live: whatever ends or changes a session or
 * an account evicts it here at once and, through PostgreSQL NOTIFY, in every other instance
 * (session-events.ts). The time-to-live only bounds the damage of a lost notification. Each app owns
 * one (SessionEvents), so two apps in one process, as the tests start them, share nothing.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  // Bumped by every eviction: a load that started before one must not store what it read.
  private epoch = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly max = 20_000,
  ) {}

  get(sessionId: string): CachedSession | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > this.ttlMs) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  begin(): number {
    return this.epoch;
  }

  set(sessionId: string, value: CachedSession, epochAtStart: number): void {
    if (this.ttlMs <= 0 || epochAtStart !== this.epoch) return;
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(sessionId, { ...value, storedAt: Date.now() });
  }

  touch(sessionId: string, lastSeenAt: Date): void {
    const entry = this.entries.get(sessionId);
    if (entry) entry.lastSeenAt = lastSeenAt;
  }

  evictSession(sessionId: string): void {
    this.epoch++;
    this.entries.delete(sessionId);
  }

  evictUser(userId: number): void {
    this.epoch++;
    for (const [id, entry] of this.entries) if (entry.caller.userId === userId) this.entries.delete(id);
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
  }
}
