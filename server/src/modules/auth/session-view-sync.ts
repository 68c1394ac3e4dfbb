import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { type Database, databaseKindOf } from '../../db/client.ts';

export const SESSION_VIEW_CHANNEL = 'session_view';
/** far past any lease: a barrier still waiting then says so in the log and lets the answer go */
const GIVE_UP_MS = 120_000;

/** The node-postgres pool under a Drizzle database, or null for PGlite (no other server can cache). */
export function poolOf(db: Database): pg.Pool | null {
  return databaseKindOf(db) === 'postgres' ? (db as unknown as { $client: pg.Pool }).$client : null;
}

/**
 * Sends a barrier: `sync:<n>`, n taken after everything the caller committed. Notifications reach each listener in
 * commit order, so a server that has received barrier n has received every change committed before it; and one
 * that has received a later barrier has too (its number was taken later still).
 */
export async function sendBarrier(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    `select n, pg_notify('${SESSION_VIEW_CHANNEL}', 'sync:' || n) from (select nextval('session_view_sync_seq') as n) s`,
  );
  return Number(rows[0]?.n);
}

/** Servers holding a lease that have not yet acknowledged barrier n. */
async function lagging(pool: pg.Pool, n: number): Promise<string[]> {
  const { rows } = await pool.query<{ node_id: string }>(
    'select node_id from session_view_nodes where acked < $1 and lease_until > now()',
    [n],
  );
  return rows.map((row) => row.node_id);
}

/**
 * Waits until every server that may answer from its session cache has received every change committed so far: a
 * revoked session is then refused by all of them on the next request, and a borrower's next call after a write
 * reads that write wherever it lands. A server that does not acknowledge drops out when its lease ends (it stops
 * answering from memory before that, by its own clock), so the wait ends within the lease (LEASE_MS).
 */
export async function syncSessionViews(
  db: Database,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
): Promise<void> {
  const pool = poolOf(db);
  if (!pool) return;
  const started = performance.now();
  try {
    const n = await sendBarrier(pool);
    let pause = 1;
    let told = false;
    for (let nodes = await lagging(pool, n); nodes.length > 0; nodes = await lagging(pool, n)) {
      const waited = performance.now() - started;
      if (waited > GIVE_UP_MS) {
        log.error(
          { barrier: n, nodes },
          '会话缓存：等待各服务确认同步超时 / session cache: barrier not acknowledged in time',
        );
        return;
      }
      if (!told && waited > 1_000) {
        told = true;
        log.warn(
          { barrier: n, nodes },
          '会话缓存：等待其他服务确认同步 / session cache: waiting for servers to acknowledge',
        );
      }
      await sleep(pause);
      pause = Math.min(pause * 2, 50);
    }
  } catch (error) {
    log.error({ err: error }, '会话缓存：同步失败 / session cache: barrier failed');
  }
}
