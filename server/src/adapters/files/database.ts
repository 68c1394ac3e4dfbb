import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { documentBlobs } from '../../db/schema.ts';
import type { BlobBackend } from './file-storage.ts';

/** Sealed documents in the document_blobs table: every server sees them, and the backups hold them. */
export function createDatabaseBlobs(db: Database, now: () => Date = () => new Date()): BlobBackend {
  return {
    place: 'db',
    async write(key, sealed, keyId) {
      await db.insert(documentBlobs).values({ storageKey: key, keyId, sealed, createdAt: now() });
    },
    async read(key) {
      const [row] = await db
        .select({ sealed: documentBlobs.sealed })
        .from(documentBlobs)
        .where(eq(documentBlobs.storageKey, key));
      return row ? new Uint8Array(row.sealed) : null;
    },
    async delete(key) {
      await db.delete(documentBlobs).where(eq(documentBlobs.storageKey, key));
    },
    async replace(key, previous, sealed, keyId) {
      const updated = await db
        .update(documentBlobs)
        .set({ sealed, keyId })
        .where(and(eq(documentBlobs.storageKey, key), eq(documentBlobs.sealed, previous)))
        .returning({ key: documentBlobs.storageKey });
      return updated.length === 1;
    },
  };
}
