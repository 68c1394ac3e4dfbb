import { REFUND_NO_PATTERN } from '@loan/domain';
import { and, asc, desc, eq, lte, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { partnerCalls, type RefundRow, refundApplications } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { GATEWAY, refundCall } from '../payments/gateway-calls.ts';
import { startRefund } from '../payments/refund-call.ts';
import { paymentOrderById } from './lookup.ts';
import { applyRefundEvent } from './refund-event.ts';

export type RefundCallContext = Pick<AppContext, 'db' | 'now' | 'log' | 'banks' | 'gateway' | 'config'>;

/** A refund left REFUNDING this long without its notify is asked at the gateway again (same refund number). */
export const REFUND_RESUME_AFTER_MS = 60_000;

/**
 * An approved refund goes to the gateway: moved to REFUNDING (the one writer: only from APPROVED, once), and
 * after that has committed, the gateway's refund call is claimed and made with the refund number as its key
 * (a retry asks again with the same key and refunds nothing twice).
 */
export async function sendApprovedRefund(ctx: RefundCallContext, approved: RefundRow): Promise<RefundRow> {
  let refund = approved;
  if (refund.status === 'APPROVED') {
    refund = await ctx.db.transaction((tx) =>
      applyRefundEvent(tx, approved, 'START_REFUND', 'SYSTEM', {
        now: ctx.now(),
        actorRef: null,
        reason: '已提交支付渠道原路退回',
      }),
    );
  }
  if (refund.status !== 'REFUNDING' || !REFUND_NO_PATTERN.test(refund.refundNo)) return refund;
  const order = await paymentOrderById(ctx.db, refund.paymentOrderId);
  try {
    await startRefund(ctx, {
      refundNo: refund.refundNo,
      outTradeNo: order.outTradeNo,
      amountFen: refund.amountFen,
    });
  } catch (error) {
    // the claim stays open: the sweep below and the partner-call reconciliation ask again with the same key
    ctx.log.warn(
      { refundNo: refund.refundNo, reason: error instanceof Error ? error.message : String(error) },
      'refund call to the gateway got no answer',
    );
  }
  return refund;
}

/** True when the gateway's last answer to this refund's call was a refusal. */
async function refusedAtGateway(ctx: RefundCallContext, refundNo: string): Promise<boolean> {
  const [last] = await ctx.db
    .select({ state: partnerCalls.state })
    .from(partnerCalls)
    .where(
      and(
        eq(partnerCalls.partner, GATEWAY),
        eq(partnerCalls.operation, refundCall.operation),
        eq(partnerCalls.subject, refundNo),
      ),
    )
    .orderBy(desc(partnerCalls.id))
    .limit(1);
  return last?.state === 'REFUSED';
}

/**
 * Refunds approved but not yet sent (a crash between the review and the call), and refunds sent long ago
 * whose notify has not come: each is sent (again: the same refund number, nothing refunded twice).
 */
export async function sendWaitingRefunds(ctx: RefundCallContext, limit = 50): Promise<number> {
  const stale = new Date(ctx.now().getTime() - REFUND_RESUME_AFTER_MS);
  const rows = await ctx.db
    .select()
    .from(refundApplications)
    .where(
      or(
        eq(refundApplications.status, 'APPROVED'),
        and(eq(refundApplications.status, 'REFUNDING'), lte(refundApplications.updatedAt, stale)),
      ),
    )
    .orderBy(asc(refundApplications.updatedAt))
    .limit(limit);
  let sent = 0;
  for (const row of rows) {
    if (row.status === 'REFUNDING' && (await refusedAtGateway(ctx, row.refundNo))) continue;
    try {
      await sendApprovedRefund(ctx, row);
      sent += 1;
    } catch (error) {
      // another server moved it first
      if (!(error instanceof ApiError)) throw error;
    }
  }
  return sent;
}
