import { createHash } from 'node:crypto';
import type { UploadedDocument } from '@loan/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { type DocumentRow, documents, type UserRow } from '../../db/schema.ts';
import { AUDIT, recordUserAudit } from '../audit/record.ts';
import { cleanUpload } from '../documents/content.ts';
import { checkQuota, lockAndCheckQuota } from '../documents/quota.ts';
import type { ReceivedFile } from '../documents/read-upload.ts';

const MAX_FILE_NAME_LENGTH = 100;

/** The name to keep: path parts removed, control characters dropped, trimmed, at most 100 characters. */
function cleanFileName(raw: string, extension: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? '').replace(/\p{Cc}/gu, '').trim();
  const chars = [...base];
  if (chars.length === 0) return `document.${extension}`;
  if (chars.length <= MAX_FILE_NAME_LENGTH) return base;
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? [...base.slice(dot)] : [];
  if (ext.length > 0 && ext.length <= 10) {
    return chars.slice(0, MAX_FILE_NAME_LENGTH - ext.length).join('') + ext.join('');
  }
  return chars.slice(0, MAX_FILE_NAME_LENGTH).join('');
}

export function documentView(row: DocumentRow): UploadedDocument {
  return {
    documentId: row.id,
    kind: row.kind,
    fileName: row.fileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * POST /users/uploadDocument: the file checked by its content and made safe (images re-encoded, PDFs parsed),
 * then stored for the user within the quota.
 */
export async function uploadDocument(
  ctx: AppContext,
  user: UserRow,
  received: ReceivedFile,
  meta: RequestMeta,
): Promise<UploadedDocument> {
  // the number of files first: a borrower at the limit is told so before their file is processed
  await checkQuota(ctx.db, user.id, 0);
  const clean = await cleanUpload(received.bytes);
  const { bytes, mimeType, extension } = clean;
  const fileName = cleanFileName(received.fileName, extension);
  const now = ctx.now();
  const storageKey = await ctx.files.put(bytes, { userId: user.id, kind: received.kind, extension });
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockAndCheckQuota(tx, user.id, bytes.length);
      const [row] = await tx
        .insert(documents)
        .values({
          userId: user.id,
          kind: received.kind,
          storageKey,
          mimeType,
          sizeBytes: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          fileName,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('document not inserted');
      await recordUserAudit(tx, user, meta, AUDIT.documentUploaded, now, {
        documentId: row.id,
        kind: received.kind,
        mimeType,
        sizeBytes: bytes.length,
      });
      return documentView(row);
    });
  } catch (error) {
    await ctx.files.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

/**
 * The user's own documents among these ids (another user's id is simply not found). `lock`, inside the
 * transaction that will refer to them: the rows are held (FOR SHARE) until it commits, so the orphan purge skips
 * them, and one the purge took first is not found here rather than failing the write's foreign key.
 */
export async function ownDocuments(
  db: Database,
  userId: number,
  ids: number[],
  options: { lock?: boolean } = {},
): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  const query = db
    .select()
    .from(documents)
    .where(and(eq(documents.userId, userId), inArray(documents.id, ids)));
  return options.lock ? query.for('share') : query;
}
