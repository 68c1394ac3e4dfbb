import {
  CLOSE_REASON_LABELS,
  fenToYuan,
  PAYMENT_CHANNEL_LABELS,
  PAYMENT_PURPOSE_LABELS,
  PRODUCT_NAME,
  RSP,
  shanghaiDateTime,
} from '@loan/domain';
import { asc, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Database } from '../../db/client.ts';
import { coupons, loans, type PaymentOrderRow, paymentOrderItems, products, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { cjkPdfBytes } from '../../lib/cjk-font.ts';

/**
 * The 电子回单 of a paid order: a PDF made with pdfkit, its Chinese text set in the portal's CJK font (cjk-font.ts).
 */
/** Under the title of a receipt from the sandbox gateway. */
const SANDBOX_RECEIPT_NOTE = '沙箱环境回单：模拟支付，不代表真实资金往来';

interface Line {
  label: string;
  value: string;
}

async function linesOf(db: Database, order: PaymentOrderRow, now: Date): Promise<Line[]> {
  const [payer] = await db.select({ loginId: users.loginId }).from(users).where(eq(users.id, order.userId));
  const [loan] = order.loanId
    ? await db
        .select({ id: loans.id, name: products.name })
        .from(loans)
        .innerJoin(products, eq(products.productCode, loans.productCode))
        .where(eq(loans.id, order.loanId))
    : [];
  const [coupon] = order.couponId
    ? await db.select({ title: coupons.title }).from(coupons).where(eq(coupons.id, order.couponId))
    : [];
  const items = await db
    .select()
    .from(paymentOrderItems)
    .where(eq(paymentOrderItems.orderId, order.id))
    .orderBy(asc(paymentOrderItems.id));
  const lines: Line[] = [
    { label: '订单号', value: order.outTradeNo },
    { label: '支付渠道流水号', value: order.gatewayTradeNo ?? '—' },
    { label: '付款账号', value: payer?.loginId ?? '—' },
    { label: '支付渠道', value: PAYMENT_CHANNEL_LABELS[order.channel] ?? order.channel },
    { label: '款项用途', value: PAYMENT_PURPOSE_LABELS[order.purpose] ?? order.purpose },
    { label: '贷款', value: loan ? `${loan.name}（贷款编号 ${loan.id}）` : '—' },
  ];
  for (const item of items) {
    const what =
      item.instalmentId !== null
        ? `第 ${item.seq} 期还款`
        : item.seq === 0
          ? '一次性服务费'
          : `第 ${item.seq} 期服务费`;
    const parts = [
      item.principalFen ? `本金 ${fenToYuan(item.principalFen)}` : '',
      item.interestFen ? `利息 ${fenToYuan(item.interestFen)}` : '',
      item.penaltyFen ? `罚息 ${fenToYuan(item.penaltyFen)}` : '',
      item.feeFen ? `服务费 ${fenToYuan(item.feeFen)}` : '',
      item.discountFen ? `优惠 −${fenToYuan(item.discountFen)}` : '',
    ].filter(Boolean);
    lines.push({ label: what, value: `${parts.join('，')} 元` });
  }
  if (order.discountFen > 0) {
    lines.push({
      label: '优惠券抵扣',
      value: `${fenToYuan(order.discountFen)} 元（${coupon?.title ?? '优惠券'}）`,
    });
  }
  lines.push({ label: '实付金额', value: `${fenToYuan(order.amountFen)} 元` });
  if (order.unappliedFen > 0)
    lines.push({ label: '未抵扣款项（可退）', value: `${fenToYuan(order.unappliedFen)} 元` });
  if (order.refundedFen > 0) lines.push({ label: '已退款', value: `${fenToYuan(order.refundedFen)} 元` });
  lines.push({ label: '支付时间', value: order.paidAt ? shanghaiDateTime(order.paidAt) : '—' });
  const status =
    order.status === 'PAID'
      ? '支付成功'
      : `订单已关闭（${order.closeReason ? (CLOSE_REASON_LABELS[order.closeReason] ?? '') : ''}），到账款项原路退回`;
  lines.push({ label: '状态', value: status });
  lines.push({ label: '回单生成时间', value: shanghaiDateTime(now) });
  return lines;
}

/**
 * The receipt of a paid order (or of money that arrived for a closed one); 3813 while nothing was paid. From the
 * sandbox gateway it says so under the title, so nobody takes it for proof of a real payment.
 */
export async function receiptPdf(
  db: Database,
  order: PaymentOrderRow,
  now: Date,
  options: { sandbox: boolean },
): Promise<Buffer> {
  if (order.paidAt === null) throw new ApiError(RSP.PAY_RECEIPT_NOT_READY);
  const lines = await linesOf(db, order, now);
  const doc = new PDFDocument({
    size: 'A5',
    layout: 'landscape',
    margin: 36,
    info: {
      Title: `电子回单 ${order.outTradeNo}`,
      Subject: order.outTradeNo,
      Producer: 'loan-portal',
      ...(options.sandbox ? { Keywords: 'SANDBOX' } : {}),
    },
  });
  const done = cjkPdfBytes(doc);
  doc.fontSize(18).text('电子回单', { align: 'center' });
  doc.fontSize(9).fillColor('#888888').text(`${PRODUCT_NAME} · 平台服务费与主动还款`, { align: 'center' });
  if (options.sandbox) {
    doc.fillColor('#cf1322').text(SANDBOX_RECEIPT_NOTE, { align: 'center' });
  }
  doc.moveDown(0.8).fillColor('#000000').fontSize(10.5);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  for (const line of lines) {
    const y = doc.y;
    doc.fillColor('#555555').text(line.label, left, y, { width: 130 });
    doc.fillColor('#000000').text(line.value, left + 140, y, { width: width - 140 });
    doc.moveDown(0.35);
  }
  doc.moveDown(0.6).fontSize(8.5).fillColor('#888888');
  doc.text('本回单仅证明款项已由支付渠道收取，不作为发票；如有疑问请联系平台客服。', left, doc.y, { width });
  doc.end();
  return done;
}
