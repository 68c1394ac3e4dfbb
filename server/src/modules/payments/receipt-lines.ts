import {
  amountInChineseCapitals,
  CLOSE_REASON_LABELS,
  fenToYuan,
  maskBankCard,
  maskPartyName,
  PAYMENT_CHANNEL_LABELS,
  PAYMENT_PURPOSE_LABELS,
  shanghaiDateTime,
} from '@loan/domain';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import {
  coupons,
  loanCertifications,
  loans,
  type PaymentOrderRow,
  paymentOrderItems,
  products,
} from '../../db/schema.ts';
import { openOrNull } from '../../lib/sealed-columns.ts';

/** One labelled line of a receipt. */
export interface ReceiptLine {
  label: string;
  value: string;
}

/** What a receipt says: its lines, and the masked facts its verification shows. */
export interface ReceiptContent {
  lines: ReceiptLine[];
  payer: string;
  payee: string;
}

const yuan = (fen: number) => `${fenToYuan(fen)} 元`;

/** Who paid: the certified company (masked where it may be a person's name) and the account it paid from. */
async function payerOf(ctx: Pick<AppContext, 'db' | 'config' | 'log'>, order: PaymentOrderRow) {
  const [certification] = await ctx.db
    .select({
      companyName: loanCertifications.companyName,
      bankName: loanCertifications.bankName,
      bankCardEnc: loanCertifications.bankCardEnc,
    })
    .from(loanCertifications)
    .where(eq(loanCertifications.userId, order.userId));
  const channel = PAYMENT_CHANNEL_LABELS[order.channel] ?? order.channel;
  const card =
    order.channel === 'TRANSFER' && certification
      ? openOrNull(ctx, 'bankCard', order.userId, certification.bankCardEnc)
      : null;
  return {
    name: certification ? maskPartyName(certification.companyName) : '—',
    account: card
      ? `${certification?.bankName ?? ''} ${maskBankCard(card)}`.trim()
      : `${channel}账户（账户信息以支付渠道记录为准）`,
  };
}

/** The lines of an order's parts: every figure with its 元. */
async function itemLines(ctx: Pick<AppContext, 'db'>, order: PaymentOrderRow): Promise<ReceiptLine[]> {
  const items = await ctx.db
    .select()
    .from(paymentOrderItems)
    .where(eq(paymentOrderItems.orderId, order.id))
    .orderBy(asc(paymentOrderItems.id));
  return items.map((item) => {
    const label =
      order.purpose === 'SETTLEMENT'
        ? '提前结清'
        : item.instalmentId !== null
          ? `第 ${item.seq} 期还款`
          : item.seq === 0
            ? '一次性服务费'
            : `第 ${item.seq} 期服务费`;
    const parts = [
      item.principalFen ? `本金 ${yuan(item.principalFen)}` : '',
      item.interestFen ? `利息 ${yuan(item.interestFen)}` : '',
      item.penaltyFen ? `罚息 ${yuan(item.penaltyFen)}` : '',
      item.feeFen ? `服务费 ${yuan(item.feeFen)}` : '',
      item.discountFen ? `优惠 ${yuan(item.discountFen)}` : '',
    ].filter(Boolean);
    return { label, value: parts.join('，') || yuan(0) };
  });
}

/**
 * The content of the 电子回单 of a paid order: payer (the certified company and its account, masked), payee (the
 * platform's legal name and account, masked), purpose, the parts, the amount in figures and in capitals, order and
 * gateway numbers, channel and the Shanghai time it was paid.
 */
export async function receiptContent(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  order: PaymentOrderRow,
): Promise<ReceiptContent> {
  const { platform } = ctx.config;
  const payer = await payerOf(ctx, order);
  const [loan] = order.loanId
    ? await ctx.db
        .select({ id: loans.id, name: products.name })
        .from(loans)
        .innerJoin(products, eq(products.productCode, loans.productCode))
        .where(eq(loans.id, order.loanId))
    : [];
  const [coupon] = order.couponId
    ? await ctx.db.select({ title: coupons.title }).from(coupons).where(eq(coupons.id, order.couponId))
    : [];
  const lines: ReceiptLine[] = [
    { label: '付款方', value: payer.name },
    { label: '付款账户', value: payer.account },
    { label: '收款方', value: platform.legalName },
    { label: '收款账户', value: `${platform.accountBank} ${maskBankCard(platform.accountNo)}` },
    { label: '款项用途', value: PAYMENT_PURPOSE_LABELS[order.purpose] ?? order.purpose },
    { label: '贷款', value: loan ? `${loan.name}（贷款编号 ${loan.id}）` : '—' },
    ...(await itemLines(ctx, order)),
  ];
  if (order.discountFen > 0) {
    lines.push({
      label: '优惠券抵扣',
      value: `优惠 ${yuan(order.discountFen)}（${coupon?.title ?? '优惠券'}）`,
    });
  }
  lines.push(
    { label: '实付金额（小写）', value: yuan(order.amountFen) },
    { label: '实付金额（大写）', value: amountInChineseCapitals(order.amountFen) },
  );
  if (order.unappliedFen > 0) lines.push({ label: '未抵扣款项（可退）', value: yuan(order.unappliedFen) });
  if (order.refundedFen > 0) lines.push({ label: '已退款', value: yuan(order.refundedFen) });
  lines.push(
    { label: '订单号', value: order.outTradeNo },
    { label: '支付渠道流水号', value: order.gatewayTradeNo ?? '—' },
    { label: '支付渠道', value: PAYMENT_CHANNEL_LABELS[order.channel] ?? order.channel },
    { label: '支付时间', value: order.paidAt ? shanghaiDateTime(order.paidAt) : '—' },
    {
      label: '状态',
      value:
        order.status === 'PAID'
          ? '支付成功'
          : `订单已关闭（${order.closeReason ? (CLOSE_REASON_LABELS[order.closeReason] ?? '') : ''}），到账款项原路退回`,
    },
  );
  return { lines, payer: payer.name, payee: platform.legalName };
}
