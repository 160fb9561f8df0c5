import type { ParticipantRow } from '@portail/contract/schemas/participants';
import type { ScopeLevel } from '../../auth/caller';

export interface CachedPage {
  items: ParticipantRow[];
  totalRows: number;
}

interface Entry extends CachedPage {
  storedAt: number;
}

const LEVEL_KEYS: Record<ScopeLevel, string> = { ETABLISSEMENT: 'E', ENTREPRISE: 'C', GROUPEMENT: 'G' };

/** The key the triggers name a scope by: E12 (establishment), C3 (company), G1 (group). */
export const scopeKey = (level: ScopeLevel, id: number) => `${LEVEL_KEYS[level]}${id}`;

/**
 * Recently read pages of the participant list's default view (a correspondant's active participants,
 * no search): the calls of a correspondant paging back and forth, and of colleagues of one
 * establishment, are answered without a database round trip. Correctness does not rest on the
 * time-to-live: every statement writing participants NOTIFIEs, at commit, the establishments,
 * companies and groups it touched (migration 0002), and their pages are dropped in every instance;
 * this instance also drops everything after its own writes, before it answers them. The time-to-live
 * only bounds the damage of a lost notification, and a lost listening connection clears the cache.
 */
export class ParticipantPageCache {
  private readonly scopes = new Map<string, Map<string, Entry>>();
  private size = 0;
  // Bumped by every eviction: a page read before one must not be stored after it.
  private epoch = 0;

  constructor(
    private ttlMs = 5000,
    private readonly max = 10_000,
  ) {}

  configure(ttlMs: number): void {
    this.ttlMs = ttlMs;
    this.clear();
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The epoch to hand back to `set`: a store is refused if anything was evicted in between. */
  begin(): number {
    return this.epoch;
  }

  get(scope: string, page: string): CachedPage | undefined {
    const pages = this.scopes.get(scope);
    const entry = pages?.get(page);
    if (!pages || !entry) return undefined;
    if (Date.now() - entry.storedAt > this.ttlMs) {
      pages.delete(page);
      this.size--;
      return undefined;
    }
    return entry;
  }

  set(scope: string, page: string, value: CachedPage, epoch: number): void {
    if (!this.enabled || epoch !== this.epoch) return;
    if (this.size >= this.max) this.clear();
    let pages = this.scopes.get(scope);
    if (!pages) {
      pages = new Map();
      this.scopes.set(scope, pages);
    }
    if (!pages.has(page)) this.size++;
    pages.set(page, { ...value, storedAt: Date.now() });
  }

  /** A notification's payload: scope keys separated by commas, or `*` for everything. */
  evict(payload: string): void {
    this.epoch++;
    if (payload === '*' || payload === '') {
      this.clear();
      return;
    }
    for (const scope of payload.split(',')) {
      const pages = this.scopes.get(scope);
      if (!pages) continue;
      this.size -= pages.size;
      this.scopes.delete(scope);
    }
  }

  clear(): void {
    this.epoch++;
    this.scopes.clear();
    this.size = 0;
  }
}

export const participantPageCache = new ParticipantPageCache();

/** The channel the participants triggers notify (migration 0002). */
export const PARTICIPANTS_CHANNEL = 'portail_participants';
