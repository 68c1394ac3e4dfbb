import { fenToYuan, PRODUCT_NAME, RSP, shanghaiDateTime } from '@loan/domain';
import PDFDocument from 'pdfkit';
import type { AppContext } from '../../context.ts';
import type { PaymentOrderRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { cjkPdfBytes } from '../../lib/cjk-font.ts';
import { issueDocument } from '../issued-documents/issue.ts';
import { drawSealMark } from '../issued-documents/seal-mark.ts';
import { drawVerifyMark } from '../issued-documents/verify-mark.ts';
import { receiptContent } from './receipt-lines.ts';

/**
 * The 电子回单 of a paid order: a PDF made with pdfkit, its Chinese text set in the portal's CJK font (cjk-font.ts),
 * registered as an issued document (its number and verification code, with a QR code of the public check) and
 * marked with the platform's 电子回单专用章.
 */
/** Under the title of a receipt from the sandbox gateway. */
const SANDBOX_RECEIPT_NOTE = '沙箱环境回单：模拟支付，不代表真实资金往来';

/**
 * The receipt of a paid order (or of money that arrived for a closed one); 3813 while nothing was paid. From the
 * sandbox gateway it says so under the title, so nobody takes it for proof of a real payment. The first download
 * registers it; later ones print the same number and code.
 */
export async function receiptPdf(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  order: PaymentOrderRow,
  now: Date,
): Promise<Buffer> {
  if (order.paidAt === null) throw new ApiError(RSP.PAY_RECEIPT_NOT_READY);
  const content = await receiptContent(ctx, order);
  const issued = await issueDocument(ctx.db, {
    kind: 'RECEIPT',
    subjectId: order.outTradeNo,
    userId: order.userId,
    facts: { amount: fenToYuan(order.amountFen), payer: content.payer, payee: content.payee },
    now,
  });
  const sandbox = ctx.config.sandbox;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: {
      Title: `电子回单 ${order.outTradeNo}`,
      Subject: order.outTradeNo,
      Producer: 'loan-portal',
      ...(sandbox ? { Keywords: 'SANDBOX' } : {}),
    },
  });
  const done = cjkPdfBytes(doc);
  doc.fontSize(20).text('电子回单', { align: 'center' });
  doc.fontSize(9).fillColor('#888888').text(`${PRODUCT_NAME} · 平台服务费与主动还款`, { align: 'center' });
  if (sandbox) doc.fillColor('#cf1322').text(SANDBOX_RECEIPT_NOTE, { align: 'center' });
  doc.moveDown(0.8).fillColor('#000000').fontSize(10.5);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.6)
    .strokeColor('#999999')
    .stroke();
  doc.moveDown(0.5);
  for (const line of content.lines) {
    const y = doc.y;
    doc.fillColor('#555555').text(line.label, left, y, { width: 130 });
    doc.fillColor('#000000').text(line.value, left + 140, y, { width: width - 140 });
    doc.moveDown(0.35);
  }
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.6)
    .strokeColor('#999999')
    .stroke();
  const top = doc.y + 14;
  const bottom = drawVerifyMark(
    doc,
    {
      x: left,
      y: top,
      size: 84,
      publicUrl: ctx.config.platform.publicUrl,
      docNo: issued.docNo,
      code: issued.verifyCode,
    },
    width - 84 - 10 - 150,
  );
  drawSealMark(doc, {
    x: left + width - 70,
    y: top + 42,
    radius: 50,
    ring: ctx.config.platform.legalName,
    purpose: '电子回单专用章',
  });
  doc.fontSize(8.5).fillColor('#888888');
  doc.text(`回单生成时间：${shanghaiDateTime(now)}`, left, bottom + 18, { width });
  doc.text('本回单仅证明款项已由支付渠道收取，不作为发票；如有疑问请联系平台客服。', left, doc.y + 2, {
    width,
  });
  doc.end();
  return done;
}
