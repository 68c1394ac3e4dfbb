import {
  amountInChineseCapitals,
  fenToYuan,
  maskPartyName,
  PRODUCT_NAME,
  shanghaiDateTime,
} from '@loan/domain';
import PDFDocument from 'pdfkit';
import type { PlatformIdentity } from '../../config-platform.ts';
import type { Database } from '../../db/client.ts';
import { cjkPdfBytes } from '../../lib/cjk-font.ts';
import { type IssuedDocument, issueDocument } from './issue.ts';
import { drawSealMark } from './seal-mark.ts';
import { drawVerifyMark } from './verify-mark.ts';

type Doc = InstanceType<typeof PDFDocument>;

/** What a 结清证明 says. Amounts in fen; dates YYYY-MM-DD (Shanghai). */
export interface SettlementCertificateFacts {
  /** from registerSettlementCertificate */
  docNo: string;
  verifyCode: string;
  /** the certified company's registered name */
  borrowerName: string;
  /** already masked, e.g. 9144********XX0X */
  borrowerUscc: string;
  loanId: number;
  /** the lender: the partner bank's name */
  bankName: string;
  productName: string;
  /** what was repaid over the loan's life */
  principalFen: number;
  interestFen: number;
  feeFen: number;
  penaltyFen: number;
  /** service fees waived (at early settlement): shown, not part of the total */
  feeWaivedFen: number;
  /** principal + interest + fee + penalty; refused when it is not */
  totalFen: number;
  disbursedDate: string;
  settledDate: string;
  /** when the PDF is made: printed at the foot */
  issuedAt: Date;
  /** from the sandbox banks: said under the title */
  sandbox?: boolean;
}

const LINE = '#999999';

/** The figures as a drawn table: 项目, 金额（元）; the total in figures and in capitals. */
function drawFigures(doc: Doc, facts: SettlementCertificateFacts, left: number, width: number): void {
  const rows: [string, string][] = [
    ['已还本金', fenToYuan(facts.principalFen)],
    ['已还利息', fenToYuan(facts.interestFen)],
    ['已付服务费', fenToYuan(facts.feeFen)],
    ['已还罚息', fenToYuan(facts.penaltyFen)],
    ['减免服务费（不计入合计）', fenToYuan(facts.feeWaivedFen)],
    ['合计（小写）', `${fenToYuan(facts.totalFen)} 元`],
    ['合计（大写）', amountInChineseCapitals(facts.totalFen)],
  ];
  const split = left + width * 0.45;
  const height = 24;
  let y = doc.y;
  doc.lineWidth(0.6).strokeColor(LINE);
  doc.rect(left, y, width, height).fillAndStroke('#f5f5f5', LINE);
  doc.fillColor('#000000').fontSize(10.5);
  doc.text('项目', left + 8, y + 7, { width: split - left - 16 });
  doc.text('金额（元）', split + 8, y + 7, { width: left + width - split - 16 });
  y += height;
  for (const [label, value] of rows) {
    doc.rect(left, y, width, height).stroke();
    doc
      .moveTo(split, y)
      .lineTo(split, y + height)
      .stroke();
    doc.fillColor('#000000').text(label, left + 8, y + 7, { width: split - left - 16, lineBreak: false });
    doc.text(value, split + 8, y + 7, { width: left + width - split - 16, lineBreak: false });
    y += height;
  }
  doc.y = y;
}

/**
 * The 结清证明 of a settled loan as a PDF: who borrowed what from which bank through the platform, that it is repaid
 * in full on which day, the figures in a drawn table with the total in capitals, the platform's 结清证明专用章, and
 * the document number, code and QR code of its public check. Pure: register it first (registerSettlementCertificate)
 * and pass its number and code in.
 */
export async function settlementCertificatePdf(
  facts: SettlementCertificateFacts,
  platform: Pick<PlatformIdentity, 'legalName' | 'publicUrl'>,
): Promise<Buffer> {
  const parts = facts.principalFen + facts.interestFen + facts.feeFen + facts.penaltyFen;
  if (parts !== facts.totalFen) {
    throw new Error(`settlement certificate ${facts.docNo}: total ${facts.totalFen} is not the sum ${parts}`);
  }
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `结清证明 ${facts.docNo}`,
      Subject: `loan ${facts.loanId}`,
      Producer: 'loan-portal',
      ...(facts.sandbox ? { Keywords: 'SANDBOX' } : {}),
    },
  });
  const done = cjkPdfBytes(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.fontSize(22).text('结清证明', { align: 'center' });
  doc.fontSize(9).fillColor('#888888').text(`${PRODUCT_NAME} · 证明编号 ${facts.docNo}`, { align: 'center' });
  if (facts.sandbox) {
    doc.fillColor('#cf1322').text('沙箱环境文件：模拟放款与还款，不代表真实债权债务', { align: 'center' });
  }
  doc.moveDown(1.5).fillColor('#000000').fontSize(11.5);
  doc.text(
    `兹证明：${facts.borrowerName}（统一社会信用代码 ${facts.borrowerUscc}）通过${PRODUCT_NAME}向${facts.bankName}` +
      `申请的贷款（产品：${facts.productName}，贷款编号 ${facts.loanId}），于 ${facts.disbursedDate} 放款，` +
      `经本平台记录核实，已于 ${facts.settledDate} 全部结清，该笔贷款项下的本金、利息及相关费用均已还清。`,
    left,
    doc.y,
    { width, lineGap: 6, indent: 23 },
  );
  doc.moveDown(1);
  drawFigures(doc, facts, left, width);
  doc.moveDown(1.2).fontSize(11.5).text('特此证明。', left, doc.y, { width, indent: 23 });
  const signTop = doc.y + 24;
  doc.text(`出具方：${platform.legalName}`, left + width * 0.45, signTop, { width: width * 0.55 });
  doc.text(`出具日期：${facts.settledDate}`, left + width * 0.45, doc.y + 6, { width: width * 0.55 });
  drawSealMark(doc, {
    x: left + width * 0.72,
    y: signTop + 14,
    radius: 52,
    ring: platform.legalName,
    purpose: '结清证明专用章',
  });
  const bottom = drawVerifyMark(
    doc,
    {
      x: left,
      y: signTop + 90,
      size: 84,
      publicUrl: platform.publicUrl,
      docNo: facts.docNo,
      code: facts.verifyCode,
    },
    width - 94,
  );
  doc.fontSize(8.5).fillColor('#888888');
  doc.text(`生成时间：${shanghaiDateTime(facts.issuedAt)}`, left, bottom + 16, { width });
  doc.text(
    '本证明依据本平台的放款与还款记录出具，仅证明上述贷款已结清；贷款合同及银行记录以合作银行为准。',
    left,
    doc.y + 2,
    {
      width,
    },
  );
  doc.end();
  return done;
}

export interface SettlementToRegister {
  loanId: number;
  userId: number;
  /** the certified company's registered name (masked here when it may be a person's) */
  borrowerName: string;
  totalFen: number;
  /** the platform's legal name: the certificate's issuer */
  issuer: string;
  now: Date;
}

/**
 * Registers the 结清证明 of a loan (one per loan: asked again, the same number and code) with the masked facts its
 * public check shows. Call it, then settlementCertificatePdf with the number and code it answers.
 */
export function registerSettlementCertificate(
  db: Database,
  loan: SettlementToRegister,
): Promise<IssuedDocument> {
  return issueDocument(db, {
    kind: 'SETTLEMENT_CERT',
    subjectId: String(loan.loanId),
    userId: loan.userId,
    facts: { amount: fenToYuan(loan.totalFen), payer: maskPartyName(loan.borrowerName), payee: loan.issuer },
    now: loan.now,
  });
}
