import {
  checkRefundAmount,
  checkRefundReason,
  nextRefundAttemptAt,
  type RefundActor,
  RSP,
} from '@loan/domain';
import type { Database } from '../../db/client.ts';
import type { RefundRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { lockOrder } from '../payments/place-order.ts';
import { findRefundByNo, openRefundOf, orderRefundable, paymentOrderById } from './lookup.ts';
import { applyRefundEvent } from './refund-event.ts';

/** A refund by number with its order locked (after its loan), re-read under that lock; null when unknown. */
async function lockedRefund(tx: Database, refundNo: string): Promise<RefundRow | null> {
  const named = await findRefundByNo(tx, refundNo);
  if (!named) return null;
  await lockOrder(tx, await paymentOrderById(tx, named.paymentOrderId));
  return findRefundByNo(tx, refundNo);
}

/**
 * The gateway did not refund (its answer to the call, or a FAILED notify): REFUNDING → FAILED with the reason
 * kept, its money no longer pending, and when the refund job sends it again (none after the last automatic
 * send). Null when the refund is not under way at the gateway (nothing done).
 */
export async function failRefund(
  tx: Database,
  refundNo: string,
  reason: string,
  actor: Extract<RefundActor, 'GATEWAY' | 'SYSTEM'>,
  now: Date,
): Promise<RefundRow | null> {
  const refund = await lockedRefund(tx, refundNo);
  if (refund?.status !== 'REFUNDING') return null;
  return applyRefundEvent(tx, refund, 'FAIL', actor, {
    now,
    actorRef: null,
    reason,
    set: { failureReason: reason, nextAttemptAt: nextRefundAttemptAt(refund.sends, now) },
  });
}

/**
 * A failed refund sent again (the refund job, or an operator): FAILED → REFUNDING, one more send, only while no
 * other refund of the order is under way (3905) and its amount is still refundable (3904), both as the locked
 * order and its refunds stand. The caller makes the gateway call after this has committed, or (sendAt, an
 * operator's resend) the refund job makes it at that time.
 */
export async function retryRefund(
  tx: Database,
  refundNo: string,
  actor: Extract<RefundActor, 'OPERATOR' | 'SYSTEM'>,
  options: { now: Date; actorRef: string | null; sendAt?: Date | null },
): Promise<RefundRow> {
  const refund = await lockedRefund(tx, refundNo);
  if (!refund) throw new ApiError(RSP.REFUND_NOT_FOUND);
  if (refund.status === 'FAILED') {
    if (await openRefundOf(tx, refund.paymentOrderId)) throw new ApiError(RSP.REFUND_OPEN_EXISTS);
    const order = await paymentOrderById(tx, refund.paymentOrderId);
    const check = checkRefundAmount(refund.amountFen, await orderRefundable(tx, order));
    if (!check.ok) throw new ApiError(check.code, check.reason);
  }
  return applyRefundEvent(tx, refund, 'RETRY', actor, {
    now: options.now,
    actorRef: options.actorRef,
    reason: `第 ${refund.sends + 1} 次向支付渠道发起退款`,
    set: { sends: refund.sends + 1, nextAttemptAt: options.sendAt ?? null },
  });
}

/** An operator closes a failed refund with a reason: FAILED → CLOSED, the money not given back this way. */
export async function closeRefund(
  tx: Database,
  refundNo: string,
  options: { now: Date; actorRef: string | null; reason: string },
): Promise<RefundRow> {
  const reason = checkRefundReason(options.reason, '关闭原因');
  if (!reason.ok) throw new ApiError(reason.code, reason.reason);
  const refund = await lockedRefund(tx, refundNo);
  if (!refund) throw new ApiError(RSP.REFUND_NOT_FOUND);
  return applyRefundEvent(tx, refund, 'CLOSE', 'OPERATOR', {
    now: options.now,
    actorRef: options.actorRef,
    reason: reason.reason,
    set: { nextAttemptAt: null },
  });
}
