import { RSP, rspText } from '@loan/domain';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from './helpers/app.ts';
import { storedBytes, storedCount } from './helpers/stored.ts';
import { handWrittenPdf, realPdf, TRAILER_HTML } from './helpers/upload-files.ts';
import { uploadFile } from './helpers/uploads.ts';

/**
 * A PDF that passes the checks is kept written anew from its objects (pdf-lib), not byte for byte: a PDF/HTML
 * polyglot keeps no `<script>`, wherever the HTML lay outside the objects.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'demo', 'Demo1234');
});
afterAll(() => t.close());

const SCRIPT = /<\s*script/i;
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

async function kept(bytes: Uint8Array): Promise<Buffer> {
  const res = await uploadFile(t.app, token, 'SALES_STATEMENT', bytes, 'statement.pdf');
  expect(res.response.rspCode).toBe(RSP.OK);
  const stored = await storedBytes(t, res.result.documentId);
  expect(res.result.sizeBytes).toBe(stored.length);
  return stored;
}

/** The hand-written PDF with HTML in a comment after its header, between its objects and after its end. */
function polyglot(): Buffer {
  const pdf = latin1(handWrittenPdf());
  const withComment = pdf.replace('%PDF-1.7\n', `%PDF-1.7\n%${TRAILER_HTML}\n`);
  // the xref offsets shift by the comment: readers rebuild it, as they do for such files
  return Buffer.from(
    `${withComment.replace('endobj\n2 0 obj', `endobj\n${TRAILER_HTML}\n2 0 obj`)}${TRAILER_HTML}`,
    'latin1',
  );
}

describe('PDFs are kept written anew', () => {
  it('a PDF made by pdfkit: not the bytes sent, the same two pages and its link', async () => {
    const pdf = await realPdf();
    const stored = await kept(pdf);
    expect(stored.equals(pdf)).toBe(false);
    expect(latin1(stored.subarray(0, 5))).toBe('%PDF-');
    const doc = await PDFDocument.load(stored);
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getPage(0).node.Annots()?.size()).toBe(1);
  });

  it('HTML with a <script> after %%EOF, between the objects and in a comment: none of it is kept', async () => {
    const sent = polyglot();
    expect(SCRIPT.test(latin1(sent))).toBe(true);
    const stored = await kept(sent);
    expect(SCRIPT.test(latin1(stored))).toBe(false);
    expect(latin1(stored)).not.toContain('evil.example');
    expect((await PDFDocument.load(stored)).getPageCount()).toBe(1);
  });

  it('a <script> in a string of an object is compressed away; one in a raw stream is refused (1207)', async () => {
    const inString = await kept(handWrittenPdf(`/Title (${TRAILER_HTML})`));
    expect(SCRIPT.test(latin1(inString))).toBe(false);

    const before = await storedCount(t.db);
    const inStream = handWrittenPdf('', [
      `<< /Length ${TRAILER_HTML.length} >>\nstream\n${TRAILER_HTML}\nendstream`,
    ]);
    const res = await uploadFile(t.app, token, 'SALES_STATEMENT', inStream, 'statement.pdf');
    expect(res.response).toEqual({
      rspCode: RSP.PDF_ACTIVE_CONTENT,
      rspDesc: rspText(RSP.PDF_ACTIVE_CONTENT),
    });
    expect(await storedCount(t.db)).toBe(before);
  });

  it('HTML in front of the header is not a PDF (1006)', async () => {
    const res = await uploadFile(
      t.app,
      token,
      'SALES_STATEMENT',
      Buffer.concat([Buffer.from(TRAILER_HTML), handWrittenPdf()]),
      'statement.pdf',
    );
    expect(res.response.rspCode).toBe(RSP.FILE_TYPE_NOT_ALLOWED);
  });
});
