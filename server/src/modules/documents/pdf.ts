import { Worker } from 'node:worker_threads';
import { RSP } from '@loan/domain';
import { ApiError } from '../../lib/api-error.ts';
import { type PdfFindings, scanPdf } from './pdf-scan.ts';

/** A PDF pdf.js has not read within this time is refused as unreadable. */
const PDF_READ_TIMEOUT_MS = 20_000;

/**
 * What pdf.js (the parser a browser uses) finds: the document must open without a password and its pages must
 * load; JavaScript (document, page or field actions), attachments and encryption are reported like the scan's.
 * A PDF pdf.js cannot open (or not within its time and memory) is `null`. pdf.js runs in a worker thread of its
 * own (pdf-worker.mjs), ended after each PDF.
 */
function readWithPdfJs(bytes: Uint8Array): Promise<PdfFindings | null> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./pdf-worker.mjs', import.meta.url), {
      workerData: new Uint8Array(bytes),
      // no TypeScript loader in the worker: pdf.js is JavaScript, and the loader would hold its code twice
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    let settled = false;
    const settle = (value: PdfFindings | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(null), PDF_READ_TIMEOUT_MS);
    worker.once('message', (value: PdfFindings | null) => settle(value));
    worker.once('error', () => settle(null));
    worker.once('exit', () => settle(null));
  });
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
