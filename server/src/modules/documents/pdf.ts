import { Worker } from 'node:worker_threads';
import { RSP } from '@loan/domain';
import { ApiError } from '../../lib/api-error.ts';
import { type PdfFindings, scanPdf } from './pdf-scan.ts';

/** A PDF pdf.js has not read within this time is refused as unreadable. */
const PDF_READ_TIMEOUT_MS = 20_000;

/** What the worker answers: pdf.js's findings (null: it cannot open the PDF) and, when clean, the PDF rewritten. */
interface WorkerAnswer {
  findings: PdfFindings | null;
  rewritten: Uint8Array | null;
}

/**
 * What pdf.js (the parser a browser uses) finds: the document must open without a password and its pages must
 * load; JavaScript (document, page or field actions), attachments and encryption are reported like the scan's.
 * A PDF pdf.js finds clean is written anew by pdf-lib. A PDF pdf.js cannot open (or not within its time and
 * memory) has `null` findings. Both run in a worker thread of its own (pdf-worker.mjs), ended after each PDF.
 */
function readInWorker(bytes: Uint8Array): Promise<WorkerAnswer> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./pdf-worker.mjs', import.meta.url), {
      workerData: new Uint8Array(bytes),
      // no TypeScript loader in the worker: pdf.js is JavaScript, and the loader would hold its code twice
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    let settled = false;
    const settle = (value: WorkerAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
      void worker.terminate();
    };
    const failed: WorkerAnswer = { findings: null, rewritten: null };
    const timer = setTimeout(() => settle(failed), PDF_READ_TIMEOUT_MS);
    worker.once('message', (value: WorkerAnswer) => settle(value));
    worker.once('error', () => settle(failed));
    worker.once('exit', () => settle(failed));
  });
}

/** HTML's script tag, in any case: a PDF that still holds one after the rewrite is not kept. */
const SCRIPT_TAG = /<\s*script/i;

/**
 * A PDF is kept only when it is a plain document: it parses, opens without a password and is not encrypted,
 * carries no JavaScript or actions and no embedded files. Both our scan of every object and pdf.js must agree
 * it is clean. Refusals: encrypted 1209, embedded files 1208, scripts or actions 1207, not a PDF 1206. What is
 * kept is the PDF written anew from its objects (not the bytes sent), so a PDF/HTML polyglot loses the HTML
 * around its objects; one that still holds a script tag inside them is refused (1207).
 */
export async function checkPdf(bytes: Uint8Array): Promise<Uint8Array> {
  const scanned = scanPdf(bytes);
  const { findings: parsed, rewritten } = await readInWorker(bytes);
  if (scanned.encrypted || parsed?.encrypted) throw new ApiError(RSP.PDF_ENCRYPTED);
  if (!parsed || scanned.unreadable) throw new ApiError(RSP.PDF_INVALID);
  if (scanned.embedded || parsed.embedded) throw new ApiError(RSP.PDF_EMBEDDED_FILES);
  if (scanned.active || parsed.active) throw new ApiError(RSP.PDF_ACTIVE_CONTENT);
  if (!rewritten) throw new ApiError(RSP.PDF_INVALID);
  const clean = new Uint8Array(rewritten);
  if (SCRIPT_TAG.test(Buffer.from(clean).toString('latin1'))) throw new ApiError(RSP.PDF_ACTIVE_CONTENT);
  return clean;
}
