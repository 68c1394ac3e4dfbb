import {
  amountInChineseCapitals,
  CLOSING_BALANCE_LABEL,
  fenToYuan,
  PRODUCT_NAME,
  STATEMENT_TITLE,
  type StatementFigures,
  shanghaiDate,
  shanghaiDateTime,
  statementActivityRows,
  statementBalanceRows,
  statementBalanceSentence,
  statementMonth,
  statementMonthLabel,
  statementNextDueSentence,
  statementRepaidFen,
} from '@loan/domain';
import PDFDocument from 'pdfkit';
import type { PlatformIdentity } from '../../config-platform.ts';
import { cjkPdfBytes } from '../../lib/cjk-font.ts';
import { drawSealMark } from '../issued-documents/seal-mark.ts';
import { drawVerifyMark } from '../issued-documents/verify-mark.ts';

type Doc = InstanceType<typeof PDFDocument>;

/** What a 月度对账单 says. Amounts in fen. */
export interface StatementPdfFacts {
  /** the statement's issued document */
  docNo: string;
  verifyCode: string;
  /** the certified company's registered name, else the account's name */
  borrowerName: string;
  /** already masked; null when the borrower has no certification */
  borrowerUscc: string | null;
  /** "YYYY-MM" */
  month: string;
  figures: StatementFigures;
  nextDueDate: string | null;
  nextDueFen: number | null;
  /** when the statement was made */
  issuedAt: Date;
  /** any of the borrower's loans is with a sandbox bank: said under the title */
  sandbox?: boolean;
}

const LINE = '#999999';
const ROW_HEIGHT = 17;

/** A drawn table of 项目 and 金额（元）; rows named in `strong` are shaded. */
function drawTable(doc: Doc, rows: [string, string][], left: number, width: number, strong: string[] = []) {
  const split = left + width * 0.62;
  let y = doc.y;
  doc.lineWidth(0.6).strokeColor(LINE);
  doc.rect(left, y, width, ROW_HEIGHT).fillAndStroke('#f5f5f5', LINE);
  doc.fillColor('#000000').fontSize(9.5);
  doc.text('项目', left + 8, y + 4, { width: split - left - 16 });
  doc.text('金额（元）', split + 8, y + 4, { width: left + width - split - 16, align: 'right' });
  y += ROW_HEIGHT;
  for (const [label, value] of rows) {
    if (strong.includes(label)) doc.rect(left, y, width, ROW_HEIGHT).fillAndStroke('#fafafa', LINE);
    else doc.rect(left, y, width, ROW_HEIGHT).stroke();
    doc
      .moveTo(split, y)
      .lineTo(split, y + ROW_HEIGHT)
      .stroke();
    doc.fillColor('#000000').text(label, left + 8, y + 4, { width: split - left - 16, lineBreak: false });
    doc.text(value, split + 8, y + 4, { width: left + width - split - 16, align: 'right', lineBreak: false });
    y += ROW_HEIGHT;
  }
  doc.y = y;
}

function heading(doc: Doc, text: string, left: number, width: number) {
  doc.moveDown(0.7).fontSize(11.5).fillColor('#000000').text(text, left, doc.y, { width });
  doc.moveDown(0.25);
}

/**
 * The 月度对账单 as a PDF: whose and which month, the balance (opening, disbursed, principal repaid, closing, the
 * closing in capitals) and what it means, the month's repayments by part, fees paid and refunded, coupons used,
 * money that settled nothing, the next due date and amount, the platform's 对账专用章 and the document's number,
 * code and QR code of its public check. Pure: the figures come made (statementFigures) and registered.
 */
export async function statementPdf(
  facts: StatementPdfFacts,
  platform: Pick<PlatformIdentity, 'legalName' | 'publicUrl'>,
): Promise<Buffer> {
  const bounds = statementMonth(facts.month);
  if (!bounds) throw new Error(`statement ${facts.docNo}: not a month ${facts.month}`);
  const f = facts.figures;
  if (f.closingFen !== f.openingFen + f.disbursedFen - f.repaidPrincipalFen) {
    throw new Error(`statement ${facts.docNo}: closing ${f.closingFen} does not follow from its figures`);
  }
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `${STATEMENT_TITLE} ${facts.month} ${facts.docNo}`,
      Subject: `statement ${facts.month}`,
      Producer: 'loan-portal',
      ...(facts.sandbox ? { Keywords: 'SANDBOX' } : {}),
    },
  });
  const done = cjkPdfBytes(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.fontSize(20).text(STATEMENT_TITLE, { align: 'center' });
  doc
    .fontSize(9)
    .fillColor('#888888')
    .text(`${PRODUCT_NAME} · 对账单编号 ${facts.docNo}`, { align: 'center' });
  if (facts.sandbox) {
    doc.fillColor('#cf1322').text('沙箱环境文件：模拟放款与还款，不代表真实债权债务', { align: 'center' });
  }
  doc.moveDown(1).fillColor('#000000').fontSize(10.5);
  const uscc = facts.borrowerUscc ? `（统一社会信用代码 ${facts.borrowerUscc}）` : '';
  doc.text(`借款人：${facts.borrowerName}${uscc}`, left, doc.y, { width });
  doc.text(
    `账单月份：${statementMonthLabel(facts.month)}（${bounds.firstDay} 至 ${bounds.lastDay}，北京时间）`,
    left,
    doc.y + 4,
    { width },
  );

  heading(doc, '一、借款余额', left, width);
  const balance = statementBalanceRows(f);
  drawTable(
    doc,
    [
      ...balance.map((r): [string, string] => [r.label, fenToYuan(r.fen)]),
      [`${CLOSING_BALANCE_LABEL}（大写）`, amountInChineseCapitals(f.closingFen)],
    ],
    left,
    width,
    [CLOSING_BALANCE_LABEL],
  );
  doc.moveDown(0.4).fontSize(8.5).fillColor('#555555');
  doc.text(statementBalanceSentence(bounds), left, doc.y, { width, lineGap: 2 });

  heading(doc, '二、本月还款、服务费与退款', left, width);
  drawTable(
    doc,
    [
      ...statementActivityRows(f).map((r): [string, string] => [r.label, fenToYuan(r.fen)]),
      ['还款合计（本金、利息、罚息、随期服务费）', fenToYuan(statementRepaidFen(f))],
    ],
    left,
    width,
    ['还款合计（本金、利息、罚息、随期服务费）'],
  );
  doc.moveDown(0.4).fontSize(8.5).fillColor('#555555');
  doc.text(
    `本月共 ${f.lineCount} 笔交易；各笔明细可在“交易记录”页面按 ${bounds.firstDay} 至 ${bounds.lastDay} 查询。`,
    left,
    doc.y,
    { width },
  );

  heading(doc, '三、下一还款', left, width);
  doc
    .fontSize(10.5)
    .text(statementNextDueSentence(facts.nextDueDate, facts.nextDueFen), left, doc.y, { width });

  // the verification on the left, the issuer and its seal on the right, in one band
  const bandTop = doc.y + 18;
  const signLeft = left + width * 0.52;
  const bottom = drawVerifyMark(
    doc,
    {
      x: left,
      y: bandTop,
      size: 72,
      publicUrl: platform.publicUrl,
      docNo: facts.docNo,
      code: facts.verifyCode,
    },
    signLeft - left - 92,
  );
  doc.fontSize(10).fillColor('#000000');
  doc.text(`出具方：${platform.legalName}`, signLeft, bandTop + 14, { width: left + width - signLeft });
  doc.text(`出具日期：${shanghaiDate(facts.issuedAt)}`, signLeft, doc.y + 6, {
    width: left + width - signLeft,
  });
  drawSealMark(doc, {
    x: left + width * 0.8,
    y: bandTop + 34,
    radius: 44,
    ring: platform.legalName,
    purpose: '对账专用章',
  });
  doc.fontSize(8).fillColor('#888888');
  doc.text(`生成时间：${shanghaiDateTime(facts.issuedAt)}`, left, Math.max(bottom, bandTop + 80) + 12, {
    width,
  });
  doc.text(
    '本对账单依据本平台的交易记录（放款、还款、服务费、退款）生成，金额单位为人民币元；贷款合同及银行记录以合作银行为准。',
    left,
    doc.y + 2,
    { width },
  );
  doc.end();
  return done;
}
