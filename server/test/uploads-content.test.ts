import { RSP, rspText } from '@loan/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, users } from '../src/db/schema.ts';
import { createTestApp, login, type TestApp, tableCounts } from './helpers/app.ts';
import { storedBytes as storedBytesOf, storedCount } from './helpers/stored.ts';
import {
  elfBehindPngSignature,
  embeddedFilesPdf,
  encryptedPdf,
  escapedJsPdf,
  handWrittenPdf,
  htmlBehindJpegMagic,
  javascriptUriPdf,
  launchPdf,
  objectStreamJsPdf,
  openActionJsPdf,
  pdfWithAttachment,
  pngClaiming,
  realJpeg,
  realPdf,
  realPng,
  TRAILER_HTML,
  TRAILER_ZIP,
} from './helpers/upload-files.ts';
import { uploadFile } from './helpers/uploads.ts';

let t: TestApp;
let token: string;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'demo', 'Demo1234');
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.loginId, 'demo'));
  userId = row?.id ?? 0;
});
afterAll(() => t.close());

const storedBytes = (documentId: number) => storedBytesOf(t, documentId);

async function expectRefused(bytes: Uint8Array, code: string, fileName = 'scan.pdf') {
  const before = await tableCounts(t.db);
  const files = await storedCount(t.db);
  const res = await uploadFile(t.app, token, 'SALES_STATEMENT', bytes, fileName);
  expect(res.status).toBe(200);
  expect(res.response).toEqual({ rspCode: code, rspDesc: rspText(code as never) });
  expect(res.response.rspDesc).toMatch(/[\u4e00-\u9fff]/);
  expect(await tableCounts(t.db)).toEqual(before);
  expect(await storedCount(t.db)).toBe(files);
}

/** Decodes every pixel (not just the header): the size of what it gives back. */
async function decodedSize(image: Buffer) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  expect(data.length).toBe(info.width * info.height * info.channels);
  return { width: info.width, height: info.height };
}

describe('real files are accepted; images are re-encoded', () => {
  it('a JPEG: stored re-encoded, upright, without EXIF, and it still decodes', async () => {
    const original = await realJpeg(64, 32);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await uploadFile(t.app, token, 'ID_CARD_FRONT', original, 'front.jpg');
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result).toMatchObject({
      kind: 'ID_CARD_FRONT',
      mimeType: 'image/jpeg',
      fileName: 'front.jpg',
    });
    const stored = await storedBytes(res.result.documentId);
    expect(res.result.sizeBytes).toBe(stored.length);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 32, height: 64 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(await decodedSize(stored)).toEqual({ width: 32, height: 64 });
    expect(stored.includes(Buffer.from('SecretCam'))).toBe(false);
    const [row] = await t.db.select().from(documents).where(eq(documents.id, res.result.documentId));
    expect(row).toMatchObject({ userId, mimeType: 'image/jpeg', sizeBytes: stored.length });
  });

  it('a PNG: stored re-encoded as PNG and decodes to the same size', async () => {
    const res = await uploadFile(t.app, token, 'ID_CARD_BACK', await realPng(40, 20), 'back.png');
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result.mimeType).toBe('image/png');
    const stored = await storedBytes(res.result.documentId);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 40, height: 20 });
    expect(await decodedSize(stored)).toEqual({ width: 40, height: 20 });
  });

  it('a PDF made by pdfkit (with a web link): accepted, kept written anew (uploads-pdf-rewrite.test.ts)', async () => {
    const pdf = await realPdf();
    const res = await uploadFile(t.app, token, 'SALES_STATEMENT', pdf, '流水.pdf');
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result).toMatchObject({ mimeType: 'application/pdf', fileName: '流水.pdf' });
    expect((await storedBytes(res.result.documentId)).length).toBe(res.result.sizeBytes);
  });

  it('a PDF written by hand with an OpenAction that only opens page one: accepted', async () => {
    const res = await uploadFile(t.app, token, 'SALES_STATEMENT', handWrittenPdf('/OpenAction [3 0 R /Fit]'));
    expect(res.response.rspCode).toBe(RSP.OK);
  });

  it.each([
    ['HTML', Buffer.from(TRAILER_HTML)],
    ['a ZIP', TRAILER_ZIP],
  ])('a JPEG with %s appended: accepted, the stored file no longer holds it', async (_name, trailer) => {
    const res = await uploadFile(
      t.app,
      token,
      'BUSINESS_LICENCE',
      Buffer.concat([await realJpeg(), trailer]),
      'licence.jpg',
    );
    expect(res.response.rspCode).toBe(RSP.OK);
    const stored = await storedBytes(res.result.documentId);
    expect(stored.includes(trailer)).toBe(false);
    expect(stored.includes(Buffer.from('PK\x05\x06', 'latin1'))).toBe(false);
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe('jpeg');
    expect(await decodedSize(stored)).toEqual({ width: 32, height: 64 });
  });
});

describe('polyglots and active PDFs are refused, nothing stored', () => {
  it('HTML behind JPEG magic bytes', () => expectRefused(htmlBehindJpegMagic(), RSP.IMAGE_INVALID, 'a.jpg'));
  it('an ELF program behind the PNG signature', () =>
    expectRefused(elfBehindPngSignature(), RSP.IMAGE_INVALID, 'a.png'));
  it('a PNG whose header claims 400 megapixels, before it is decoded', () =>
    expectRefused(pngClaiming(20_000, 20_000), RSP.IMAGE_TOO_MANY_PIXELS, 'bomb.png'));
  it('a GIF and plain text (not an allowed type)', async () => {
    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    await expectRefused(gif, RSP.FILE_TYPE_NOT_ALLOWED, 'a.png');
    await expectRefused(Buffer.from('hello, world'), RSP.FILE_TYPE_NOT_ALLOWED, 'a.pdf');
  });
  it('a PDF whose OpenAction runs JavaScript', () =>
    expectRefused(openActionJsPdf(), RSP.PDF_ACTIVE_CONTENT));
  it('the same with its names #-escaped', () => expectRefused(escapedJsPdf(), RSP.PDF_ACTIVE_CONTENT));
  it('the JavaScript packed in a compressed object stream', () =>
    expectRefused(objectStreamJsPdf(), RSP.PDF_ACTIVE_CONTENT));
  it('a Launch action', () => expectRefused(launchPdf(), RSP.PDF_ACTIVE_CONTENT));
  it('a link to a javascript: URI', () => expectRefused(javascriptUriPdf(), RSP.PDF_ACTIVE_CONTENT));
  it('a PDF with /EmbeddedFiles (by hand and by pdfkit)', async () => {
    await expectRefused(embeddedFilesPdf(), RSP.PDF_EMBEDDED_FILES);
    await expectRefused(await pdfWithAttachment(), RSP.PDF_EMBEDDED_FILES);
  });
  it('an encrypted PDF, with a password to open it or only an owner password', async () => {
    await expectRefused(await encryptedPdf('open-me'), RSP.PDF_ENCRYPTED);
    await expectRefused(await encryptedPdf(), RSP.PDF_ENCRYPTED);
  });
  it('a PDF that does not parse', async () => {
    await expectRefused(Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'), RSP.PDF_INVALID);
    const pdf = await realPdf();
    await expectRefused(pdf.subarray(0, Math.floor(pdf.length / 3)), RSP.PDF_INVALID);
  });
});
