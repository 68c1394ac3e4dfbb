import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { rateLimitHits } from '../db/schema.ts';

/**
 * Where the per-IP counters of @fastify/rate-limit live, shared by every server process: Redis when
 * REDIS_URL is set (the plugin's own Redis store), else the database (`databaseRateLimitStore`). Tests may
 * pass any store class of the plugin's interface.
 */
export type RateLimitStore =
  | { kind: 'redis'; redis: Redis; nameSpace: string; close(): Promise<void> }
  | { kind: 'store'; store: FastifyRateLimitStoreCtor; close(): Promise<void> };

type Incr = FastifyRateLimitStore['incr'];
type Callback = Parameters<Incr>[1];

/** A Redis connection for the counters; a lost connection fails fast (the request is then let through). */
export function redisRateLimitStore(url: string, nameSpace = 'loan:rl:auth:'): RateLimitStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
  return {
    kind: 'redis',
    redis,
    nameSpace,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * Counters in the `rate_limit_hits` table: one fixed window per key, opened by its first hit; each hit is
 * one atomic upsert that counts it (or opens a new window when the last has ended) and returns the count
 * and the window's end; `read` looks without counting. Ended windows are deleted by the housekeeping purge.
 */
export function databaseRateLimitStore(db: Database, now: () => Date): RateLimitStore {
  const hit = (key: string, timeWindow: number) => countHit(db, key, timeWindow, now());

  class DatabaseStore {
    readonly prefix: string;
    constructor(prefix = '') {
      this.prefix = typeof prefix === 'string' ? prefix : ''; // the plugin passes its options here
    }
    incr(key: string, callback: Callback, timeWindow: number): void {
      hit(this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    /** the plugin's look without counting (`{ increment: false }`) */
    read(key: string, callback: Callback): void {
      hitsNow(db, this.prefix + key, now()).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    /** per-route limits (not used by this app): the route's own counters, as the plugin's stores do */
    child(options: { routeInfo?: { method?: string; url?: string } }): DatabaseStore {
      const route = options.routeInfo;
      return new DatabaseStore(`${this.prefix}${route?.method ?? ''}${route?.url ?? ''}-`);
    }
  }
  return {
    kind: 'store',
    store: DatabaseStore as unknown as FastifyRateLimitStoreCtor,
    close: async () => {},
  };
}

/**
 * Counts one hit of `key` in the `rate_limit_hits` table: one atomic upsert that counts it (or opens a new window
 * when the last has ended); the count and the time left in the window.
 */
export async function countHit(db: Database, key: string, timeWindow: number, at: Date) {
  const t = rateLimitHits;
  const ends = new Date(at.getTime() + timeWindow);
  const ended = sql`${t.windowEndsAt} <= ${at}::timestamptz`;
  const [row] = await db
    .insert(t)
    .values({ key, hits: 1, windowEndsAt: ends })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${t.hits} + 1 end`,
        windowEndsAt: sql`case when ${ended} then ${ends}::timestamptz else ${t.windowEndsAt} end`,
      },
    })
    .returning({ hits: t.hits, windowEndsAt: t.windowEndsAt });
  if (!row) throw new Error('rate_limit_hits upsert returned no row');
  return { current: row.hits, ttl: Math.max(0, row.windowEndsAt.getTime() - at.getTime()) };
}

/** The hits of `key` in its current window and the time left in it (none: 0 and 0); counts nothing. */
export async function hitsNow(
  db: Database,
  key: string,
  at: Date,
): Promise<{ current: number; ttl: number }> {
  const t = rateLimitHits;
  const [row] = await db
    .select({ hits: t.hits, windowEndsAt: t.windowEndsAt })
    .from(t)
    .where(and(eq(t.key, key), gt(t.windowEndsAt, at)));
  return row ? { current: row.hits, ttl: row.windowEndsAt.getTime() - at.getTime() } : { current: 0, ttl: 0 };
}

/** Deletes counters whose window has ended (they count for nothing). */
export async function purgeRateLimitHits(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowEndsAt, now))
    .returning({ key: rateLimitHits.key });
  return deleted.length;
}
