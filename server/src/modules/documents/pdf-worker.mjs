// pdf.js reads one uploaded PDF in a worker thread of its own (see pdf.ts): a plain ES module, loaded without
// the server's TypeScript loader (which would hold hundreds of MiB for pdf.js's code), with its own memory limit,
// and ended after each PDF so nothing stays in memory. A PDF pdf.js finds clean is then written anew by pdf-lib.
import { parentPort, workerData } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js's annotation type of a file attachment. */
const FILE_ATTACHMENT_ANNOTATION = 17;
const UNSAFE_URL = /^\s*(javascript|vbscript|data|file):/i;

/** What pdf.js finds in the PDF, or null when it cannot open it or load its pages. */
async function read(bytes) {
  const found = { active: false, embedded: false, encrypted: false, unreadable: false };
  let doc;
  try {
    doc = await getDocument({
      // a copy: pdf.js may take the buffer over, and the bytes are written anew below
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
    const { info } = await doc.getMetadata();
    if (info?.EncryptFilterName || (await doc.getPermissions()) !== null) found.encrypted = true;
    if ((await doc.getAttachments()) !== null) found.embedded = true;
    if ((await doc.getJSActions()) !== null || (await doc.hasJSActions())) found.active = true;
    if (doc.numPages < 1) return null;
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const pageActions = await page.getJSActions();
      if (pageActions && Object.keys(pageActions).length > 0) found.active = true;
      for (const note of await page.getAnnotations()) {
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
 * The PDF written anew from its objects (pdf-lib: load, then save with object streams): whatever lay before the
 * header, after the end or between the objects is not carried over, and the dictionaries and strings are
 * compressed. null when pdf-lib cannot read it.
 */
async function rewrite(bytes) {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
    return await doc.save({ useObjectStreams: true, addDefaultPage: false, updateFieldAppearances: false });
  } catch {
    return null;
  }
}

const findings = await read(workerData);
const clean = findings && !findings.active && !findings.embedded && !findings.encrypted;
parentPort?.postMessage({ findings, rewritten: clean ? await rewrite(workerData) : null });
