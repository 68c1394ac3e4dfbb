import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fsyncPath } from '../../lib/fsync-path.ts';
import type { MigrationLevel, SealedKeys } from './inventory.ts';

/**
 * An embedded-database backup is two files side by side:
 * - `<name>.tar.gz`: PGlite's own dump of the data directory (dumpDataDir, a gzip tarball), byte for byte. PGlite's
 *   loadDataDir reads it back, and so does `tar xzf` (the PostgreSQL data directory as it is);
 * - `<name>.tar.gz.json`: this manifest, plain JSON, readable without unpacking anything: when, the migration
 *   level, the row count of every table, the sha256 of the dump, and the key ids (never the keys) that the sealed
 *   values name. A restore refuses without it.
 */
export const MANIFEST_FORMAT = 'loan-portal/pglite-backup';

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  version: 1;
  /** when the dump was taken, ISO UTC, and in Shanghai time */
  createdAt: string;
  createdAtShanghai: string;
  dump: { file: string; bytes: number; sha256: string };
  /** PostgreSQL's server_version inside PGlite (a dump opens with the same major version) */
  postgres: string;
  migration: MigrationLevel;
  /** rows per table, `schema.name` */
  tables: Record<string, number>;
  /** the key ids the sealed values and stored documents name: the keyrings must hold each to read them */
  keyIds: SealedKeys['keyIds'];
  /** sealed values in the earlier v1 format, which name no key (any key of the ring may open them) */
  unnamedSealedValues: SealedKeys['unnamed'];
  /** documents whose bytes are kept outside the database, so outside this backup (S3 bucket, FILE_DIR) */
  documentsOutside: { s3: number; plainFiles: number };
}

/** An expected refusal: the command prints the message (Chinese / English) and exits 1, nothing changed. */
export class BackupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusal';
  }
}

export const manifestPathOf = (dumpPath: string) => `${dumpPath}.json`;

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Writes whole or not at all: a temporary file beside it, synced, renamed into place, the directory synced. */
export function writeDurably(path: string, bytes: Uint8Array | string): void {
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.partial`;
  try {
    writeFileSync(partial, bytes, { flag: 'wx' });
    fsyncPath(partial);
    renameSync(partial, path);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  fsyncPath(dirname(path));
}

/** The manifest of a dump, or a refusal saying why it cannot be used. */
export function parseManifest(text: string, path: string): BackupManifest {
  let value: Partial<BackupManifest>;
  try {
    value = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new BackupRefusal(
      `备份清单 ${path} 不是有效的 JSON / The backup manifest ${path} is not valid JSON`,
    );
  }
  const ok =
    value.format === MANIFEST_FORMAT &&
    value.version === 1 &&
    typeof value.dump?.sha256 === 'string' &&
    typeof value.tables === 'object' &&
    Array.isArray(value.keyIds?.pii) &&
    Array.isArray(value.keyIds?.storeToken);
  if (!ok) {
    throw new BackupRefusal(
      `${path} 不是本系统的备份清单（或版本不受支持） / ${path} is not a backup manifest of this portal (or of an unsupported version)`,
    );
  }
  return value as BackupManifest;
}
