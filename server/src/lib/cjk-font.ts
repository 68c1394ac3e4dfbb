import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

/**
 * The Chinese font of the PDFs the portal makes (receipts, signed loan contracts): Noto Sans SC (SIL OFL), the
 * TTF shipped inside the npm package @expo-google-fonts/noto-sans-sc. pdfkit embeds only the glyphs used (a
 * subset of the 10 MB font), so a document is a few tens of kilobytes. Read once, on first use.
 */
const FONT_FILE = createRequire(import.meta.url).resolve(
  '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
);

let fontBytes: Buffer | null = null;

function cjkFont(): Buffer {
  fontBytes ??= readFileSync(FONT_FILE);
  return fontBytes;
}

/** Sets a new document in the CJK font and collects its bytes: the whole PDF once doc.end() is called. */
export function cjkPdfBytes(doc: InstanceType<typeof PDFDocument>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', cjkFont());
  doc.font('cjk');
  return done;
}
