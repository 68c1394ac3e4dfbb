import { RSP } from '@loan/domain';
import { ApiError } from '../../lib/api-error.ts';
import { type PdfFindings, scanPdf } from './pdf-scan.ts';

/** pdf.js's annotation type of a file attachment. */
const FILE_ATTACHMENT_ANNOTATION = 17;
const UNSAFE_URL = /^\s*(javascript|vbscript|data|file):/i;

interface AnnotationData {
  annotationType?: number;
  attachment?: unknown;
  actions?: Record<string, unknown> | null;
  url?: string;
  unsafeUrl?: string;
  action?: string;
}

/**
 * What pdf.js (the parser a browser uses) finds: the document must open without a password and its pages must
 * load; JavaScript (document, page or field actions), attachments and encryption are reported like the scan's.
 * A PDF pdf.js cannot open is `null`.
 */
async function readWithPdfJs(bytes: Uint8Array): Promise<PdfFindings | null> {
  // loaded on the first PDF, not at start: a server that never sees one does not carry pdf.js in memory
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const found: PdfFindings = { active: false, embedded: false, encrypted: false, unreadable: false };
  let doc: Awaited<ReturnType<typeof getDocument>['promise']>;
  try {
    doc = await getDocument({
      data: new Uint8Array(bytes),
      useSystemFonts: false,
      isEvalSupported: false,
      disableFontFace: true,
      enableXfa: false,
      stopAtErrors: true,
      verbosity: 0,
    }).promise;
  } catch (error) {
    if (error instanceof Error && error.name === 'PasswordException') return { ...found, encrypted: true };
    return null;
  }
  try {
    const info = (await doc.getMetadata()).info as { EncryptFilterName?: string | null };
    if (info.EncryptFilterName || (await doc.getPermissions()) !== null) found.encrypted = true;
    if ((await doc.getAttachments()) !== null) found.embedded = true;
    if ((await doc.getJSActions()) !== null || (await doc.hasJSActions())) found.active = true;
    if (doc.numPages < 1) return null;
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const pageActions = await page.getJSActions();
      if (pageActions && Object.keys(pageActions).length > 0) found.active = true;
      for (const note of (await page.getAnnotations()) as AnnotationData[]) {
        if (note.annotationType === FILE_ATTACHMENT_ANNOTATION || note.attachment) found.embedded = true;
        if (note.actions && Object.keys(note.actions).length > 0) found.active = true;
        if (UNSAFE_URL.test(note.unsafeUrl ?? '') || UNSAFE_URL.test(note.url ?? '')) found.active = true;
      }
    }
    return found;
  } catch {
    return null;
  } finally {
    await doc.destroy();
  }
}

/**
 * A PDF is kept only when it is a plain document: it parses, opens without a password and is not encrypted,
 * carries no JavaScript or actions and no embedded files. Both our scan of every object and pdf.js must agree
 * it is clean. Refusals: encrypted 1209, embedded files 1208, scripts or actions 1207, not a PDF 1206.
 */
export async function checkPdf(bytes: Uint8Array): Promise<void> {
  const scanned = scanPdf(bytes);
  const parsed = await readWithPdfJs(bytes);
  if (scanned.encrypted || parsed?.encrypted) throw new ApiError(RSP.PDF_ENCRYPTED);
  if (!parsed || scanned.unreadable) throw new ApiError(RSP.PDF_INVALID);
  if (scanned.embedded || parsed.embedded) throw new ApiError(RSP.PDF_EMBEDDED_FILES);
  if (scanned.active || parsed.active) throw new ApiError(RSP.PDF_ACTIVE_CONTENT);
}
