import { allocateRefund, fenToYuan, isFullRefund, type RefundActor } from '@loan/domain';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  coupons,
  feeItems,
  ledgerTransactions,
  type PaymentOrderRow,
  paymentOrderItems,
  paymentOrders,
  type RefundRow,
} from '../../db/schema.ts';
import { lockOrder } from '../payments/place-order.ts';
import { findRefundByNo, paymentOrderById } from './lookup.ts';
import { applyRefundEvent } from './refund-event.ts';

/** The gateway's word that a refund was made (its signed notify, or reconciliation's query). */
export interface RefundConfirmation {
  outRefundNo: string;
  amountFen: number;
  gatewayRefundNo: string | null;
  /** when the gateway made it */
  refundedAt: Date;
}

export type RefundNotifyOutcome =
  | { outcome: 'APPLIED'; refund: RefundRow }
  /** confirmed before: nothing done again */
  | { outcome: 'DUPLICATE'; refund: RefundRow }
  /** unknown refund, other amount, or a refund not under way: nothing done (the caller records why) */
  | { outcome: 'REFUSED'; reason: string };

/**
 * Applies a confirmed refund, exactly once, in the caller's transaction: the application becomes REFUNDED, the
 * order's refunded_fen grows (never above its cash), the refund is spread over the fee items it paid (their
 * refunded_fen grows), a REFUND ledger line per loan is written (positive; the payment's line is never edited)
 * and, on a full refund, the coupon of the order is available again unless it has expired.
 */
export async function applyRefundNotify(
  tx: Database,
  confirmation: RefundConfirmation,
  now: Date,
  actor: Extract<RefundActor, 'GATEWAY' | 'SYSTEM'> = 'GATEWAY',
): Promise<RefundNotifyOutcome> {
  const named = await findRefundByNo(tx, confirmation.outRefundNo);
  if (!named) return { outcome: 'REFUSED', reason: '退款单不存在' };
  // the order's lock first (after its loan's), as every writer of the order and of its refunds takes it
  const order = await lockOrder(tx, await paymentOrderById(tx, named.paymentOrderId));
  const found = await findRefundByNo(tx, confirmation.outRefundNo);
  if (!found || !order) return { outcome: 'REFUSED', reason: '退款单不存在' };
  if (found.status === 'REFUNDED') return { outcome: 'DUPLICATE', refund: found };
  if (found.amountFen !== confirmation.amountFen) {
    return {
      outcome: 'REFUSED',
      reason: `退款金额不一致：通知 ${fenToYuan(confirmation.amountFen)} 元，申请 ${fenToYuan(found.amountFen)} 元`,
    };
  }
  let refund = found;
  if (refund.status === 'APPROVED') {
    refund = await applyRefundEvent(tx, refund, 'START_REFUND', 'SYSTEM', {
      now,
      actorRef: null,
      set: { sends: refund.sends + 1 },
    });
  }
  if (refund.status !== 'REFUNDING') return { outcome: 'REFUSED', reason: `退款申请状态为 ${refund.status}` };
  const done = await applyRefundEvent(tx, refund, 'CONFIRM', actor, {
    now,
    actorRef: confirmation.gatewayRefundNo,
    reason: `已原路退回 ${fenToYuan(refund.amountFen)} 元`,
    set: {
      refundedAt: confirmation.refundedAt,
      gatewayRefundNo: confirmation.gatewayRefundNo ?? refund.gatewayRefundNo,
    },
  });
  const [grown] = await tx
    .update(paymentOrders)
    .set({ refundedFen: sql`${paymentOrders.refundedFen} + ${refund.amountFen}`, updatedAt: now })
    .where(
      and(
        eq(paymentOrders.id, order.id),
        sql`${paymentOrders.refundedFen} + ${refund.amountFen} <= ${paymentOrders.amountFen}`,
      ),
    )
    .returning();
  if (!grown)
    throw new Error(`refund ${refund.refundNo} would take more than order ${order.outTradeNo} paid`);
  await refundFeeItemsAndLedger(tx, done, order, now);
  if (order.couponId !== null && isFullRefund(grown.amountFen, grown.refundedFen)) {
    await tx
      .update(coupons)
      .set({ state: 'AVAILABLE', usedOrderId: null, usedAt: null, lockedOrderId: null, updatedAt: now })
      .where(and(eq(coupons.id, order.couponId), eq(coupons.state, 'USED'), gt(coupons.validUntil, now)));
  }
  return { outcome: 'APPLIED', refund: done };
}

/**
 * Spreads the refund: first over the order's overpayment not yet refunded (money that paid nothing), then over
 * the fee items it paid, each up to its cash not yet refunded; writes one REFUND ledger line per loan.
 */
async function refundFeeItemsAndLedger(
  tx: Database,
  refund: RefundRow,
  order: PaymentOrderRow,
  now: Date,
): Promise<void> {
  const items = await tx
    .select({ part: paymentOrderItems, fee: feeItems })
    .from(paymentOrderItems)
    .innerJoin(feeItems, eq(feeItems.id, paymentOrderItems.feeItemId))
    .where(eq(paymentOrderItems.orderId, order.id))
    .orderBy(asc(feeItems.loanId), asc(feeItems.seq));
  // earlier refunds of this order took its overpayment first too; none of a closed order's cash paid its items
  const overpaymentLeft = Math.max(0, order.unappliedFen - order.refundedFen);
  const fromOverpayment = Math.min(refund.amountFen, overpaymentLeft);
  const allocation = allocateRefund(
    refund.amountFen - fromOverpayment,
    (order.status === 'PAID' ? items : []).map(({ part, fee }) => ({
      id: fee.id,
      cashFen: Math.min(part.feeFen - part.discountFen, fee.paidFen),
      refundedFen: fee.refundedFen,
    })),
  );
  const restFen = fromOverpayment + allocation.restFen;
  const byLoan = new Map<number, number>();
  for (const { id, fen } of allocation.parts) {
    const [updated] = await tx
      .update(feeItems)
      .set({ refundedFen: sql`${feeItems.refundedFen} + ${fen}`, updatedAt: now })
      .where(and(eq(feeItems.id, id), sql`${feeItems.refundedFen} + ${fen} <= ${feeItems.paidFen}`))
      .returning();
    if (!updated) throw new Error(`fee item ${id}: refund above what was paid`);
    byLoan.set(updated.loanId, (byLoan.get(updated.loanId) ?? 0) + fen);
  }
  const lines: { loanId: number | null; amountFen: number; feeFen: number; memo: string }[] = [...byLoan].map(
    ([loanId, fen]) => ({
      loanId,
      amountFen: fen,
      feeFen: fen,
      memo: `服务费退款（退款单号 ${refund.refundNo}）`,
    }),
  );
  if (restFen > 0) {
    const loanId = order.loanId ?? items[0]?.fee.loanId ?? (await anyLoanOf(tx, order.id));
    lines.push({
      loanId,
      amountFen: restFen,
      feeFen: 0,
      memo: `多付款项退款（退款单号 ${refund.refundNo}）`,
    });
  }
  for (const line of lines) {
    await tx.insert(ledgerTransactions).values({
      userId: refund.userId,
      loanId: line.loanId,
      type: 'REFUND',
      amountFen: line.amountFen,
      feeFen: line.feeFen,
      memo: line.memo,
      occurredAt: refund.refundedAt ?? now,
      createdAt: now,
    });
  }
}

async function anyLoanOf(tx: Database, orderId: number): Promise<number | null> {
  const [row] = await tx
    .select({ loanId: paymentOrderItems.loanId })
    .from(paymentOrderItems)
    .where(eq(paymentOrderItems.orderId, orderId))
    .limit(1);
  return row?.loanId ?? null;
}
