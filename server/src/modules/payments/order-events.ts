import { CLOSE_REASON_LABELS, type PaymentOrderEvent, paymentOrderTransition, RSP } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  coupons,
  type PaymentOrderRow,
  paymentOrderEvents,
  paymentOrderItems,
  paymentOrders,
} from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { cancelSettlementOfOrder } from '../loans/settlement-paid.ts';

export type OrderActor = 'BORROWER' | 'GATEWAY' | 'SYSTEM';

export interface OrderMoveOptions {
  now: Date;
  actor: OrderActor;
  reason?: string | null;
  set?: Partial<Omit<PaymentOrderRow, 'id' | 'status' | 'userId' | 'outTradeNo'>>;
}

/**
 * THE one way a payment order changes state: the table in domain/src/payments/order-state.ts decides, the row
 * is updated only if it is still in the state it was read in (a notify and a close at once: one wins, the other
 * gets 3805), its items stop holding their subjects, and the move is logged. Call it inside a transaction.
 */
export async function moveOrder(
  tx: Database,
  order: PaymentOrderRow,
  event: PaymentOrderEvent,
  options: OrderMoveOptions,
): Promise<PaymentOrderRow> {
  const to = paymentOrderTransition(order.status, event);
  if (!to) throw new ApiError(RSP.PAY_ORDER_NOT_OPEN);
  const [updated] = await tx
    .update(paymentOrders)
    .set({ ...options.set, status: to, updatedAt: options.now })
    .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, order.status)))
    .returning();
  if (!updated) throw new ApiError(RSP.PAY_ORDER_NOT_OPEN);
  await tx.update(paymentOrderItems).set({ open: false }).where(eq(paymentOrderItems.orderId, order.id));
  await recordOrderEvent(tx, updated, order.status, event, options);
  return updated;
}

export async function recordOrderEvent(
  tx: Database,
  order: PaymentOrderRow,
  fromState: string | null,
  event: string,
  options: Pick<OrderMoveOptions, 'now' | 'actor' | 'reason'>,
): Promise<void> {
  await tx.insert(paymentOrderEvents).values({
    orderId: order.id,
    fromState,
    toState: order.status,
    event,
    actor: options.actor,
    reason: options.reason ?? null,
    at: options.now,
  });
}

/** Closes an open order (EXPIRED, BY_BORROWER, REPLACED) and gives its coupon back. */
export async function closeOrderRow(
  tx: Database,
  order: PaymentOrderRow,
  reason: 'EXPIRED' | 'BY_BORROWER' | 'REPLACED',
  actor: OrderActor,
  now: Date,
): Promise<PaymentOrderRow> {
  const closed = await moveOrder(tx, order, 'CLOSE', {
    now,
    actor,
    reason,
    set: { closeReason: reason, closedAt: now },
  });
  await cancelSettlementOfOrder(tx, closed, CLOSE_REASON_LABELS[reason], now);
  if (order.couponId !== null) {
    await tx
      .update(coupons)
      .set({ state: 'AVAILABLE', lockedOrderId: null, updatedAt: now })
      .where(
        and(eq(coupons.id, order.couponId), eq(coupons.state, 'LOCKED'), eq(coupons.lockedOrderId, order.id)),
      );
  }
  return closed;
}
