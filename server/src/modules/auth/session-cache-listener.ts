import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { SessionCache } from './session-cache.ts';
import { SESSION_VIEW_CHANNEL, sendBarrier } from './session-view-sync.ts';

/**
 * How long a received barrier lets a server answer from its cache, and so how long the others wait for it at most
 * when it stops acknowledging (killed, cut off): a write's answer after a server's crash may wait this long once.
 */
export const LEASE_MS = 5_000;
const RECONNECT_MS = [200, 1_000, 5_000];

export interface SessionCacheListener {
  readonly nodeId: string;
  /** whether the listening connection is up (the cache answers only with a lease too) */
  readonly listening: boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The cache's ears: a connection of its own LISTENing on `session_view`. A user's id drops that user's entries; a
 * barrier `sync:<n>` is acknowledged in session_view_nodes (acked = n, lease renewed) and, once written, extends
 * the local lease. Losing the connection empties the cache and gives the lease up at once; it reconnects by itself.
 */
export function createSessionCacheListener(
  pool: pg.Pool,
  cache: SessionCache,
  log: FastifyBaseLogger,
  leaseMs = LEASE_MS,
): SessionCacheListener {
  // its own barrier renews the lease when no one else sends one; the local lease ends before the database's (the
  // two are measured from different moments)
  const heartbeatMs = leaseMs / 4;
  const marginMs = Math.min(1_000, leaseMs / 5);
  const nodeId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let client: pg.Client | null = null;
  let stopped = false;
  let listening = false;
  let heartbeat: NodeJS.Timeout | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let attempts = 0;
  /** the highest barrier received, when, and whether an acknowledgement is being written */
  let received = 0;
  let receivedAt = 0;
  let acking = false;

  async function acknowledge(): Promise<void> {
    if (acking) return;
    acking = true;
    try {
      while (listening) {
        const n = received;
        const at = receivedAt;
        await pool.query(
          `insert into session_view_nodes (node_id, acked, lease_until)
           values ($1, $2, now() + make_interval(secs => $3))
           on conflict (node_id) do update set acked = greatest(session_view_nodes.acked, excluded.acked),
             lease_until = excluded.lease_until`,
          [nodeId, n, leaseMs / 1000],
        );
        // the database's lease runs from after `at`: the local one ends first
        if (listening) cache.extendLease(at + leaseMs - marginMs);
        else await giveUpLease();
        if (received === n) break;
      }
    } catch (error) {
      log.warn(
        { err: error },
        '会话缓存：确认同步失败，暂停使用缓存直至下次确认 / session cache: acknowledgement failed',
      );
    } finally {
      acking = false;
    }
  }

  async function giveUpLease(): Promise<void> {
    await pool
      .query('update session_view_nodes set lease_until = now() where node_id = $1', [nodeId])
      .catch(() => {});
  }

  function onNotification(message: pg.Notification): void {
    if (message.channel !== SESSION_VIEW_CHANNEL || message.payload === undefined) return;
    const payload = message.payload;
    if (payload.startsWith('sync:')) {
      const n = Number(payload.slice(5));
      if (n > received) {
        received = n;
        receivedAt = performance.now();
      }
      void acknowledge();
      return;
    }
    const userId = Number(payload);
    if (Number.isSafeInteger(userId)) cache.invalidate(userId);
  }

  /** Stops listening: the cache emptied and off, the connection closed (its late errors ignored). */
  function dropConnection(): Promise<void> {
    listening = false;
    cache.reset();
    const old = client;
    client = null;
    old?.removeAllListeners();
    old?.on('error', () => {});
    return old ? old.end().catch(() => {}) : Promise.resolve();
  }

  function lost(error?: unknown): void {
    if (!listening && client === null) return;
    void dropConnection();
    if (stopped) return;
    log.warn(
      { err: error },
      '会话缓存：监听连接中断，缓存已清空，正在重连 / session cache: listener lost, cache emptied',
    );
    // others need not wait for this server's acknowledgement: it answers nothing from memory now
    void giveUpLease();
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (stopped || reconnectTimer) return;
    const wait = RECONNECT_MS[Math.min(attempts, RECONNECT_MS.length - 1)] as number;
    attempts += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect().catch((error) => lost(error));
    }, wait);
    reconnectTimer.unref();
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ ...pool.options, application_name: 'loan-session-cache' });
    next.on('error', (error) => {
      if (client === next) lost(error);
    });
    next.on('end', () => {
      if (client === next) lost();
    });
    next.on('notification', onNotification);
    client = next;
    await next.connect();
    await next.query(`LISTEN ${SESSION_VIEW_CHANNEL}`);
    if (client !== next || stopped) return;
    // nothing read before now can be trusted: lookups begun before the LISTEN may have missed a change
    cache.reset();
    listening = true;
    attempts = 0;
    await sendBarrier(pool);
  }

  return {
    nodeId,
    get listening() {
      return listening;
    },
    async start() {
      try {
        await pool.query(`delete from session_view_nodes where lease_until < now() - interval '1 day'`);
        await connect();
      } catch (error) {
        if (client) lost(error);
        else {
          log.warn({ err: error }, '会话缓存：未能启动，稍后重试 / session cache: could not start, retrying');
          scheduleReconnect();
        }
      }
      heartbeat = setInterval(() => {
        if (listening) sendBarrier(pool).catch(() => {});
      }, heartbeatMs);
      heartbeat.unref();
    },
    async stop() {
      stopped = true;
      if (heartbeat) clearInterval(heartbeat);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await dropConnection();
      await pool.query('delete from session_view_nodes where node_id = $1', [nodeId]).catch(() => {});
    },
  };
}
