import { describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema.ts';
import { type CachedLookup, MAX_AGE_MS, SessionCache } from '../src/modules/auth/session-cache.ts';

const IDLE = 30 * 60_000;
const T = Date.UTC(2026, 2, 2, 2);

function lookup(userId: number, over: Partial<CachedLookup> = {}): CachedLookup {
  return {
    tokenHash: `hash-${userId}`,
    user: { id: userId } as UserRow,
    extras: { couponsCount: 1 },
    lastSeenAt: T,
    expiresAt: T + 12 * 3_600_000,
    readAt: T,
    changesAt: null,
    ...over,
  };
}

/** A cache on a hand-moved monotonic clock, its lease held for an hour. */
function leased() {
  let mono = 1_000;
  const cache = new SessionCache(() => mono);
  cache.extendLease(mono + 3_600_000);
  return {
    cache,
    advance: (ms: number) => {
      mono += ms;
    },
  };
}

describe('the session cache', () => {
  it('answers what it stored, for that key only', () => {
    const { cache } = leased();
    cache.store('v:a', cache.begin(), lookup(1));
    expect(cache.get('v:a', T, IDLE)?.user.id).toBe(1);
    expect(cache.get('v:b', T, IDLE)).toBeNull();
    expect(cache.stats).toMatchObject({ hits: 1, misses: 1, stores: 1 });
  });

  it("drops every entry of a user on that user's change, and only theirs", () => {
    const { cache } = leased();
    cache.store('v:a', cache.begin(), lookup(1));
    cache.store('w:a', cache.begin(), lookup(1));
    cache.store('v:b', cache.begin(), lookup(2));
    cache.invalidate(1);
    expect(cache.get('v:a', T, IDLE)).toBeNull();
    expect(cache.get('w:a', T, IDLE)).toBeNull();
    expect(cache.get('v:b', T, IDLE)?.user.id).toBe(2);
  });

  it('refuses a row read before a change to its user was heard (the row may predate it)', () => {
    const { cache } = leased();
    const mark = cache.begin();
    cache.invalidate(1);
    cache.store('v:a', mark, lookup(1));
    expect(cache.get('v:a', T, IDLE)).toBeNull();
    expect(cache.stats.refusedStores).toBe(1);
    // another user's change does not matter to it
    const again = cache.begin();
    cache.invalidate(2);
    cache.store('v:a', again, lookup(1));
    expect(cache.get('v:a', T, IDLE)?.user.id).toBe(1);
  });

  it('keeps nothing and answers nothing without a lease, nor across a gap in listening', () => {
    const { cache, advance } = leased();
    const before = cache.begin();
    cache.reset();
    expect(cache.live).toBe(false);
    expect(cache.begin()).toBeNull();
    cache.extendLease(10_000_000);
    cache.store('v:a', before, lookup(1));
    expect(cache.get('v:a', T, IDLE)).toBeNull();
    cache.store('v:a', cache.begin(), lookup(1));
    expect(cache.get('v:a', T, IDLE)?.user.id).toBe(1);
    advance(10_000_000);
    expect(cache.live).toBe(false);
    expect(cache.get('v:a', T, IDLE)).toBeNull();
  });

  it("answers only within the entry's times by the request's clock", () => {
    const { cache } = leased();
    const entry = lookup(1, { changesAt: T + 60_000, expiresAt: T + 120_000 });
    cache.store('v:a', cache.begin(), entry);
    expect(cache.get('v:a', T + 59_999, IDLE)).not.toBeNull();
    expect(cache.get('v:a', T + 60_000, IDLE)).toBeNull();
    expect(cache.get('v:a', T - 1, IDLE)).toBeNull();

    cache.store('v:b', cache.begin(), lookup(2, { expiresAt: T + 120_000 }));
    expect(cache.get('v:b', T + 120_000, IDLE)).toBeNull();
    cache.store('v:c', cache.begin(), lookup(3));
    expect(cache.get('v:c', T + IDLE, IDLE)).toBeNull();
    cache.touched('v:c', T + 60_000);
    expect(cache.get('v:c', T + IDLE, IDLE)).not.toBeNull();
  });

  it('reads again after its longest age, whatever else holds', () => {
    const { cache, advance } = leased();
    cache.store('v:a', cache.begin(), lookup(1));
    advance(MAX_AGE_MS - 1);
    expect(cache.get('v:a', T, IDLE)).not.toBeNull();
    advance(1);
    expect(cache.get('v:a', T, IDLE)).toBeNull();
  });

  it('forgets old changes safely: a lookup begun before a forgotten change may not store', () => {
    const { cache } = leased();
    const mark = cache.begin();
    cache.invalidate(1);
    for (let user = 2; user < 20_003; user += 1) cache.invalidate(user);
    cache.store('v:a', mark, lookup(1));
    expect(cache.get('v:a', T, IDLE)).toBeNull();
    cache.store('v:a', cache.begin(), lookup(1));
    expect(cache.get('v:a', T, IDLE)?.user.id).toBe(1);
  });
});
