import { fenToYuan } from '@loan/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { ledgerTransactions, type PaymentOrderRow, paymentOrders } from '../../db/schema.ts';
import { type CallOutcome, runPartnerCall } from '../partner-calls/run.ts';
import { insertRefund } from '../refunds/apply.ts';
import { applyRefundEvent } from '../refunds/refund-event.ts';
import { GATEWAY, notifyUrls, refundCall } from './gateway-calls.ts';
import { recordOrderEvent } from './order-events.ts';
import { lockOrder } from './place-order.ts';

type RefundContext = Pick<AppContext, 'db' | 'now' | 'banks' | 'log' | 'gateway' | 'config'>;

export interface RefundToStart {
  refundNo: string;
  outTradeNo: string;
  amountFen: number;
}

/**
 * Asks the gateway to refund (claim REFUND, partner GATEWAY, subject the refund number; then the call with the
 * claim's idempotency key: asked again, the gateway does nothing twice). Call it after the transaction that
 * moved the refund to REFUNDING committed; the refund notify confirms it (REFUNDS' applyRefundNotify).
 */
export function startRefund(ctx: RefundContext, refund: RefundToStart): Promise<CallOutcome> {
  return runPartnerCall(ctx, refundCall, {
    partner: GATEWAY,
    subject: refund.refundNo,
    payload: {
      refundNo: refund.refundNo,
      outTradeNo: refund.outTradeNo,
      amountFen: refund.amountFen,
      notifyUrl: notifyUrls(ctx.config.apiBase).refund,
    },
  });
}

/**
 * Money that arrived for an order already CLOSED: kept on the order as unapplied (paid_at and the gateway's
 * number recorded, the order stays CLOSED) with a ledger line saying it will go back; startAutoRefund then
 * files the AUTO refund. Exactly once: only while the order has no paid_at.
 */
export async function lateMoneyOfClosedOrder(
  tx: Database,
  order: PaymentOrderRow,
  facts: { now: Date; paidAt: Date; gatewayTradeNo: string },
): Promise<void> {
  const [updated] = await tx
    .update(paymentOrders)
    .set({
      unappliedFen: order.amountFen,
      paidAt: facts.paidAt,
      gatewayTradeNo: facts.gatewayTradeNo,
      updatedAt: facts.now,
    })
    .where(
      and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'CLOSED'), isNull(paymentOrders.paidAt)),
    )
    .returning();
  if (!updated) return;
  await recordOrderEvent(tx, updated, 'CLOSED', 'LATE_PAYMENT', {
    now: facts.now,
    actor: 'GATEWAY',
    reason: `订单关闭后到账 ${fenToYuan(order.amountFen)} 元，原路退回`,
  });
  await tx.insert(ledgerTransactions).values({
    userId: order.userId,
    loanId: order.loanId,
    type: order.purpose === 'FEE' ? 'FEE_PAYMENT' : 'REPAYMENT',
    amountFen: -order.amountFen,
    memo: `订单 ${order.outTradeNo} 关闭后到账，款项将原路退回`,
    occurredAt: facts.paidAt,
    createdAt: facts.now,
  });
}

/**
 * Files and starts the AUTO refund of a closed order's late money (approved by the system at once), then asks
 * the gateway. A failure is logged; reconciliation tries again for closed orders whose money is not back.
 */
export async function startAutoRefund(
  ctx: RefundContext,
  orderId: number,
  reason = '订单关闭后到账，系统自动原路退回',
): Promise<void> {
  try {
    const now = ctx.now();
    const refund = await ctx.db.transaction(async (tx) => {
      const [found] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
      const order = found && (await lockOrder(tx, found));
      if (!order || order.unappliedFen - order.refundedFen <= 0) return null;
      const filed = await insertRefund(tx, {
        order,
        amountFen: order.unappliedFen - order.refundedFen,
        reason,
        source: 'AUTO',
        evidenceDocumentId: null,
        now,
        actorRef: null,
        ip: null,
      });
      const approved = await applyRefundEvent(tx, filed, 'APPROVE', 'SYSTEM', {
        now,
        actorRef: null,
        reason: '系统自动退款',
      });
      const refunding = await applyRefundEvent(tx, approved, 'START_REFUND', 'SYSTEM', {
        now,
        actorRef: null,
        set: { sends: approved.sends + 1 },
      });
      return { refundNo: refunding.refundNo, outTradeNo: order.outTradeNo, amountFen: refunding.amountFen };
    });
    if (refund) await startRefund(ctx, refund);
  } catch (error) {
    ctx.log.warn({ err: error, orderId }, 'automatic refund of a closed order could not be started');
  }
}
