import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../../src/db/migrate.ts';

interface Journal {
  entries: { idx: number; tag: string }[];
}

export interface DatabaseBefore {
  client: PGlite;
  db: PgliteDatabase;
  /** applies the named migration and every later one */
  migrateRest(): Promise<void>;
  close(): Promise<void>;
}

/**
 * An in-memory database as it stood before the migration `tag` (e.g. `0017_personal_data_sealed`): the earlier
 * migrations copied to a folder of their own and applied, so a test can write rows in the old shape.
 */
export async function databaseBefore(tag: string): Promise<DatabaseBefore> {
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const target = journal.entries.find((e) => e.tag === tag);
  if (!target) throw new Error(`no migration ${tag}`);
  const entries = journal.entries.filter((e) => e.idx < target.idx);
  const dir = mkdtempSync(join(tmpdir(), `before-${tag}-`));
  try {
    mkdirSync(join(dir, 'meta'), { recursive: true });
    for (const e of entries) copyFileSync(join(MIGRATIONS_FOLDER, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
    writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: dir });
    return {
      client,
      db,
      migrateRest: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => client.close(),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function columnsOf(db: PgliteDatabase, table: string): Promise<string[]> {
  const result = await db.execute(
    sql`select column_name from information_schema.columns where table_name = ${table} order by 1`,
  );
  return (result.rows as { column_name: string }[]).map((r) => r.column_name);
}
