import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Keyring } from '../../lib/at-rest.ts';
import { openBytes, sealBytes } from '../../lib/sealed-bytes.ts';
import { createDatabaseBlobs } from './database.ts';
import type { BlobBackend, BlobPlace, FileStorage } from './file-storage.ts';
import { createLocalFileStorage, LOCAL_KEY_SHAPE } from './local.ts';
import { createS3Blobs, createS3Sender, type S3Sender } from './s3.ts';

/** `<place>/u<userId>/<KIND>-<uuid>.<ext>`: the place, the owner, the kind and the file; never user text. */
export const SEALED_KEY_SHAPE = /^(db|s3)\/u\d+\/[A-Z_]+-[0-9a-f-]{36}\.(jpg|png|pdf)$/;

export interface SealedFileStorage extends FileStorage {
  /** where new files go */
  current: BlobBackend;
  /** every place this server reads from, by the first part of the key */
  backends: Partial<Record<BlobPlace, BlobBackend>>;
}

/**
 * Files sealed with the personal-data keyring (AES-256-GCM, the current key seals, every key of the ring
 * opens), bound to their storage key, written to `current`. Keys of the earlier plain store (`u<id>/…` under
 * FILE_DIR) are still read and removed there until the start has moved them.
 */
export function createSealedFileStorage(options: {
  keys: { piiKeys: Keyring };
  current: BlobBackend;
  others?: BlobBackend[];
  /** FILE_DIR: the earlier plain files */
  legacyDir: string;
}): SealedFileStorage {
  const ring = options.keys.piiKeys;
  const backends: SealedFileStorage['backends'] = {};
  for (const backend of [...(options.others ?? []), options.current]) backends[backend.place] = backend;
  const legacy = createLocalFileStorage(options.legacyDir);
  const backendOf = (key: string): BlobBackend | null => {
    if (LOCAL_KEY_SHAPE.test(key)) return null;
    const backend = SEALED_KEY_SHAPE.test(key) ? backends[key.slice(0, 2) as BlobPlace] : undefined;
    if (!backend) throw new Error(`bad storage key: ${key}`);
    return backend;
  };
  return {
    current: options.current,
    backends,
    async put(bytes, { userId, kind, extension }) {
      const key = `${options.current.place}/u${userId}/${kind}-${randomUUID()}.${extension}`;
      if (!SEALED_KEY_SHAPE.test(key)) throw new Error(`bad storage key: ${key}`);
      await options.current.write(key, sealBytes(ring, key, bytes), ring.currentId);
      return key;
    },
    async get(key) {
      const backend = backendOf(key);
      if (!backend) return legacy.get(key);
      const sealed = await backend.read(key);
      if (!sealed) throw new Error(`document not found: ${key}`);
      return openBytes(ring, key, sealed);
    },
    async remove(key) {
      const backend = backendOf(key);
      await (backend ? backend.delete(key) : legacy.remove(key));
    },
  };
}

/**
 * The store the configuration names: the database by default, or the S3 bucket (the database's blobs are still
 * read). `s3` replaces the SDK's client (tests).
 */
export function createFileStorage(
  config: Pick<Config, 'fileStorage' | 'fileDir' | 'piiKeys'>,
  db: Database,
  options: { s3?: S3Sender; now?: () => Date } = {},
): SealedFileStorage {
  const database = createDatabaseBlobs(db, options.now);
  const settings = config.fileStorage;
  const current =
    settings.kind === 's3'
      ? createS3Blobs(settings.bucket, options.s3 ?? createS3Sender(settings))
      : database;
  return createSealedFileStorage({
    keys: config,
    current,
    others: current === database ? [] : [database],
    legacyDir: config.fileDir,
  });
}
