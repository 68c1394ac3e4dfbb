import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { MIGRATIONS_FOLDER } from '../../db/migrate.ts';
import { rowsOf } from '../../db/rows.ts';
import { SEALED_COLUMNS } from '../../lib/sealed-columns.ts';

/**
 * What a database holds, as a backup's manifest records it and a restore checks it: every table's row count, the
 * latest migration applied, and the key ids its sealed values name (the keys themselves are never read).
 */

async function query<T>(db: Database, text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(text));
}

export interface TableName {
  schema: string;
  name: string;
}

/** `"schema"."name"`, quoted for SQL. */
export const qualified = (t: TableName) =>
  `"${t.schema.replaceAll('"', '""')}"."${t.name.replaceAll('"', '""')}"`;

/**
 * Every table holding rows, in every schema but PostgreSQL's own (public, drizzle's migrations, the job engine's
 * pgboss): ordinary tables and partitions; a partitioned table's rows are counted in its partitions.
 */
export async function listTables(db: Database): Promise<TableName[]> {
  return query<TableName>(
    db,
    sql`select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname !~ '^pg_(toast|temp)'
      order by 1, 2`,
  );
}

/** Row count per table, keyed `schema.name`, in listTables' order. */
export async function tableCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(db)) {
    const [row] = await query<{ n: string }>(
      db,
      sql.raw(`select count(*)::text as n from ${qualified(table)}`),
    );
    counts[`${table.schema}.${table.name}`] = Number(row?.n ?? 0);
  }
  return counts;
}

export interface MigrationLevel {
  /** how many migrations the database has applied */
  applied: number;
  /** the tag of the latest one (drizzle-kit's journal), or null when none is applied or this build lacks it */
  latest: string | null;
  /** its journal time (drizzle records it as created_at), or null when none is applied */
  latestAt: number | null;
}

interface Journal {
  entries: { tag: string; when: number }[];
}

/** The migrations this build carries: their tags and journal times. */
export function journal(): Journal['entries'] {
  return (JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal)
    .entries;
}

export async function migrationLevel(db: Database): Promise<MigrationLevel> {
  const [present] = await query<{ ok: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  );
  if (!present?.ok) return { applied: 0, latest: null, latestAt: null };
  const [row] = await query<{ n: string; last: string | null }>(
    db,
    sql`select count(*)::text as n, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const latestAt = row?.last ? Number(row.last) : null;
  const latest = journal().find((e) => e.when === latestAt)?.tag ?? null;
  return { applied: Number(row?.n ?? 0), latest, latestAt };
}

/** The key ids sealed values name, per keyring, and how many values name none (v1: any key of the ring). */
export interface SealedKeys {
  keyIds: { pii: string[]; storeToken: string[] };
  unnamed: { pii: number; storeToken: number };
}

async function columnsPresent(db: Database): Promise<Set<string>> {
  const rows = await query<{ t: string; c: string }>(
    db,
    sql`select table_name as t, column_name as c from information_schema.columns where table_schema = 'public'`,
  );
  return new Set(rows.map((r) => `${r.t}.${r.c}`));
}

/**
 * Reads the key ids from the stored values (`v2.<key id>.…`, lib/at-rest.ts) of every sealed column and from
 * the stored documents (document_blobs.key_id, lib/sealed-bytes.ts). A column this database does not have yet
 * (an older migration level) is skipped.
 */
export async function sealedKeys(db: Database): Promise<SealedKeys> {
  const present = await columnsPresent(db);
  const ids = { pii: new Set<string>(), storeToken: new Set<string>() };
  const unnamed = { pii: 0, storeToken: 0 };
  for (const spec of Object.values(SEALED_COLUMNS)) {
    if (!present.has(`${spec.table}.${spec.column}`)) continue;
    const column = sql.identifier(spec.column);
    const rows = await query<{ id: string; n: number }>(
      db,
      sql`select case when ${column} like 'v2.%' then split_part(${column}, '.', 2) else '' end as id,
          count(*)::int as n
        from ${sql.identifier(spec.table)} where ${column} like 'v2.%' or ${column} like 'v1.%' group by 1`,
    );
    for (const row of rows) {
      if (row.id) ids[spec.ring].add(row.id);
      else unnamed[spec.ring] += Number(row.n);
    }
  }
  if (present.has('document_blobs.key_id')) {
    const rows = await query<{ id: string }>(db, sql`select distinct key_id as id from document_blobs`);
    for (const row of rows) ids.pii.add(row.id);
  }
  return {
    keyIds: { pii: [...ids.pii].sort(), storeToken: [...ids.storeToken].sort() },
    unnamed,
  };
}

/** Documents whose bytes are not in the database, so not in an embedded backup: in the S3 bucket, in FILE_DIR. */
export async function documentsOutside(db: Database): Promise<{ s3: number; plainFiles: number }> {
  const present = await columnsPresent(db);
  if (!present.has('documents.storage_key')) return { s3: 0, plainFiles: 0 };
  const [row] = await query<{ s3: number; plain: number }>(
    db,
    sql`select count(*) filter (where storage_key like 's3/%')::int as s3,
        count(*) filter (where storage_key not like 's3/%' and storage_key not like 'db/%')::int as plain
      from documents`,
  );
  return { s3: Number(row?.s3 ?? 0), plainFiles: Number(row?.plain ?? 0) };
}

/** The key ids `needed` names that the keyrings lack, per keyring; empty lists when nothing is missing. */
export function missingKeyIds(
  needed: SealedKeys['keyIds'],
  keys: {
    piiKeys: { keys: Readonly<Record<string, string>> };
    storeTokenKeys: { keys: Readonly<Record<string, string>> };
  },
): { pii: string[]; storeToken: string[] } {
  return {
    pii: needed.pii.filter((id) => keys.piiKeys.keys[id] === undefined),
    storeToken: needed.storeToken.filter((id) => keys.storeTokenKeys.keys[id] === undefined),
  };
}
