import { and, asc, count, gt, like, ne, notLike } from 'drizzle-orm';
import { createDatabaseBlobs } from '../../adapters/files/database.ts';
import type { BlobBackend, BlobPlace } from '../../adapters/files/file-storage.ts';
import type { Database } from '../../db/client.ts';
import { documentBlobs, documents } from '../../db/schema.ts';
import { type Keyring, SealedValueError } from '../../lib/at-rest.ts';
import { openBytes, sealBytes, sealedBytesKeyId } from '../../lib/sealed-bytes.ts';

/**
 * Re-seals the stored documents under the current PII key id (`npm run keys -- rotate`): in the database the
 * blobs whose key_id is not the current one, walked in batches by storage key, each replaced only if it is still
 * the one read; in the S3 bucket every document's object, read and re-written when it names an older key. Values
 * already current are left alone, so a second run changes nothing and a run cut short is resumed by running it
 * again.
 */
export interface DocumentReport {
  place: string;
  resealed: number;
  /** storage keys whose bytes open with no key of the ring (or are missing): left as they are */
  unreadable: string[];
}

async function resealOne(
  backend: BlobBackend,
  ring: Keyring,
  key: string,
  sealed: Uint8Array | null,
  report: DocumentReport,
): Promise<void> {
  if (!sealed) {
    report.unreadable.push(key);
    return;
  }
  if (sealedBytesKeyId(sealed) === ring.currentId) return;
  let plain: Uint8Array;
  try {
    plain = openBytes(ring, key, sealed);
  } catch (error) {
    if (!(error instanceof SealedValueError)) throw error;
    report.unreadable.push(key);
    return;
  }
  if (await backend.replace(key, sealed, sealBytes(ring, key, plain), ring.currentId)) report.resealed += 1;
}

async function resealDatabase(db: Database, ring: Keyring, batch: number): Promise<DocumentReport> {
  const backend = createDatabaseBlobs(db);
  const report: DocumentReport = { place: 'document_blobs', resealed: 0, unreadable: [] };
  let after = '';
  for (;;) {
    const rows = await db
      .select({ key: documentBlobs.storageKey, sealed: documentBlobs.sealed })
      .from(documentBlobs)
      .where(and(ne(documentBlobs.keyId, ring.currentId), gt(documentBlobs.storageKey, after)))
      .orderBy(asc(documentBlobs.storageKey))
      .limit(batch);
    if (rows.length === 0) return report;
    for (const row of rows) await resealOne(backend, ring, row.key, new Uint8Array(row.sealed), report);
    after = rows[rows.length - 1]?.key ?? after;
  }
}

async function resealBucket(db: Database, s3: BlobBackend, ring: Keyring, batch: number) {
  const report: DocumentReport = { place: 's3', resealed: 0, unreadable: [] };
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: documents.id, key: documents.storageKey })
      .from(documents)
      .where(and(like(documents.storageKey, 's3/%'), gt(documents.id, after)))
      .orderBy(asc(documents.id))
      .limit(batch);
    if (rows.length === 0) return report;
    for (const row of rows) await resealOne(s3, ring, row.key, await s3.read(row.key), report);
    after = rows[rows.length - 1]?.id ?? after;
  }
}

export async function resealDocuments(
  db: Database,
  ring: Keyring,
  backends: Partial<Record<BlobPlace, BlobBackend>>,
  batch: number,
): Promise<DocumentReport[]> {
  const reports = [await resealDatabase(db, ring, batch)];
  if (backends.s3) reports.push(await resealBucket(db, backends.s3, ring, batch));
  return reports;
}

/** `keys status`: the database's blobs per key id, and the documents in the bucket and still in plain files. */
export async function documentKeyStatus(db: Database): Promise<string[]> {
  const byKey = await db
    .select({ keyId: documentBlobs.keyId, n: count() })
    .from(documentBlobs)
    .groupBy(documentBlobs.keyId)
    .orderBy(documentBlobs.keyId);
  const [inBucket] = await db
    .select({ n: count() })
    .from(documents)
    .where(like(documents.storageKey, 's3/%'));
  const [plain] = await db
    .select({ n: count() })
    .from(documents)
    .where(and(notLike(documents.storageKey, 'db/%'), notLike(documents.storageKey, 's3/%')));
  return [
    `document_blobs.sealed: ${byKey.map((r) => `${r.keyId}=${r.n}`).join(' ') || '-'}`,
    `存储桶中的证件 documents in the S3 bucket: ${inBucket?.n ?? 0}（rotate 逐个检查 / rotate checks each object）`,
    `FILE_DIR 中尚未移入的明文证件 plain files not yet moved: ${plain?.n ?? 0}`,
  ];
}
