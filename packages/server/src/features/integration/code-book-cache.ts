import type { DbOrTx } from '../../db/client';
import { type CodeBook, loadCodeBook } from './codes';

/**
 * One CodeBook per process instead of one per write: a Patient write read the whole enum_items table
 * (a few hundred rows) two or three times, the largest part of its cost. The book is only kept while
 * the cache hears of every change of the table: enum_items' statement trigger (migration 0005) NOTIFYs
 * the `portail_correspondants` channel at commit, in every instance, whoever wrote (the screens' new
 * values and approvals, the centre's SQL). `follow` is that channel's handler; a lost listening
 * connection drops the book (what was missed is unknown). A book read before an eviction is never kept
 * after it (the epoch), and without a listener (`following` false) every call reads the table, as before.
 */
export class CodeBookCache {
  private book: CodeBook | null = null;
  private epoch = 0;
  private following = false;

  /** What the channel handler calls: any change of the reference lists (or of nothing known) drops the book. */
  readonly follow = {
    message: (): void => this.drop(),
    lost: (): void => this.drop(),
  };

  /** Starts keeping books: call once the channel is listened to. */
  start(): void {
    this.following = true;
    this.drop();
  }

  stop(): void {
    this.following = false;
    this.drop();
  }

  drop(): void {
    this.epoch++;
    this.book = null;
  }

  /**
   * The current book, read with `db` when none is kept (inside a write's transaction, its own
   * connection: on PGlite the single connection is the transaction's). The integration API never
   * writes enum_items inside its transactions, so a book read there holds only committed items.
   */
  async get(db: DbOrTx): Promise<CodeBook> {
    if (this.book) return this.book;
    const epoch = this.epoch;
    const book = await loadCodeBook(db);
    if (this.following && epoch === this.epoch) this.book = book;
    return book;
  }
}
