import { REFUND_OPEN_STATES, RSP, refundableFen, refundBaseFen } from '@loan/domain';
import { and, eq, inArray, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  type PaymentOrderRow,
  paymentOrderItems,
  paymentOrders,
  type RefundRow,
  refundApplications,
} from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';

/** A borrower's own refund by number: a missing one and another borrower's answer the same 3901. */
export async function ownRefund(db: Database, userId: number, refundNo: string): Promise<RefundRow> {
  const [row] = await db
    .select()
    .from(refundApplications)
    .where(and(eq(refundApplications.refundNo, refundNo), eq(refundApplications.userId, userId)))
    .limit(1);
  if (!row) throw new ApiError(RSP.REFUND_NOT_FOUND);
  return row;
}

/** A refund by number, whoever's it is (operators, the gateway's word); null when there is none. */
export async function findRefundByNo(db: Database, refundNo: string): Promise<RefundRow | null> {
  const [row] = await db
    .select()
    .from(refundApplications)
    .where(eq(refundApplications.refundNo, refundNo))
    .limit(1);
  return row ?? null;
}

/** A borrower's own payment order by number: a missing one and another borrower's answer the same 3902. */
export async function ownPaymentOrder(
  db: Database,
  userId: number,
  outTradeNo: string,
): Promise<PaymentOrderRow> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.outTradeNo, outTradeNo), eq(paymentOrders.userId, userId)))
    .limit(1);
  if (!row) throw new ApiError(RSP.REFUND_PAYMENT_NOT_FOUND);
  return row;
}

export async function paymentOrderById(db: Database, id: number): Promise<PaymentOrderRow> {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id)).limit(1);
  if (!row) throw new Error(`payment order ${id} is missing`);
  return row;
}

/** The cash of an instalment repayment that paid its service fee (what of it is a refundable fee). */
async function feeCashFen(db: Database, orderId: number): Promise<number> {
  const [row] = await db
    .select({ fee: sum(paymentOrderItems.feeFen), discount: sum(paymentOrderItems.discountFen) })
    .from(paymentOrderItems)
    .where(eq(paymentOrderItems.orderId, orderId));
  return Math.max(0, Number(row?.fee ?? 0) - Number(row?.discount ?? 0));
}

/**
 * What of an order may be refunded at all: of a paid one refundBaseFen of its purpose; of one paid after it was
 * closed (the money arrived late) all of it, unapplied; nothing of an order never paid.
 */
async function orderRefundBase(db: Database, order: PaymentOrderRow): Promise<number> {
  if (order.status === 'CLOSED') return order.unappliedFen;
  if (order.status !== 'PAID') return 0;
  const base = refundBaseFen({
    purpose: order.purpose,
    amountFen: order.amountFen,
    unappliedFen: order.unappliedFen,
    feeCashFen: order.purpose === 'FEE' ? order.amountFen : await feeCashFen(db, order.id),
  });
  // fee cash credited to an early settlement was given back there
  return Math.max(0, base - order.creditedFen);
}

/** The amounts of refunds of this order still under way. */
async function pendingRefundFen(db: Database, orderId: number): Promise<number> {
  const [row] = await db
    .select({ fen: sum(refundApplications.amountFen) })
    .from(refundApplications)
    .where(
      and(
        eq(refundApplications.paymentOrderId, orderId),
        inArray(refundApplications.status, [...REFUND_OPEN_STATES]),
      ),
    );
  return Number(row?.fen ?? 0);
}

/** paid − refunded − pending of an order, as it stands now. */
export async function orderRefundable(db: Database, order: PaymentOrderRow): Promise<number> {
  return refundableFen({
    paidFen: await orderRefundBase(db, order),
    refundedFen: order.refundedFen,
    pendingFen: await pendingRefundFen(db, order.id),
  });
}

/** The refund under way of an order, if any (at most one: a partial unique index). */
export async function openRefundOf(db: Database, orderId: number): Promise<RefundRow | null> {
  const [row] = await db
    .select()
    .from(refundApplications)
    .where(
      and(
        eq(refundApplications.paymentOrderId, orderId),
        inArray(refundApplications.status, [...REFUND_OPEN_STATES]),
      ),
    )
    .limit(1);
  return row ?? null;
}
