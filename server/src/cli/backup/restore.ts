import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DurableNodeFS } from '../../db/durable-fs.ts';
import { acquireDataDirLock, type DataDirLock, DataDirLockedError, LOCK_FILE } from '../../db/lock.ts';
import { diskStartParams } from '../../db/pglite-settings.ts';
import { fsyncPath } from '../../lib/fsync-path.ts';
import { countRows, serverRunningRefusal } from './backup.ts';
import { missingKeyIds } from './inventory.ts';
import { type BackupManifest, BackupRefusal, manifestPathOf, parseManifest, sha256 } from './manifest.ts';

/**
 * `npm run restore -- <file> [--data-dir DIR]`: a backup (backup.ts) back into an empty data directory. Every
 * check comes before anything is written: the manifest beside the file, the dump's sha256, the keyrings holding
 * every key id the sealed values name, the target empty. Then, with the target's lock held (no server can start on
 * it meanwhile), PGlite's loadDataDir unpacks the dump into a staging folder inside the target and starts it once;
 * its files are synced and moved into place with PG_VERSION last (as a new cluster is: db/cluster.ts), so a restore
 * cut off half-way leaves no directory that looks like a database. Last, the target is opened the way the server
 * opens it and every table's rows are counted against the manifest.
 */

export interface RestoreOptions {
  file: string;
  dataDir: string;
  /** the keyrings in force (loadConfig): each key id the backup names must be in them */
  keys: {
    piiKeys: { keys: Readonly<Record<string, string>> };
    storeTokenKeys: { keys: Readonly<Record<string, string>> };
  };
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** rows per table as the restored database counts them (equal to the manifest's) */
  tables: Record<string, number>;
  ms: number;
}

const STAGING = '.restore-staging';
const VERSION_FILE = 'PG_VERSION';

/** The manifest and the dump's bytes, checked; a refusal says what is wrong. */
export function readBackup(file: string): { manifest: BackupManifest; bytes: Uint8Array } {
  if (!existsSync(file) || !statSync(file).isFile()) {
    throw new BackupRefusal(`找不到备份文件 ${file} / The backup file ${file} does not exist`);
  }
  const manifestFile = manifestPathOf(file);
  if (!existsSync(manifestFile)) {
    throw new BackupRefusal(
      `找不到备份清单 ${manifestFile}（与备份文件放在一起，由 npm run backup 写出） / ` +
        `The backup manifest ${manifestFile} is missing (npm run backup writes it beside the file)`,
    );
  }
  const manifest = parseManifest(readFileSync(manifestFile, 'utf8'), manifestFile);
  const bytes = new Uint8Array(readFileSync(file));
  const actual = sha256(bytes);
  if (actual !== manifest.dump.sha256 || bytes.length !== manifest.dump.bytes) {
    throw new BackupRefusal(
      `备份文件 ${file} 已损坏或被改动：sha256 与清单不符（清单 ${manifest.dump.sha256}，实际 ${actual}），未恢复任何内容 / ` +
        `The backup file ${file} is corrupt or altered: its sha256 ${actual} is not the manifest's ` +
        `${manifest.dump.sha256}. Nothing was restored.`,
    );
  }
  return { manifest, bytes };
}

/** Refuses when the keyrings lack a key id the backup's sealed values name, naming each. */
export function checkKeys(manifest: BackupManifest, keys: RestoreOptions['keys']): void {
  const missing = missingKeyIds(manifest.keyIds, keys);
  const lines = [
    ...(missing.pii.length ? [`PII（PII_KEY / PII_OLD_KEYS）: ${missing.pii.join(', ')}`] : []),
    ...(missing.storeToken.length
      ? [`STORE_TOKEN（STORE_TOKEN_KEY / STORE_TOKEN_OLD_KEYS）: ${missing.storeToken.join(', ')}`]
      : []),
  ];
  if (lines.length === 0) return;
  throw new BackupRefusal(
    `当前配置的密钥环缺少备份所需的密钥编号，恢复后加密数据将无法读取，未恢复任何内容：\n  ${lines.join('\n  ')}\n` +
      '请把这些密钥配置为当前密钥或旧密钥（*_OLD_KEYS 中的 id:hex）后重试。\n' +
      `The configured keyrings lack key ids this backup needs (its sealed values would be unreadable); nothing ` +
      `was restored. Missing: ${[...missing.pii, ...missing.storeToken].join(', ')}. Configure them as the ` +
      'current or an old key (id:hex in *_OLD_KEYS) and try again.',
  );
}

/** Refuses a target that exists and is not an empty directory. */
function checkTarget(dataDir: string): void {
  if (!existsSync(dataDir)) return;
  if (!statSync(dataDir).isDirectory()) {
    throw new BackupRefusal(`${dataDir} 已存在且不是目录 / ${dataDir} exists and is not a directory`);
  }
  const entries = readdirSync(dataDir);
  if (entries.length > 0) {
    throw new BackupRefusal(
      `目标目录 ${dataDir} 不是空的（${entries.length} 项），恢复不会覆盖已有数据：请指定一个空目录（--data-dir），` +
        `或先移走该目录 / The target directory ${dataDir} is not empty (${entries.length} entries): a restore ` +
        'never overwrites data. Choose an empty directory (--data-dir) or move this one away first.',
    );
  }
}

/** fsync every file and directory under `dir`: PGlite's loader writes the files without syncing them. */
function syncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) syncTree(path);
    else if (entry.isFile()) fsyncPath(path);
  }
  fsyncPath(dir);
}

/** PGlite unpacks the dump into `staging` and starts on it once (replaying its WAL, if any), then stops. */
async function unpack(staging: string, bytes: Uint8Array): Promise<void> {
  mkdirSync(staging);
  const pglite = await PGlite.create({
    fs: new DurableNodeFS(staging),
    startParams: diskStartParams(),
    loadDataDir: new Blob([bytes], { type: 'application/x-gzip' }),
  });
  try {
    await pglite.query('select 1');
  } finally {
    await pglite.close();
  }
}

/** Moves the staged cluster into `dataDir`, PG_VERSION last; the dump's copy of the lock file is left out. */
function moveIntoPlace(staging: string, dataDir: string): void {
  syncTree(staging);
  const names = readdirSync(staging).filter((name) => !name.startsWith(LOCK_FILE));
  if (!names.includes(VERSION_FILE)) throw new Error(`the dump holds no ${VERSION_FILE}`);
  for (const name of [...names.filter((n) => n !== VERSION_FILE), VERSION_FILE]) {
    renameSync(join(staging, name), join(dataDir, name));
  }
  rmSync(staging, { recursive: true, force: true });
  fsyncPath(dataDir);
}

export async function restoreEmbedded(options: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  const { dataDir } = options;
  const { manifest, bytes } = readBackup(options.file);
  checkKeys(manifest, options.keys);
  checkTarget(dataDir);
  const created = !existsSync(dataDir);
  let lock: DataDirLock;
  try {
    lock = acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) throw serverRunningRefusal(error, '恢复');
    throw error;
  }
  // looked at again under the lock: nothing may have appeared since the first look
  if (readdirSync(dataDir).some((name) => !name.startsWith(LOCK_FILE))) {
    lock.release();
    throw new BackupRefusal(`目标目录 ${dataDir} 不是空的 / ${dataDir} is not empty`);
  }
  const staging = join(dataDir, STAGING);
  try {
    await unpack(staging, bytes);
    moveIntoPlace(staging, dataDir);
  } catch (error) {
    // the target was empty under the lock, so all it holds now is this restore's: cleared, it is as it was
    // (gone again, if this made it)
    for (const name of readdirSync(dataDir)) {
      if (!name.startsWith(LOCK_FILE)) rmSync(join(dataDir, name), { recursive: true, force: true });
    }
    lock.release();
    if (created) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  lock.release();
  const tables = await countRows(dataDir);
  const differ = Object.keys({ ...manifest.tables, ...tables }).filter(
    (name) => manifest.tables[name] !== tables[name],
  );
  if (differ.length > 0) {
    throw new Error(
      `恢复后的行数与备份清单不符 / the restored row counts differ from the manifest: ${differ.join(', ')}`,
    );
  }
  return { manifest, tables, ms: Math.round(performance.now() - started) };
}
