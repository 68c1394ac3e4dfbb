import { count } from 'drizzle-orm';
import { Histogram, type Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { observeQueries, QUERY_OPERATIONS } from '../db/query-timing.ts';
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

/** Seconds: a statement takes a fraction of a millisecond (PGlite, a prepared read) to seconds (a report). */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * Each statement's time in the driver, by what it does (select, insert, update, delete, other: BEGIN, COMMIT,
 * locks, DDL), never its text or values: timed where client.ts hands the driver to Drizzle (every connection of
 * the node-postgres pool, PGlite's query, exec and transactions), so the app's statements, the job engine's and
 * the scrape-time counts below are all counted. Every app observing the same database counts its statements (one
 * app per database outside tests). Returns the function that stops observing (at the app's close).
 */
export function databaseQueryMetrics(registry: Registry, db: Database): () => void {
  const duration = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Time of database statements in the driver, by operation (select, insert, update, delete, other), in seconds',
    labelNames: ['operation'] as const,
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  // every operation from the start, so a rate over one not yet run is 0, not absent
  for (const operation of QUERY_OPERATIONS) duration.zero({ operation });
  return observeQueries(db, (operation, seconds) => duration.observe({ operation }, seconds));
}

/**
 * The database's connections, read at scrape time: on PostgreSQL the node-postgres pool's open, idle and waiting
 * counts; the embedded PGlite is one connection in process.
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
