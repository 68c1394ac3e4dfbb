import { verifyPagePath } from '@loan/domain';
import type PDFDocument from 'pdfkit';
import { create } from 'qrcode';

type Doc = InstanceType<typeof PDFDocument>;

export interface VerifyMark {
  /** the top left of the QR code */
  x: number;
  y: number;
  /** the QR code's side, in points */
  size: number;
  /** PUBLIC_URL: the QR code leads to `{publicUrl}/verify/{docNo}?code={code}` */
  publicUrl: string;
  docNo: string;
  code: string;
}

/** A QR code drawn as vector squares (sharp at any zoom, nothing rasterised), with a white quiet zone. */
function drawQr(doc: Doc, text: string, x: number, y: number, size: number): void {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill('#000000');
  doc.restore();
}

/**
 * The verification block of an issued document: the QR code of its public page (carrying the code, so a scan
 * checks it at once) and, beside it, its number, its code and the page to type them in. Returns the block's bottom.
 */
export function drawVerifyMark(doc: Doc, mark: VerifyMark, textWidth: number): number {
  drawQr(doc, `${mark.publicUrl}${verifyPagePath(mark.docNo, mark.code)}`, mark.x, mark.y, mark.size);
  const page = `${mark.publicUrl}${verifyPagePath(mark.docNo)}`;
  const left = mark.x + mark.size + 10;
  doc.save();
  doc.fontSize(9).fillColor('#000000');
  doc.text(`文件编号：${mark.docNo}`, left, mark.y + 4, { width: textWidth });
  doc.text(`验证码：${mark.code}`, left, doc.y + 2, { width: textWidth });
  doc.fontSize(8).fillColor('#555555');
  doc.text(`扫描二维码或访问 ${page}，输入验证码核验文件真伪。`, left, doc.y + 4, { width: textWidth });
  doc.restore();
  return Math.max(mark.y + mark.size, doc.y);
}
