import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { MIGRATIONS_FOLDER } from './migrate.ts';
import { rowsOf } from './rows.ts';

interface Journal {
  entries: { tag: string; when: number }[];
}

/** The migrations this build carries (drizzle-kit's journal), read once. */
const JOURNAL = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;

/**
 * The tags of the migrations this build carries that the database has not applied. Drizzle's migrator records
 * each applied migration with its journal time in drizzle.__drizzle_migrations; a database without that table has
 * applied none.
 */
export async function pendingMigrations(db: Database): Promise<string[]> {
  if (!(await hasMigrationsTable(db))) return JOURNAL.entries.map((e) => e.tag);
  const [applied] = rowsOf<{ last: string | null }>(
    await db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`),
  );
  const last = Number(applied?.last ?? 0);
  return JOURNAL.entries.filter((e) => e.when > last).map((e) => e.tag);
}

async function hasMigrationsTable(db: Database): Promise<boolean> {
  const [table] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  return table?.present === true;
}

/** How many migrations the database records as applied, and how many of this build's it has not applied. */
export async function migrationCounts(db: Database): Promise<{ applied: number; pending: number }> {
  const pending = (await pendingMigrations(db)).length;
  if (!(await hasMigrationsTable(db))) return { applied: 0, pending };
  const [row] = rowsOf<{ applied: number }>(
    await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`),
  );
  return { applied: Number(row?.applied ?? 0), pending };
}
