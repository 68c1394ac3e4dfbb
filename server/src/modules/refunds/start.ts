import { REFUND_NO_PATTERN, RSP } from '@loan/domain';
import { and, asc, desc, eq, lte, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { partnerCalls, type RefundRow, refundApplications } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { GATEWAY, refundCall } from '../payments/gateway-calls.ts';
import { startRefund } from '../payments/refund-call.ts';
import { failRefund, retryRefund } from './failed.ts';
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
        set: { sends: approved.sends + 1 },
      }),
    );
  }
  if (refund.status !== 'REFUNDING' || !REFUND_NO_PATTERN.test(refund.refundNo)) return refund;
  if (refund.nextAttemptAt) {
    // an operator's resend, taken by this send
    await ctx.db
      .update(refundApplications)
      .set({ nextAttemptAt: null })
      .where(and(eq(refundApplications.id, refund.id), eq(refundApplications.status, 'REFUNDING')));
  }
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
 * Refunds approved but not yet sent (a crash between the review and the call), refunds sent long ago whose
 * notify has not come, and failed refunds whose next automatic send is due: each is sent (again: the same
 * refund number, nothing refunded twice). A refund refused before failed refunds existed is failed now.
 */
export async function sendWaitingRefunds(
  ctx: RefundCallContext,
  budget?: AbortSignal,
  limit = 50,
): Promise<number> {
  const now = ctx.now();
  const stale = new Date(now.getTime() - REFUND_RESUME_AFTER_MS);
  const rows = await ctx.db
    .select()
    .from(refundApplications)
    .where(
      or(
        eq(refundApplications.status, 'APPROVED'),
        and(
          eq(refundApplications.status, 'REFUNDING'),
          or(lte(refundApplications.updatedAt, stale), lte(refundApplications.nextAttemptAt, now)),
        ),
        and(eq(refundApplications.status, 'FAILED'), lte(refundApplications.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(refundApplications.updatedAt))
    .limit(limit);
  let sent = 0;
  for (const row of rows) {
    if (budget?.aborted) break;
    try {
      const resend = row.nextAttemptAt !== null;
      if (row.status === 'REFUNDING' && !resend && (await refusedAtGateway(ctx, row.refundNo))) {
        await ctx.db.transaction((tx) => failRefund(tx, row.refundNo, '支付渠道拒绝退款', 'SYSTEM', now));
        continue;
      }
      const next = row.status === 'FAILED' ? await retryFailed(ctx, row, now) : row;
      if (!next) continue;
      await sendApprovedRefund(ctx, next);
      sent += 1;
    } catch (error) {
      // another server moved it first
      if (!(error instanceof ApiError)) throw error;
    }
  }
  return sent;
}

/** A failed refund moved back to REFUNDING by the job; one that cannot be sent any more is left to an operator. */
async function retryFailed(ctx: RefundCallContext, row: RefundRow, now: Date): Promise<RefundRow | null> {
  try {
    return await ctx.db.transaction((tx) => retryRefund(tx, row.refundNo, 'SYSTEM', { now, actorRef: null }));
  } catch (error) {
    if (!(error instanceof ApiError) || error.rspCode === RSP.REFUND_STATE_NOT_ALLOWED) throw error;
    ctx.log.warn({ refundNo: row.refundNo, rspCode: error.rspCode }, 'failed refund left to an operator');
    await ctx.db
      .update(refundApplications)
      .set({ nextAttemptAt: null })
      .where(and(eq(refundApplications.id, row.id), eq(refundApplications.status, 'FAILED')));
    return null;
  }
}
