import type { PGlite } from '@electric-sql/pglite';
import type { SessionCache } from './session-cache.ts';
import type { SessionCacheListener } from './session-cache-listener.ts';
import { SESSION_VIEW_CHANNEL } from './session-view-sync.ts';

/**
 * The cache's ears on the embedded database: one process, one connection, which hears its own notices. PGlite hands
 * a notice to its listeners while it reads the answer of the statement that committed it, before that statement's
 * promise resolves, so a write is heard before its writer goes on: no barrier and no lease (the cache may answer
 * for as long as it listens). Nothing else can write meanwhile (the data directory's lock).
 */
export function createPgliteSessionCacheListener(client: PGlite, cache: SessionCache): SessionCacheListener {
  let unlisten: (() => Promise<void>) | null = null;
  return {
    nodeId: `pglite:${process.pid}`,
    get listening() {
      return unlisten !== null;
    },
    async start() {
      unlisten = await client.listen(SESSION_VIEW_CHANNEL, (payload) => {
        const userId = Number(payload);
        if (Number.isSafeInteger(userId)) cache.invalidate(userId);
      });
      // nothing read before listening can be trusted
      cache.reset();
      cache.extendLease(Number.POSITIVE_INFINITY);
    },
    async stop() {
      const stop = unlisten;
      unlisten = null;
      cache.reset();
      if (stop && !client.closed) await stop().catch(() => {});
    },
  };
}
