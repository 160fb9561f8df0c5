import { EventEmitter } from 'node:events';

/** What a write changed that another feature keeps a list of. */
export type Change = 'participants' | 'correspondants' | 'checkups';

/**
 * This instance's announcements of its own writes, for the lists other features keep: a transfer
 * accepted here drops the participants feature's cached pages before the reply goes. Other instances
 * hear the tables' notifications instead (lib/page-cache.ts `keepFresh`).
 */
export class Changes {
  private readonly emitter = new EventEmitter();

  announce(change: Change): void {
    this.emitter.emit(change);
  }

  /** Calls `listener` at each announcement of `change`; returns what stops it. */
  on(change: Change, listener: () => void): () => void {
    this.emitter.on(change, listener);
    return () => this.emitter.off(change, listener);
  }
}
