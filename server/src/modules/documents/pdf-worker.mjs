// pdf.js reads one uploaded PDF in a worker thread of its own (see pdf.ts): a plain ES module, loaded without
// the server's TypeScript loader (which would hold hundreds of MiB for pdf.js's code), with its own memory limit,
// and ended after each PDF so nothing stays in memory.
import { parentPort, workerData } from 'node:worker_threads';
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
      data: bytes,
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

parentPort?.postMessage(await read(workerData));
