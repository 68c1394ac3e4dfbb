import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { ensureCluster } from './cluster.ts';
import { DurableNodeFS } from './durable-fs.ts';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';
import { migratePglite, migratePostgres } from './migrate.ts';
import { withPreparedReads } from './pglite-prepared.ts';
import { diskStartParams } from './pglite-settings.ts';
import { attachQueryTiming, newQueryTiming, timePglite, timePoolQueries } from './query-timing.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The Drizzle database, PGlite or node-postgres; a transaction handle has the same type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Which database a handle talks to, read from its client (the handle's `kind` is not passed to buildApp): the
 * embedded PGlite, or a node-postgres pool. The same test as the job engine's (jobs/boss-db.ts).
 */
export function databaseKindOf(db: Database): DatabaseKind {
  return (db as unknown as { $client: unknown }).$client instanceof PGlite ? 'pglite' : 'postgres';
}

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** applies the SQL migrations of server/drizzle */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… ; null uses PGlite */
  databaseUrl: string | null;
  /** PGlite data directory; null keeps the database in memory (tests) */
  dataDir: string | null;
  /** in-memory PGlite only: start from this dump (PGlite's dumpDataDir) instead of an empty cluster */
  loadDataDir?: Blob;
}

/** Opens the database: node-postgres when a URL is given, else PGlite (taking the data directory lock). */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.loadDataDir);
}

const BYTEA_OID = 17;

/**
 * bytea through Buffer's hex codec: PGlite's own goes byte by byte through an array of strings (a 5 MB document
 * took seconds each way). Same text form (`\\x` + hex), same values.
 */
const BYTEA_CODECS = {
  serializers: {
    [BYTEA_OID]: (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
    },
  },
  parsers: {
    [BYTEA_OID]: (text: string) => new Uint8Array(Buffer.from(text.slice(2), 'hex')),
  },
};

/**
 * PGlite on a data directory: the cluster created by a child process on the first start (cluster.ts), then
 * opened durable and lean (pglite-settings.ts, durable-fs.ts). In memory (tests): PGlite's defaults.
 */
async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const lock: DataDirLock | null = dataDir ? acquireDataDirLock(dataDir) : null;
  let client: PGlite;
  try {
    if (dataDir) {
      await ensureCluster(dataDir);
      client = await PGlite.create({
        fs: new DurableNodeFS(dataDir),
        startParams: diskStartParams(),
        ...BYTEA_CODECS,
      });
    } else {
      client = await PGlite.create({ loadDataDir, ...BYTEA_CODECS });
    }
  } catch (error) {
    lock?.release();
    throw error;
  }
  // timed outside the prepared reads: a read is timed once, prepared or not (metrics: db_query_duration_seconds)
  const timing = newQueryTiming();
  const db = drizzlePglite({ client: timePglite(withPreparedReads(client), timing), schema });
  attachQueryTiming(db, timing);
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const timing = newQueryTiming();
  timePoolQueries(pool, timing);
  const db = drizzlePg({ client: pool, schema });
  attachQueryTiming(db, timing);
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    migrate: () => migratePostgres(pool),
    close: () => pool.end(),
  };
}
