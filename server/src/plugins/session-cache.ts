import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { type Database, databaseKindOf } from '../db/client.ts';
import type { App } from '../http.ts';
import { SessionCache } from '../modules/auth/session-cache.ts';
import {
  createSessionCacheListener,
  type SessionCacheListener,
} from '../modules/auth/session-cache-listener.ts';
import { createPgliteSessionCacheListener } from '../modules/auth/session-cache-pglite.ts';
import { poolOf, syncSessionViews } from '../modules/auth/session-view-sync.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a GET that changes something (the spec's logout): its answer waits for the caches as a POST's does */
    changes?: boolean;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SessionCacheHandle {
  cache: SessionCache;
  listener: SessionCacheListener;
}

/**
 * The session cache with SESSION_CACHE on (modules/auth/session-cache.ts): its listener runs from ready to close.
 * On PostgreSQL every answer to a call that may have written (anything but a read, and the GETs marked `changes`)
 * waits for every caching server to have received what it committed: a logout is refused everywhere on the next
 * request, and a borrower's next call reads what the last one wrote, on whichever server it lands. On PGlite (one
 * process) a write is heard before its writer goes on (session-cache-pglite.ts): nothing to wait for.
 */
export function registerSessionCache(
  app: App,
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
  leaseMs?: number,
): SessionCacheHandle | null {
  if (!config.sessionCache) return null;
  const cache = new SessionCache();
  const pool = poolOf(db);
  const listener = pool
    ? createSessionCacheListener(pool, cache, log, leaseMs)
    : createPgliteSessionCacheListener(pgliteOf(db), cache);
  app.addHook('onReady', () => listener.start());
  app.addHook('onClose', () => listener.stop());
  if (pool) {
    app.addHook('onSend', async (request) => {
      if (!READS.has(request.method) || request.routeOptions.config.changes) {
        await syncSessionViews(db, request.log);
      }
    });
  }
  return { cache, listener };
}

function pgliteOf(db: Database): PGlite {
  if (databaseKindOf(db) !== 'pglite') throw new Error('not a PGlite database');
  return (db as unknown as { $client: PGlite }).$client;
}
