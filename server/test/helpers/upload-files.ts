import { crc32, deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';

/**
 * Files for the upload tests, made here: real images by sharp, real PDFs by pdfkit, and the hostile ones
 * (polyglots, PDFs that act) written byte by byte.
 */

/** A real JPEG with EXIF (camera, GPS-like text, orientation 6: stored on its side). */
export function realJpeg(width = 64, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'X1', ImageDescription: 'GPS 22.5431N 114.0579E' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function realPng(width = 40, height = 20): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
}

function pdfkitBytes(options: PDFKit.PDFDocumentOptions, draw: (doc: PDFKit.PDFDocument) => void) {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

/** A real two-page PDF with text and a plain web link. */
export const realPdf = () =>
  pdfkitBytes({}, (doc) => {
    doc.fontSize(14).text('Sales statement 2026-10', 72, 72);
    doc.text('Shop A1DEMOSTORE001', { link: 'https://sellercentral.example.com/' });
    doc.addPage().text('Page two: total 123,456.00');
  });

/** Encrypted by pdfkit: with a password to open it, or only an owner password (opens without one). */
export const encryptedPdf = (userPassword?: string) =>
  pdfkitBytes(
    { pdfVersion: '1.7', ownerPassword: 'owner-secret', ...(userPassword ? { userPassword } : {}) },
    (doc) => {
      doc.text('Encrypted statement', 72, 72);
    },
  );

/** A PDF carrying an attached file (pdfkit's EmbeddedFiles name tree). */
export const pdfWithAttachment = () =>
  pdfkitBytes({}, (doc) => {
    doc.text('Statement with an attachment', 72, 72);
    doc.file(Buffer.from('MZ\x90\x00 not really a program'), { name: 'invoice.exe' });
  });

/**
 * A hand-written PDF (catalog, one page, xref table with true offsets): `catalogExtra` goes into the catalog,
 * `extraObjects` are appended as objects 4, 5, ….
 */
export function handWrittenPdf(catalogExtra = '', extraObjects: string[] = []): Buffer {
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    ...extraObjects,
  ];
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export const openActionJsPdf = () =>
  handWrittenPdf('/OpenAction 4 0 R', ['<< /Type /Action /S /JavaScript /JS (app.alert\\("hi"\\)) >>']);

/** The same action with its names written in #xx escapes, which a reader decodes. */
export const escapedJsPdf = () =>
  handWrittenPdf('/OpenAction << /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>');

export const launchPdf = () => handWrittenPdf('/OpenAction << /S /Launch /F (calc.exe) >>');

export const embeddedFilesPdf = () =>
  handWrittenPdf('/Names << /EmbeddedFiles << /Names [(a.exe) 4 0 R] >> >>', [
    '<< /Type /Filespec /F (a.exe) /EF << /F 5 0 R >> >>',
    '<< /Type /EmbeddedFile /Length 4 >>\nstream\nMZ\x90\x00\nendstream',
  ]);

export const javascriptUriPdf = () =>
  handWrittenPdf('/OpenAction [3 0 R /Fit]', [
    '<< /Type /Annot /Subtype /Link /Rect [0 0 100 100] /A << /S /URI /URI (javascript:alert\\(1\\)) >> >>',
  ]);

/**
 * The catalog's OpenAction JavaScript hidden in a compressed object stream (objects 4 and 5 packed in object
 * 6), with a cross-reference stream as PDF 1.5 writes it.
 */
export function objectStreamJsPdf(): Buffer {
  const packed = ['<< /S /JavaScript /JS (app.alert\\(2\\)) >>', '<< /Producer (hidden) >>'];
  let table = '';
  let data = '';
  for (const [i, object] of packed.entries()) {
    table += `${4 + i} ${data.length} `;
    data += `${object}\n`;
  }
  const stream = deflateSync(Buffer.from(table + data, 'latin1'));
  const head = '%PDF-1.7\n';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = Buffer.from(head, 'latin1');
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body = Buffer.concat([body, Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1')]);
  });
  const objStmOffset = body.length;
  body = Buffer.concat([
    body,
    Buffer.from(
      `6 0 obj\n<< /Type /ObjStm /N 2 /First ${table.length} /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`,
      'latin1',
    ),
    stream,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
  // xref stream rows: type (1 byte), field 2 (4 bytes), field 3 (2 bytes)
  const row = (type: number, a: number, b: number) => {
    const r = Buffer.alloc(7);
    r.writeUInt8(type, 0);
    r.writeUInt32BE(a, 1);
    r.writeUInt16BE(b, 5);
    return r;
  };
  const xrefOffset = body.length;
  const rows = Buffer.concat([
    row(0, 0, 65535),
    ...offsets.map((offset) => row(1, offset, 0)),
    row(2, 6, 0),
    row(2, 6, 1),
    row(1, objStmOffset, 0),
    row(1, xrefOffset, 0),
  ]);
  return Buffer.concat([
    body,
    Buffer.from(
      `7 0 obj\n<< /Type /XRef /Size 8 /W [1 4 2] /Root 1 0 R /Length ${rows.length} >>\nstream\n`,
      'latin1',
    ),
    rows,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`, 'latin1'),
  ]);
}

/** A PNG whose header claims width × height pixels (a decompression bomb's header), with one tiny data chunk. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** HTML behind the JPEG start of image marker. */
export const htmlBehindJpegMagic = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from('<html><script>alert(1)</script></html>'),
  ]);

/** An ELF program behind the PNG signature. */
export const elfBehindPngSignature = () =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
    Buffer.alloc(200, 0x90),
  ]);

export const TRAILER_HTML =
  '<html><body><script>document.location="https://evil.example"</script></body></html>';

/** A ZIP's end-of-central-directory record: what makes an appended archive open as one. */
export const TRAILER_ZIP = Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]);
