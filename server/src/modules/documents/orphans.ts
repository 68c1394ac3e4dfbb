import { and, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/files/file-storage.ts';
import type { Database } from '../../db/client.ts';
import { documentBlobs, documents, loanCertifications, refundApplications } from '../../db/schema.ts';

/** A document nothing refers to is kept this long after its upload (time to finish the form it was for). */
export const ORPHAN_DOCUMENT_AGE_MS = 24 * 60 * 60 * 1000;

/** At most this many are removed per run; the next run takes the rest. */
const BATCH = 500;

const referencedByCertification = (db: Database) =>
  db
    .select({ one: sql`1` })
    .from(loanCertifications)
    .where(
      sql`${documents.id} in (${loanCertifications.licenceDocId}, ${loanCertifications.idFrontDocId}, ${loanCertifications.idBackDocId}, ${loanCertifications.salesDocId})`,
    );

const referencedByRefund = (db: Database) =>
  db
    .select({ one: sql`1` })
    .from(refundApplications)
    .where(sql`${refundApplications.evidenceDocumentId} = ${documents.id}`);

/**
 * Deletes the documents uploaded more than a day ago that no certification and no refund application refers to,
 * then their files (one that cannot be removed is counted, not retried: its row is gone), then the sealed files
 * no document names. Idempotent and safe on many servers at once: each row is deleted by one statement only, and
 * the file of a deleted row goes with it (a file already gone is no error).
 */
export async function purgeOrphanDocuments(
  db: Database,
  files: FileStorage,
  now: Date,
): Promise<{ documents: number; filesNotRemoved: number; strayBlobs: number }> {
  const before = new Date(now.getTime() - ORPHAN_DOCUMENT_AGE_MS);
  const candidates = db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        lt(documents.createdAt, before),
        notExists(referencedByCertification(db)),
        notExists(referencedByRefund(db)),
      ),
    )
    .limit(BATCH)
    // a document a certification or refund being saved right now points at is locked by its foreign-key check:
    // skipped, the next run sees the reference; two servers purging at once do not wait for each other
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(documents)
    .where(inArray(documents.id, candidates))
    .returning({ storageKey: documents.storageKey });
  let filesNotRemoved = 0;
  for (const { storageKey } of deleted) {
    // one file that cannot go (a key the storage refuses, a disk error) does not keep the others
    await files.remove(storageKey).catch(() => {
      filesNotRemoved += 1;
    });
  }
  return { documents: deleted.length, filesNotRemoved, strayBlobs: await purgeStrayBlobs(db, before) };
}

/**
 * Sealed files in the database that no document names, stored more than a day ago: an upload stops between
 * storing its file and recording its row only when its server stops, and the file it left is not kept.
 */
async function purgeStrayBlobs(db: Database, before: Date): Promise<number> {
  const stray = db
    .select({ key: documentBlobs.storageKey })
    .from(documentBlobs)
    .where(
      and(
        lt(documentBlobs.createdAt, before),
        notExists(
          db
            .select({ one: sql`1` })
            .from(documents)
            .where(sql`${documents.storageKey} = ${documentBlobs.storageKey}`),
        ),
      ),
    )
    .limit(BATCH);
  const deleted = await db
    .delete(documentBlobs)
    .where(inArray(documentBlobs.storageKey, stray))
    .returning({ key: documentBlobs.storageKey });
  return deleted.length;
}
