/**
 * Where uploaded documents live: sealed with the personal-data keyring in the database (the default) or in an
 * S3-compatible bucket (sealed.ts). Files of the earlier plain store (FILE_DIR) are read until the start has moved
 * them (modules/documents/move-local.ts).
 */
export interface FileStorage {
  /** stores the bytes under a new opaque key and returns it */
  put(bytes: Uint8Array, hint: { userId: number; kind: string; extension: string }): Promise<string>;
  get(key: string): Promise<Uint8Array>;
  remove(key: string): Promise<void>;
}

/** Where sealed bytes are written: the first part of a storage key names it. */
export type BlobPlace = 'db' | 's3';

/** A place for sealed bytes; it never sees plain ones. */
export interface BlobBackend {
  place: BlobPlace;
  write(key: string, sealed: Uint8Array, keyId: string): Promise<void>;
  /** null when there is nothing under the key */
  read(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
  /** writes the re-sealed bytes only if the stored ones are still `previous`; true when written */
  replace(key: string, previous: Uint8Array, sealed: Uint8Array, keyId: string): Promise<boolean>;
}
