import { createHash } from 'node:crypto';
import { and, eq, notLike } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/files/file-storage.ts';
import { LOCAL_KEY_SHAPE } from '../../adapters/files/local.ts';
import type { Database } from '../../db/client.ts';
import { documents } from '../../db/schema.ts';

export interface MoveReport {
  moved: number;
  /** rows whose file is not on this host (another server's, or lost): left for the server that has it */
  notHere: number;
  /** files whose bytes are not the ones uploaded (sha256): left as they are */
  altered: number;
}

const isMissingFile = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * Moves the documents still kept as plain files under FILE_DIR into the sealed store, at start (after the
 * migrations, before serving), like the start's sealing of personal data: each file read, checked against its
 * sha256, sealed and stored under a new key, the row pointed at it only if it still names the old key, then the
 * plain file deleted. Two servers starting at once each store a copy; the one whose update loses removes its
 * copy. Idempotent: a moved row no longer has a plain key. With several servers, each moves the files on its own
 * disk.
 */
export async function moveLocalDocuments(db: Database, files: FileStorage): Promise<MoveReport> {
  const report: MoveReport = { moved: 0, notHere: 0, altered: 0 };
  const rows = await db
    .select()
    .from(documents)
    .where(and(notLike(documents.storageKey, 'db/%'), notLike(documents.storageKey, 's3/%')));
  for (const row of rows) {
    const extension = LOCAL_KEY_SHAPE.exec(row.storageKey)?.[1];
    if (!extension) continue;
    let bytes: Uint8Array;
    try {
      bytes = await files.get(row.storageKey);
    } catch (error) {
      if (!isMissingFile(error)) throw error;
      report.notHere += 1;
      continue;
    }
    if (createHash('sha256').update(bytes).digest('hex') !== row.sha256) {
      report.altered += 1;
      continue;
    }
    const key = await files.put(bytes, { userId: row.userId, kind: row.kind, extension });
    const updated = await db
      .update(documents)
      .set({ storageKey: key })
      .where(and(eq(documents.id, row.id), eq(documents.storageKey, row.storageKey)))
      .returning({ id: documents.id });
    // the row moved meanwhile (another server, or the purge took it): this copy is not referred to
    if (updated.length === 0) {
      await files.remove(key);
      continue;
    }
    await files.remove(row.storageKey);
    report.moved += 1;
  }
  return report;
}
