import { Redis } from 'ioredis';

/** Fixed-window counters: `hit` adds one to the key's counter in the current window and returns it. */
export interface RateLimitStore {
  readonly kind: 'memory' | 'redis';
  hit(key: string, windowMs: number, now: Date): Promise<number>;
  close(): Promise<void>;
}

function windowKey(key: string, windowMs: number, now: Date): { key: string; endsAt: number } {
  const index = Math.floor(now.getTime() / windowMs);
  return { key: `${key}:${index}`, endsAt: (index + 1) * windowMs };
}

/** One process: counters in a Map, expired windows swept as they pass. */
export function createMemoryStore(): RateLimitStore {
  const counters = new Map<string, { count: number; endsAt: number }>();
  let nextSweep = 0;
  return {
    kind: 'memory',
    async hit(key, windowMs, now) {
      const t = now.getTime();
      if (t >= nextSweep) {
        for (const [k, v] of counters) if (v.endsAt <= t) counters.delete(k);
        nextSweep = t + windowMs;
      }
      const w = windowKey(key, windowMs, now);
      const entry = counters.get(w.key) ?? { count: 0, endsAt: w.endsAt };
      entry.count += 1;
      counters.set(w.key, entry);
      return entry.count;
    },
    async close() {
      counters.clear();
    },
  };
}

/** Shared by every server process: INCR on a key per window, expiring with the window. */
export function createRedisStore(url: string, prefix = 'loan:rl'): RateLimitStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
  return {
    kind: 'redis',
    async hit(key, windowMs, now) {
      const w = windowKey(`${prefix}:${key}`, windowMs, now);
      const result = await redis
        .multi()
        .incr(w.key)
        .pexpire(w.key, windowMs * 2)
        .exec();
      const count = result?.[0]?.[1];
      return typeof count === 'number' ? count : Number(count ?? 0);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
