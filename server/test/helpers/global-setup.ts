import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { seedDemoAccounts } from '../../src/db/seed.ts';
import { START } from './clock.ts';
import { PG_TEST_WORKERS, workerDatabaseName } from './database-url.ts';

/**
 * Creates the workers' databases (fresh: an earlier run's leftovers are dropped); returns their teardown. They
 * commit without waiting for the WAL to reach the disk (synchronous_commit off, for these databases only): what
 * a commit shows to other sessions is unchanged, only a crash of the server could lose the last commits of
 * databases that are dropped at the end anyway. The PostgreSQL pass in 117 s instead of 127 s here.
 */
async function workerDatabases(databaseUrl: string): Promise<() => Promise<void>> {
  const base = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const names = Array.from({ length: PG_TEST_WORKERS }, (_, i) => workerDatabaseName(base, i + 1));
  for (const name of names) {
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new Error(`unusable test database name ${name}`);
  }
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    for (const name of names) {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`create database "${name}"`);
      await admin.query(`alter database "${name}" set synchronous_commit = off`);
    }
  } finally {
    await admin.end();
  }
  return async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (const name of names) await client.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await client.end();
    }
  };
}

/**
 * Starting PGlite from nothing runs initdb (seconds). On PGlite, build one migrated and seeded database
 * once and let every test file start its own in-memory copy of it. On PostgreSQL, make each worker's database
 * beside DATABASE_URL's (database-url.ts) and drop them at the end.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return workerDatabases(process.env.DATABASE_URL);
  const handle = await openDatabase({ databaseUrl: null, dataDir: null });
  await handle.migrate();
  await seedDemoAccounts(handle.db, loadConfig({ NODE_ENV: 'development' }), START);
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const dir = mkdtempSync(join(tmpdir(), 'loan-test-template-'));
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  // the server-process tests start main.ts on a copy of a migrated data directory instead of creating and
  // migrating a cluster on disk for each start (server-process.ts)
  const dataDir = join(dir, 'data-dir');
  const onDisk = await openDatabase({ databaseUrl: null, dataDir });
  await onDisk.migrate();
  await onDisk.close();
  project.provide('pgliteDataDir', dataDir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** a migrated PGlite data directory to copy (no data in it) */
    pgliteDataDir: string;
  }
}
