import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { shanghaiDateTime, shanghaiStamp } from '@loan/domain';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { DataDirLockedError } from '../../db/lock.ts';
import { rowsOf } from '../../db/rows.ts';
import { documentsOutside, migrationLevel, sealedKeys, tableCounts } from './inventory.ts';
import {
  type BackupManifest,
  BackupRefusal,
  MANIFEST_FORMAT,
  manifestPathOf,
  sha256,
  writeDurably,
} from './manifest.ts';

/**
 * `npm run backup`: a consistent copy of the embedded database (PGlite in DATA_DIR) in one file, with its manifest
 * beside it (manifest.ts). The data directory is opened the way the server opens it, lock included: while the
 * backup runs no server can start on it, and a running server makes the backup refuse. Inside, a CHECKPOINT
 * writes every change into the data files, then PGlite's dumpDataDir tars and gzips the directory; PGlite runs one
 * backend, held by the dump, so nothing changes between the checkpoint, the counts and the dump.
 */

export interface BackupOptions {
  dataDir: string;
  /** the dump's path; its manifest is `<out>.json` */
  out: string;
  now?: Date;
}

export interface BackupResult {
  file: string;
  manifestFile: string;
  manifest: BackupManifest;
  ms: number;
}

/** `<dir>/portal-<Shanghai yyyyMMdd-HHmmss>.tar.gz` */
export function defaultBackupPath(dir: string, now: Date): string {
  const stamp = shanghaiStamp(now);
  return join(dir, `portal-${stamp.slice(0, 8)}-${stamp.slice(8)}.tar.gz`);
}

/** The refusal when the data directory is held (a running server, or another command). */
export function serverRunningRefusal(error: DataDirLockedError, doing: '备份' | '恢复'): BackupRefusal {
  const english = doing === '备份' ? 'back up' : 'restore';
  return new BackupRefusal(
    `数据目录 ${error.dataDir} 正被另一个进程（pid ${error.pid}）使用，多半是正在运行的服务器：` +
      `内嵌数据库同一时间只能由一个进程打开，请先停止服务器（kill ${error.pid}）再${doing}。` +
      `使用 PostgreSQL（DATABASE_URL）时，请用 pg_dump / pg_restore（见 docs/OPERATIONS.md）。\n` +
      `The data directory ${error.dataDir} is in use by another process (pid ${error.pid}), most likely the ` +
      `running server: the embedded database opens in one process at a time. Stop the server first ` +
      `(kill ${error.pid}), then ${english}. On PostgreSQL (DATABASE_URL), use pg_dump / pg_restore ` +
      `(docs/OPERATIONS.md).`,
  );
}

/** The refusal when DATABASE_URL is set: that database is PostgreSQL's to back up. */
export const postgresRefusal = () =>
  new BackupRefusal(
    'DATABASE_URL 已设置：数据库是 PostgreSQL，本命令只备份和恢复内嵌数据库（DATA_DIR）。' +
      'PostgreSQL 请用 pg_dump -Fc 备份、pg_restore 恢复，见 docs/OPERATIONS.md。\n' +
      'DATABASE_URL is set: the database is PostgreSQL, and this command backs up and restores the embedded ' +
      'database (DATA_DIR) only. Back PostgreSQL up with pg_dump -Fc and restore with pg_restore: see ' +
      'docs/OPERATIONS.md.',
  );

/** PGlite under the handle (Drizzle keeps its client as $client; the prepared-reads proxy passes calls on). */
export const pgliteOf = (handle: DatabaseHandle) => (handle.db as unknown as { $client: PGlite }).$client;

async function openHeld(dataDir: string, doing: '备份' | '恢复'): Promise<DatabaseHandle> {
  try {
    return await openDatabase({ databaseUrl: null, dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) throw serverRunningRefusal(error, doing);
    throw error;
  }
}

/** Opens the restored directory as the server would (its lock taken) and counts its rows. */
export async function countRows(dataDir: string): Promise<Record<string, number>> {
  const handle = await openHeld(dataDir, '恢复');
  try {
    return await tableCounts(handle.db);
  } finally {
    await handle.close();
  }
}

export async function backupEmbedded(options: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const { dataDir, out } = options;
  const manifestFile = manifestPathOf(out);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new BackupRefusal(
      `数据目录 ${dataDir} 中没有内嵌数据库，没有可备份的内容 / There is no embedded database in ${dataDir}: nothing to back up`,
    );
  }
  for (const path of [out, manifestFile]) {
    if (existsSync(path))
      throw new BackupRefusal(`${path} 已存在，不会覆盖 / ${path} exists: not overwritten`);
  }
  const handle = await openHeld(dataDir, '备份');
  let manifest: BackupManifest;
  try {
    const now = options.now ?? new Date();
    await handle.db.execute(sql`checkpoint`);
    const [version] = rowsOf<{ server_version: string }>(await handle.db.execute(sql`show server_version`));
    const keys = await sealedKeys(handle.db);
    const tables = await tableCounts(handle.db);
    const migration = await migrationLevel(handle.db);
    const outside = await documentsOutside(handle.db);
    const dump = await pgliteOf(handle).dumpDataDir('gzip');
    const bytes = new Uint8Array(await dump.arrayBuffer());
    writeDurably(out, bytes);
    manifest = {
      format: MANIFEST_FORMAT,
      version: 1,
      createdAt: now.toISOString(),
      createdAtShanghai: shanghaiDateTime(now),
      dump: { file: basename(out), bytes: bytes.length, sha256: sha256(bytes) },
      postgres: version?.server_version ?? '',
      migration,
      tables,
      keyIds: keys.keyIds,
      unnamedSealedValues: keys.unnamed,
      documentsOutside: outside,
    };
  } finally {
    await handle.close();
  }
  writeDurably(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  return { file: out, manifestFile, manifest, ms: Math.round(performance.now() - started) };
}
