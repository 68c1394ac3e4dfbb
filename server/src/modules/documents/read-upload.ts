import { DOCUMENT_KINDS, type DocumentKind, MAX_DOCUMENT_BYTES, RSP, UPLOAD_FIELDS } from '@loan/domain';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error.ts';

/** One file as the borrower sent it, not yet checked. */
export interface ReceivedFile {
  kind: DocumentKind;
  fileName: string;
  bytes: Buffer;
}

/** Busboy's limits: the file size of the portal, one file, the `kind` field, nothing else of size. */
export const MULTIPART_LIMITS = {
  fileSize: MAX_DOCUMENT_BYTES,
  files: 1,
  fields: 2,
  parts: 4,
  fieldNameSize: 100,
  fieldSize: 100,
  headerPairs: 20,
} as const;

/** A request longer than a file of the largest size and its form around it is refused before it is read. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_DOCUMENT_BYTES + 64 * 1024;

const isKind = (value: string): value is DocumentKind =>
  (DOCUMENT_KINDS as readonly string[]).includes(value);

/** The multipart plugin's and busboy's errors as the refusals a borrower can act on. */
function refusalOf(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ApiError(RSP.FILE_TOO_LARGE);
  if (code === 'FST_FILES_LIMIT') return new ApiError(RSP.UPLOAD_ONE_FILE_ONLY);
  // too many parts or fields, a part named like a prototype property, a body that is not multipart at all
  return new ApiError(RSP.UPLOAD_FORM_INVALID);
}

/**
 * Reads the form of POST /users/uploadDocument: the field `kind` and one file in the field `file`, in either
 * order, the file held in memory (at most 5 MB: the plugin stops reading past it). Anything else in the form
 * is refused (1201), a second file too (1202), a file past 5 MB as too large (1007).
 */
export async function readUpload(request: FastifyRequest): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new ApiError(RSP.UPLOAD_FORM_INVALID);
  let kind: string | undefined;
  let file: { fileName: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== UPLOAD_FIELDS.file) throw new ApiError(RSP.UPLOAD_FORM_INVALID);
        if (file) throw new ApiError(RSP.UPLOAD_ONE_FILE_ONLY);
        file = { fileName: part.filename ?? '', bytes: await part.toBuffer() };
      } else {
        if (part.fieldname !== UPLOAD_FIELDS.kind || kind !== undefined) {
          throw new ApiError(RSP.UPLOAD_FORM_INVALID);
        }
        kind = typeof part.value === 'string' ? part.value : '';
      }
    }
  } catch (error) {
    throw refusalOf(error);
  }
  if (kind === undefined || !isKind(kind)) throw new ApiError(RSP.UPLOAD_KIND_INVALID);
  if (!file) throw new ApiError(RSP.UPLOAD_FORM_INVALID);
  return { kind, ...file };
}
