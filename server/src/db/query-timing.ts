import { performance } from 'node:perf_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/** What a statement does, from its first word: the only thing about it a timing tells (never its text or values). */
export type QueryOperation = 'select' | 'insert' | 'update' | 'delete' | 'other';

export const QUERY_OPERATIONS: readonly QueryOperation[] = ['select', 'insert', 'update', 'delete', 'other'];

/** Told of each statement the driver ran: what it did and how long it took (seconds, failed ones too). */
export type QueryObserver = (operation: QueryOperation, seconds: number) => void;

/** The observers of one database (one pool or one PGlite client), fed by its driver-level wrapper. */
export interface QueryTiming {
  observers: Set<QueryObserver>;
}

const LEADING_WORD = /^\s*([A-Za-z]+)/;

export function operationOf(text: unknown): QueryOperation {
  if (typeof text !== 'string') return 'other';
  const word = LEADING_WORD.exec(text)?.[1]?.toLowerCase();
  return word === 'select' || word === 'insert' || word === 'update' || word === 'delete' ? word : 'other';
}

function tell(timing: QueryTiming, text: unknown, started: number): void {
  const seconds = (performance.now() - started) / 1000;
  const operation = operationOf(text);
  for (const observer of timing.observers) observer(operation, seconds);
}

/** `fn()`'s promise, its settling told to the observers; untouched (not even timed) while nobody observes. */
function timed<T>(timing: QueryTiming, text: unknown, fn: () => Promise<T>): Promise<T> {
  if (timing.observers.size === 0) return fn();
  const started = performance.now();
  return fn().then(
    (result) => {
      tell(timing, text, started);
      return result;
    },
    (error: unknown) => {
      tell(timing, text, started);
      throw error;
    },
  );
}

/** The database's timing, by its Drizzle object (what the app is given): set by client.ts when it opens one. */
const timings = new WeakMap<object, QueryTiming>();

export function newQueryTiming(): QueryTiming {
  return { observers: new Set() };
}

export function attachQueryTiming(db: object, timing: QueryTiming): void {
  timings.set(db, timing);
}

/**
 * Tells `observer` of every statement run on `db` (by any app or job engine on it) until the returned function is
 * called. A database opened elsewhere than client.ts has no timing: nothing is observed.
 */
export function observeQueries(db: object, observer: QueryObserver): () => void {
  const timing = timings.get(db);
  if (!timing) return () => {};
  timing.observers.add(observer);
  return () => timing.observers.delete(observer);
}

type PgQuery = (...args: unknown[]) => unknown;

/**
 * node-postgres: each connection of this pool (made when the pool opens it, before its first query) has its query
 * timed, so pool.query (which runs on a connection) and a transaction's queries on a checked-out connection are
 * each timed once. This pool's connections only: no prototype is patched.
 */
export function timePoolQueries(pool: pg.Pool, timing: QueryTiming): void {
  pool.on('connect', (client) => {
    const query = client.query as unknown as PgQuery;
    const timedQuery: PgQuery = function (this: unknown, ...args) {
      const [config, values, callback] = args;
      if (timing.observers.size === 0) return query.apply(this, args);
      let text: unknown;
      if (typeof config === 'string') text = config;
      else if (
        typeof config === 'object' &&
        config !== null &&
        !('submit' in config) &&
        !('callback' in config)
      )
        text = (config as { text?: unknown }).text;
      // a submittable (cursor, stream) or a config carrying its own callback: left alone
      else return query.apply(this, args);
      const done = typeof callback === 'function' ? 2 : typeof values === 'function' ? 1 : -1;
      if (done < 0) return timed(timing, text, () => query.apply(this, args) as Promise<unknown>);
      // pool.query's way: a callback
      const started = performance.now();
      const given = args[done] as (...results: unknown[]) => unknown;
      args[done] = (...results: unknown[]) => {
        tell(timing, text, started);
        return given(...results);
      };
      return query.apply(this, args);
    };
    client.query = timedQuery as unknown as typeof client.query;
  });
}

/** The query and exec of a PGlite client or transaction, each call timed. */
function timedStatements(target: Pick<Transaction, 'query' | 'exec'>, timing: QueryTiming) {
  const wrap =
    (method: PgQuery): PgQuery =>
    (text, ...rest) =>
      timed(timing, text, () => method.call(target, text, ...rest) as Promise<unknown>);
  return { query: wrap(target.query as PgQuery), exec: wrap(target.exec as PgQuery) };
}

/** A PGlite transaction whose query and exec are timed. */
function timedTransaction(tx: Transaction, timing: QueryTiming): Transaction {
  const { query, exec } = timedStatements(tx, timing);
  return new Proxy(tx, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'exec') return exec;
      return Reflect.get(target, property, target);
    },
  });
}

/**
 * PGlite: query and exec timed, and the query and exec of the transactions it runs (Drizzle's transactions, the
 * job engine's scripts). Its BEGIN and COMMIT, run by PGlite itself, are not.
 */
export function timePglite(client: PGlite, timing: QueryTiming): PGlite {
  const { query, exec } = timedStatements(client, timing);
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    client.transaction((tx) => callback(timing.observers.size === 0 ? tx : timedTransaction(tx, timing)));
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'exec') return exec;
      if (property === 'transaction') return transaction;
      return Reflect.get(target, property, target);
    },
  });
}
