import { shanghaiDateTime } from '@loan/domain';
import PDFDocument from 'pdfkit';
import { cjkPdfBytes } from '../../lib/cjk-font.ts';
import type { OpenedContract } from './contract-kept.ts';

/** The file name of a signed contract's PDF (the Chinese one and its ASCII fallback). */
export function contractFileNames(contractNo: string): { fileName: string; asciiName: string } {
  return { fileName: `借款合同-${contractNo}.pdf`, asciiName: `loan-contract-${contractNo}.pdf` };
}

/**
 * The PDF of a kept contract: its text exactly as signed (never rendered again), line by line in the portal's
 * CJK font, then the signing evidence (time, template version, SHA-256 of the text).
 */
export function contractPdf({ row: contract, body }: OpenedContract): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: {
      Title: `${contract.title} ${contract.contractNo}`,
      Subject: contract.contractNo,
      Producer: 'loan-portal',
    },
  });
  const done = cjkPdfBytes(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const [title, ...lines] = body.split('\n');
  doc.fontSize(18).text(title ?? contract.title, { align: 'center' });
  doc.moveDown(0.6).fontSize(9.5).fillColor('#000000');
  for (const line of lines) {
    if (line === '') doc.moveDown(0.5);
    else doc.text(line, left, doc.y, { width, lineGap: 2 });
  }
  doc.moveDown(1).fontSize(8.5).fillColor('#555555');
  doc.text(
    `电子签署记录：借款人于 ${shanghaiDateTime(contract.signedAt)}（北京时间）签署；合同版本 ${contract.version}；` +
      `合同正文 SHA-256：${contract.textHash}`,
    left,
    doc.y,
    { width },
  );
  doc.end();
  return done;
}
