import { LRUCache } from 'lru-cache';
import type { UserRow } from '../../db/schema.ts';

/**
 * What one server keeps of a session lookup: the session's ends, its user and what the route's view read, keyed by
 * view and token hash. An entry answers only while it is certainly current:
 * - every change to what it holds names its user on `session_view` (database triggers, whatever wrote it), and the
 *   listener drops that user's entries (session-cache-listener.ts);
 * - a lookup stores its row only if no change to its user (and no gap in listening) was received since the lookup
 *   began: a row read before a change and stored after its notice would otherwise outlive it;
 * - only while the listener holds a lease (it renews it on receiving a barrier through its own connection), so a
 *   server that stopped hearing changes stops answering from memory before anyone relies on it having heard;
 * - within its times by the request's clock: the session's absolute end and idle end, the view's own next change
 *   (a coupon's end), and never before it was read (a clock moved back);
 * - at most MAX_AGE_MS after it was read, whatever happens.
 */
export interface CachedLookup {
  tokenHash: string;
  user: UserRow;
  extras: Record<string, unknown>;
  lastSeenAt: number;
  expiresAt: number;
  /** the request time the row was read at, ms */
  readAt: number;
  /** by the request's clock: the first moment the view's reading changes on its own (a coupon's end); null: none */
  changesAt: number | null;
}

interface Entry extends CachedLookup {
  storedAt: number;
}

/** even a certainly current entry is read again after this long (ms, monotonic) */
export const MAX_AGE_MS = 30_000;
const CAPACITY = 20_000;

export interface SessionCacheStats {
  hits: number;
  misses: number;
  stores: number;
  refusedStores: number;
  invalidations: number;
}

export class SessionCache {
  private readonly entries = new LRUCache<string, Entry>({ max: CAPACITY });
  /** the keys of each user's entries */
  private readonly keysOfUser = new Map<number, Set<string>>();
  /** a counter of everything received: changes and gaps */
  private seq = 0;
  /** the seq of each user's last change, for the users changed recently (bounded; see `forget`) */
  private readonly changedAt = new Map<number, number>();
  /** no lookup that began before this seq may store (a gap in listening, or changes forgotten) */
  private floor = 0;
  /** the listener's lease, monotonic ms; 0: not listening */
  private leaseUntil = 0;
  readonly stats: SessionCacheStats = { hits: 0, misses: 0, stores: 0, refusedStores: 0, invalidations: 0 };

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** Whether the cache may answer now: the listener holds a lease. */
  get live(): boolean {
    return this.clock() < this.leaseUntil;
  }

  /** The lease granted by a barrier received at `receivedAt` (monotonic) and acknowledged in the database. */
  extendLease(until: number): void {
    if (until > this.leaseUntil) this.leaseUntil = until;
  }

  /** Listening stopped or started again: nothing in memory can be trusted, nor any lookup under way. */
  reset(): void {
    this.leaseUntil = 0;
    this.seq += 1;
    this.floor = this.seq;
    this.entries.clear();
    this.keysOfUser.clear();
    this.changedAt.clear();
  }

  /** A change to what `userId`'s lookups read was committed. */
  invalidate(userId: number): void {
    this.seq += 1;
    this.stats.invalidations += 1;
    this.changedAt.delete(userId);
    this.changedAt.set(userId, this.seq);
    if (this.changedAt.size > CAPACITY) this.forgetOldest();
    const keys = this.keysOfUser.get(userId);
    if (!keys) return;
    for (const key of keys) this.entries.delete(key);
    this.keysOfUser.delete(userId);
  }

  /** Before a lookup reads the database: its mark for `store`, or null when it may not store at all. */
  begin(): number | null {
    return this.live ? this.seq : null;
  }

  /** The lookup's row, if nothing it read may have changed since `mark` (begin's). */
  store(key: string, mark: number | null, lookup: CachedLookup): void {
    const changed = this.changedAt.get(lookup.user.id) ?? 0;
    if (mark === null || mark < this.floor || changed > mark || !this.live) {
      this.stats.refusedStores += 1;
      return;
    }
    this.entries.set(key, { ...lookup, storedAt: this.clock() });
    let keys = this.keysOfUser.get(lookup.user.id);
    if (!keys) {
      keys = new Set();
      this.keysOfUser.set(lookup.user.id, keys);
    }
    keys.add(key);
    this.stats.stores += 1;
  }

  /**
   * The entry of `key` if it may answer at request time `now` (ms), given the session's idle allowance. An entry
   * past the idle or absolute end is not an answer: the database decides (another server may have seen the
   * session later than this one).
   */
  get(key: string, now: number, idleMs: number): CachedLookup | null {
    const entry = this.live ? this.entries.get(key) : undefined;
    if (
      !entry ||
      this.clock() - entry.storedAt >= MAX_AGE_MS ||
      now < entry.readAt ||
      now >= entry.expiresAt ||
      now >= entry.lastSeenAt + idleMs ||
      (entry.changesAt !== null && now >= entry.changesAt)
    ) {
      this.stats.misses += 1;
      return null;
    }
    this.stats.hits += 1;
    return entry;
  }

  /** The session was seen at `at` (ms) and the database says so (its last_seen_at written). */
  touched(key: string, at: number): void {
    const entry = this.entries.get(key);
    if (entry && at > entry.lastSeenAt) entry.lastSeenAt = at;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The oldest half of the remembered changes dropped; lookups begun before the newest dropped may not store. */
  private forgetOldest(): void {
    const drop = Math.floor(this.changedAt.size / 2);
    let i = 0;
    for (const [userId, at] of this.changedAt) {
      if (i++ >= drop) break;
      this.changedAt.delete(userId);
      if (at > this.floor) this.floor = at;
    }
  }
}
