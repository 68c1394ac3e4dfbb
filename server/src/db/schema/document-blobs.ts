import { customType, index, pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from './columns.ts';

/** PostgreSQL bytea, read and written as bytes (a Buffer for node-postgres, which PGlite takes too). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The uploaded documents' files when they are kept in the database (the default store): AES-256-GCM with the
 * personal-data keyring, bound to the storage key (which names the owner, the kind and the file), so a blob
 * copied under another key does not open. `sealed` holds `v2.<key id>.` then the IV, the tag and the ciphertext
 * (lib/sealed-bytes.ts); key_id repeats the key id for the rotation and `npm run keys -- status`.
 */
export const documentBlobs = pgTable(
  'document_blobs',
  {
    storageKey: text('storage_key').primaryKey(),
    keyId: text('key_id').notNull(),
    sealed: bytea('sealed').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [index('document_blobs_key_id_idx').on(t.keyId)],
);
