import { Counter, Gauge, type Registry } from 'prom-client';
import type { SessionCache } from '../modules/auth/session-cache.ts';

/**
 * The session cache's series (SESSION_CACHE on; none otherwise), read at scrape time: lookups
 * answered from memory or read from the database, rows not kept because something changed while they were read,
 * changes heard, entries held, and whether the cache may answer now (its listener holds a lease). A server whose
 * `session_cache_live` stays 0 reads every session from the database: correct, only slower.
 */
export function sessionCacheMetrics(registry: Registry, cache: SessionCache): void {
  new Counter({
    name: 'session_cache_lookups_total',
    help: 'Session lookups on this server, answered from its cache (hit) or read from the database (miss)',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, cache.stats.hits);
      this.inc({ result: 'miss' }, cache.stats.misses);
    },
  });
  new Counter({
    name: 'session_cache_refused_stores_total',
    help: 'Session lookups not kept because a change to their user was heard while they were read',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cache.stats.refusedStores);
    },
  });
  new Counter({
    name: 'session_cache_invalidations_total',
    help: "Changes heard on session_view (a user's sessions, row, coupons, sub-accounts or repayment method)",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cache.stats.invalidations);
    },
  });
  new Gauge({
    name: 'session_cache_entries',
    help: 'Session lookups held in memory on this server',
    registers: [registry],
    collect() {
      this.set(cache.size);
    },
  });
  new Gauge({
    name: 'session_cache_live',
    help: '1 while this server may answer from its session cache (its listener holds a lease), else 0',
    registers: [registry],
    collect() {
      this.set(cache.live ? 1 : 0);
    },
  });
}
