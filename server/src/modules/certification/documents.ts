import { createHash } from 'node:crypto';
import {
  type DocumentKind,
  MAX_DOCUMENT_BYTES,
  RSP,
  type UploadDocumentRequest,
  type UploadedDocument,
} from '@loan/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { type DocumentRow, documents, type UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';

export const MAX_FILE_NAME_LENGTH = 100;

/** The file types accepted, told by their first bytes (never by the name or the declared type). */
const FILE_TYPES = [
  { magic: [0xff, 0xd8, 0xff], mimeType: 'image/jpeg', extension: 'jpg' },
  { magic: [0x89, 0x50, 0x4e, 0x47], mimeType: 'image/png', extension: 'png' },
  { magic: [0x25, 0x50, 0x44, 0x46], mimeType: 'application/pdf', extension: 'pdf' },
] as const;

export function detectFileType(bytes: Uint8Array): (typeof FILE_TYPES)[number] | null {
  return FILE_TYPES.find((type) => type.magic.every((byte, i) => bytes[i] === byte)) ?? null;
}

// no groups: a repeated group backtracks through megabytes of text and overflows the stack
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strict base64 (padding required, no line breaks); null when the text is not base64. */
export function decodeBase64(text: string): Buffer | null {
  return text.length % 4 === 0 && BASE64.test(text) ? Buffer.from(text, 'base64') : null;
}

/** The name to keep: path parts removed, control characters dropped, trimmed, at most 100 characters. */
export function cleanFileName(raw: string, extension: string): string {
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
    kind: row.kind as DocumentKind,
    fileName: row.fileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** POST /users/uploadDocument: checks and stores one file for the user. */
export async function uploadDocument(
  ctx: AppContext,
  user: UserRow,
  body: UploadDocumentRequest,
  meta: RequestMeta,
): Promise<UploadedDocument> {
  const bytes = decodeBase64(body.dataBase64);
  if (!bytes) throw new ApiError(RSP.INVALID_INPUT, '文件内容不是有效的 base64 编码，请重新选择文件上传');
  if (bytes.length > MAX_DOCUMENT_BYTES) throw new ApiError(RSP.FILE_TOO_LARGE);
  const type = detectFileType(bytes);
  if (!type) throw new ApiError(RSP.FILE_TYPE_NOT_ALLOWED);
  const fileName = cleanFileName(body.fileName, type.extension);
  const now = ctx.now();
  const storageKey = await ctx.files.put(bytes, {
    userId: user.id,
    kind: body.kind,
    extension: type.extension,
  });
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(documents)
        .values({
          userId: user.id,
          kind: body.kind,
          storageKey,
          mimeType: type.mimeType,
          sizeBytes: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          fileName,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('document not inserted');
      await recordAudit(tx, {
        action: AUDIT.documentUploaded,
        at: now,
        userId: user.id,
        loginId: user.loginId,
        meta,
        detail: { documentId: row.id, kind: body.kind, mimeType: type.mimeType, sizeBytes: bytes.length },
      });
      return documentView(row);
    });
  } catch (error) {
    await ctx.files.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

/** The user's own documents among these ids (another user's id is simply not found). */
export async function ownDocuments(db: Database, userId: number, ids: number[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.userId, userId), inArray(documents.id, ids)));
}
