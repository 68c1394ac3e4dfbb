import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database } from '../src/db/client.ts';
import { migratePglite, migratePostgres } from '../src/db/migrate.ts';
import * as schema from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed-catalogue.ts';
import { CASES, deepCursors } from './scale-cases.ts';
import {
  benchLists,
  type CursorSets,
  cursorKey,
  explainCases,
  type Row,
  startServer,
  table,
} from './scale-measure.ts';
import {
  HEAVY,
  log,
  PAGE,
  PASSWORD,
  REQUESTS,
  type Sizes,
  type Sql,
  seed,
  sizesFor,
  timed,
} from './scale-seed.ts';
import { signIn, stopProcess } from './support.ts';

// ---------------------------------------------------------------------------------------------------------
// one run on one database

interface Handle {
  sql: Sql;
  db: Database;
  makeDb: (logger: Logger) => Database;
  close(): Promise<void>;
}

/**
 * Seed and collect the deep cursors with the bench's own connection, close it (PGlite's directory belongs to
 * one process at a time), measure through the server, then open it again for the EXPLAINs.
 */
async function runOn(
  title: string,
  sizes: Sizes,
  open: () => Promise<Handle>,
  migrate: (handle: Handle) => Promise<void>,
  serverEnv: NodeJS.ProcessEnv,
): Promise<string[]> {
  log(
    `${title}: ${sizes.borrowers} borrowers, ${sizes.applications} applications, ${sizes.loans} loans, ${sizes.ledgerLines} ledger lines`,
  );
  let handle = await open();
  let heavyIds: number[];
  const cursorSets: CursorSets = new Map();
  try {
    await migrate(handle);
    await seedCatalogue(handle.db);
    const base = await timed('seed in all', () => seed(handle.sql, sizes));
    heavyIds = Array.from({ length: HEAVY }, (_, i) => base + i);
    for (const c of CASES) {
      for (const id of heavyIds) cursorSets.set(cursorKey(c, id), await deepCursors(handle.sql, c, id));
    }
  } finally {
    await handle.close();
  }
  const server = await startServer(serverEnv);
  let rows: Row[];
  try {
    const heavy = [];
    for (const [i, id] of heavyIds.entries())
      heavy.push({ id, token: await signIn(server.base, `bench${i + 1}`, PASSWORD) });
    rows = await benchLists(server.base, heavy, cursorSets);
  } finally {
    await stopProcess(server.child);
  }
  handle = await open();
  try {
    const plans = await explainCases(handle.makeDb, handle.sql, heavyIds[0] ?? 0, cursorSets);
    return [...table(title, rows), '', ...plans];
  } finally {
    await handle.close();
  }
}

async function pgliteRun(scale: number): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'loan-bench-scale-'));
  const open = async (): Promise<Handle> => {
    const client = await PGlite.create(dataDir);
    return {
      sql: {
        query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      },
      db: drizzlePglite({ client, schema }) as unknown as Database,
      makeDb: (logger) => drizzlePglite({ client, schema, logger }) as unknown as Database,
      close: () => client.close(),
    };
  };
  try {
    return await runOn(
      `PGlite (embedded), ${scale} of the PostgreSQL sizes`,
      sizesFor(scale),
      open,
      (h) => migratePglite(h.db as never),
      { DATA_DIR: dataDir, DATABASE_URL: '' },
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(text: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await client.connect();
    await client.query(text);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function postgresRun(scale: number): Promise<string[] | null> {
  const name = `loan_bench_scale_${Date.now()}`;
  if (!(await adminQuery(`create database ${name}`))) return null;
  const url = `postgres://postgres@127.0.0.1:5432/${name}`;
  const open = async (): Promise<Handle> => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    return {
      sql: {
        query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
      },
      db: drizzlePg({ client: pool, schema }) as unknown as Database,
      makeDb: (logger) => drizzlePg({ client: pool, schema, logger }) as unknown as Database,
      close: () => pool.end(),
    };
  };
  try {
    return await runOn(
      `PostgreSQL, ${scale === 1 ? 'full sizes' : `${scale} of the full sizes`}`,
      sizesFor(scale),
      open,
      async () => {
        const pool = new pg.Pool({ connectionString: url, max: 1 });
        try {
          await migratePostgres(pool);
        } finally {
          await pool.end();
        }
      },
      { DATABASE_URL: url },
    );
  } finally {
    // BENCH_KEEP=1 leaves the database for a look at it afterwards
    if (process.env.BENCH_KEEP === '1') log(`kept database ${name}`);
    else await adminQuery(`drop database if exists ${name} with (force)`);
  }
}

const started = Date.now();
const report: string[] = [];
const pgScale = Number(process.env.BENCH_SCALE ?? 1);
const pgliteScale = Number(process.env.BENCH_PGLITE_SCALE ?? pgScale / 10);
const only = process.env.BENCH_ONLY; // 'postgres' | 'pglite'
if (only !== 'pglite') {
  const pgReport = await postgresRun(pgScale);
  if (pgReport) report.push(...pgReport);
  else log('PostgreSQL does not answer on 127.0.0.1:5432: skipped');
}
if (only !== 'postgres') report.push(...(await pgliteRun(pgliteScale)));
console.log(
  `\n${REQUESTS} requests per case, one at a time, page size ${PAGE}, ${new Date().toISOString()}, node ${process.version}, ${Math.round((Date.now() - started) / 1000)} s in all\n`,
);
console.log(report.join('\n'));
