import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../db/client.ts';

interface SqlResult {
  rows: unknown[];
}

/**
 * The database pg-boss talks to: its `db` option only needs `executeSql(text, values)`. Built over the app's
 * own connection (the node-postgres pool, or the embedded PGlite client), so the engine shares the database
 * the app uses. After `close()` every call answers `undefined` without touching the database (as pg-boss's
 * own closed connection does), so a worker loop that is still winding down cannot use a database the app has
 * closed.
 */
export interface BossDatabase {
  executeSql(text: string, values?: unknown[]): Promise<SqlResult | undefined>;
  /** refuses new calls and waits for those already sent (their failures are the caller's) */
  close(): Promise<void>;
}

export function bossDatabase(db: Database): BossDatabase {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  const run = client instanceof PGlite ? pgliteRunner(client) : poolRunner(client);
  let closed = false;
  const inFlight = new Set<Promise<unknown>>();
  return {
    executeSql: async (text, values) => {
      if (closed) return undefined;
      const call = run(text, values);
      inFlight.add(call);
      try {
        return await call;
      } finally {
        inFlight.delete(call);
      }
    },
    close: async () => {
      closed = true;
      await Promise.allSettled([...inFlight]);
    },
  };
}

type Runner = (text: string, values?: unknown[]) => Promise<SqlResult>;

/**
 * PGlite: `query` runs one parameterised statement; pg-boss's schema and maintenance scripts are several
 * statements in one string (`BEGIN; … COMMIT;`) without parameters, which `exec` runs. Such a script runs
 * inside PGlite's own transaction instead of its BEGIN/COMMIT: PGlite's one connection is held for the whole
 * script and a failure is rolled back before anything else runs on it (another engine, the app).
 */
function pgliteRunner(client: PGlite): Runner {
  return async (text, values) => {
    if (values && values.length > 0) return client.query(text, values);
    const script = /^\s*BEGIN;([\s\S]*?)COMMIT;\s*$/.exec(text);
    if (!script) return last(await client.exec(text));
    const body = script[1] ?? '';
    return client.transaction(async (tx) => last(await tx.exec(body)));
  };
}

function last(results: SqlResult[]): SqlResult {
  return results[results.length - 1] ?? { rows: [] };
}

/** node-postgres: a script runs on one checked-out connection, rolled back on failure before it is returned. */
function poolRunner(pool: pg.Pool): Runner {
  return async (text, values) => {
    if (values && values.length > 0) return pool.query(text, values);
    const connection = await pool.connect();
    try {
      const result: SqlResult | SqlResult[] = await connection.query(text);
      return Array.isArray(result) ? (result[result.length - 1] ?? { rows: [] }) : result;
    } catch (error) {
      await connection.query('ROLLBACK').catch(() => {});
      throw asInstallRace(error);
    } finally {
      connection.release();
    }
  };
}

/**
 * Servers starting at once each install the engine's schema. pg-boss serialises that with an advisory lock and
 * takes an "already exists" failure as the other server having installed it; PostgreSQL may instead report the
 * same race as a duplicate key of a catalog (pg_namespace, pg_type, pg_class): said in pg-boss's words.
 */
function asInstallRace(error: unknown): unknown {
  const { code, constraint, message } = error as { code?: string; constraint?: string; message?: string };
  if (code !== '23505' || !constraint?.startsWith('pg_')) return error;
  return Object.assign(
    new Error(`${message} (already exists: installed by another server at the same time)`),
    {
      code,
      constraint,
    },
  );
}
