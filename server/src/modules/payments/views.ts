import {
  CLOSE_REASON_LABELS,
  fenToYuan,
  OUT_TRADE_NO_PATTERN,
  PAYMENT_CHANNEL_LABELS,
  PAYMENT_ORDER_STATE_LABELS,
  type PaymentOrderView,
  RSP,
} from '@loan/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  coupons,
  loans,
  type PaymentOrderRow,
  paymentOrderItems,
  paymentOrders,
  products,
} from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { orderRefundable } from '../refunds/lookup.ts';

/** The borrower's own order by number: a malformed, missing or other borrower's number all answer 3801. */
export async function ownOrder(db: Database, userId: number, outTradeNo: string): Promise<PaymentOrderRow> {
  if (!OUT_TRADE_NO_PATTERN.test(outTradeNo)) throw new ApiError(RSP.PAY_ORDER_NOT_FOUND);
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.outTradeNo, outTradeNo), eq(paymentOrders.userId, userId)))
    .limit(1);
  if (!row) throw new ApiError(RSP.PAY_ORDER_NOT_FOUND);
  return row;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An order as the borrower sees it: items, coupon, what is refundable now. */
export async function orderView(db: Database, order: PaymentOrderRow): Promise<PaymentOrderView> {
  const items = await db
    .select()
    .from(paymentOrderItems)
    .where(eq(paymentOrderItems.orderId, order.id))
    .orderBy(asc(paymentOrderItems.id));
  const [product] = order.loanId
    ? await db
        .select({ name: products.name })
        .from(loans)
        .innerJoin(products, eq(products.productCode, loans.productCode))
        .where(eq(loans.id, order.loanId))
    : [];
  const [coupon] = order.couponId
    ? await db.select({ title: coupons.title }).from(coupons).where(eq(coupons.id, order.couponId))
    : [];
  const refundable = order.status === 'CREATED' ? 0 : await orderRefundable(db, order);
  const status = order.status;
  return {
    outTradeNo: order.outTradeNo,
    purpose: order.purpose,
    loanId: order.loanId,
    productName: product?.name ?? null,
    channel: order.channel,
    channelLabel: PAYMENT_CHANNEL_LABELS[order.channel] ?? order.channel,
    amount: fenToYuan(order.amountFen),
    discount: fenToYuan(order.discountFen),
    couponId: order.couponId,
    couponTitle: coupon?.title ?? null,
    status,
    statusLabel:
      status === 'CLOSED' && order.closeReason
        ? `${PAYMENT_ORDER_STATE_LABELS.CLOSED}（${CLOSE_REASON_LABELS[order.closeReason] ?? ''}）`
        : PAYMENT_ORDER_STATE_LABELS[status],
    closeReason: order.closeReason,
    items: items.map((i) => ({
      feeId: i.feeItemId,
      seq: i.seq,
      principal: fenToYuan(i.principalFen),
      interest: fenToYuan(i.interestFen),
      penalty: fenToYuan(i.penaltyFen),
      fee: fenToYuan(i.feeFen),
      discount: fenToYuan(i.discountFen),
    })),
    unapplied: fenToYuan(order.unappliedFen),
    refunded: fenToYuan(order.refundedFen),
    refundable: fenToYuan(refundable),
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt.toISOString(),
    paidAt: iso(order.paidAt),
    closedAt: iso(order.closedAt),
  };
}

/** GET /pay/orders: the borrower's paid orders, newest first (the refund page's picker), at most 100. */
export async function paidOrders(db: Database, userId: number): Promise<PaymentOrderView[]> {
  const rows = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.status, 'PAID')))
    .orderBy(desc(paymentOrders.paidAt), desc(paymentOrders.id))
    .limit(100);
  const views: PaymentOrderView[] = [];
  for (const row of rows) views.push(await orderView(db, row));
  return views;
}
