import { count } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { partnerCalls, paymentOrders, refundApplications } from '../db/schema.ts';
import { type ScrapeContext, scrapeGauge } from './scrape.ts';

/** What node-postgres' Pool tells of its connections. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
}

function poolOf(db: Database): PoolCounts | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return typeof client === 'object' && client !== null && 'waitingCount' in client
    ? (client as PoolCounts)
    : null;
}

/**
 * The database's connections, read at scrape time: on PostgreSQL the node-postgres pool's open, idle and waiting
 * counts; the embedded PGlite is one connection in process. There is no one place every query passes through
 * (node-postgres runs a transaction's queries on a client checked out of the pool, PGlite on its own), so no
 * query-duration histogram.
 */
export function databasePoolMetrics(sc: ScrapeContext, db: Database): void {
  const pool = poolOf(db);
  const driver = pool ? 'postgres' : 'pglite';
  const fromPool = (pick: (p: PoolCounts) => number | undefined) => async () => {
    const value = pool ? pick(pool) : undefined;
    return value === undefined ? [] : [{ driver, n: value }];
  };
  scrapeGauge(
    sc,
    'db_pool_connections',
    'Open connections to the database (PGlite: its one connection, in process)',
    ['driver'],
    pool ? fromPool((p) => p.totalCount) : async () => [{ driver, n: 1 }],
  );
  scrapeGauge(
    sc,
    'db_pool_idle_connections',
    'Idle connections in the pool (PostgreSQL)',
    ['driver'],
    fromPool((p) => p.idleCount),
  );
  scrapeGauge(
    sc,
    'db_pool_waiting_clients',
    'Queries waiting for a connection of the pool (PostgreSQL)',
    ['driver'],
    fromPool((p) => p.waitingCount),
  );
  scrapeGauge(
    sc,
    'db_pool_max_connections',
    'The pool’s most connections (PostgreSQL)',
    ['driver'],
    fromPool((p) => p.options.max),
  );
}

/** Partner calls, payment orders and refund applications by state: one grouped count each, at scrape time. */
export function moneyStateMetrics(sc: ScrapeContext, db: Database): void {
  scrapeGauge(sc, 'partner_calls', 'Partner calls by state (OPEN, SUCCEEDED, REFUSED)', ['state'], () =>
    db.select({ state: partnerCalls.state, n: count() }).from(partnerCalls).groupBy(partnerCalls.state),
  );
  scrapeGauge(sc, 'payment_orders', 'Payment orders by status (CREATED, PAID, CLOSED)', ['status'], () =>
    db.select({ status: paymentOrders.status, n: count() }).from(paymentOrders).groupBy(paymentOrders.status),
  );
  scrapeGauge(sc, 'refund_applications', 'Refund applications by status', ['status'], () =>
    db
      .select({ status: refundApplications.status, n: count() })
      .from(refundApplications)
      .groupBy(refundApplications.status),
  );
}
