import { type CloseReason, isCloseReason } from '@loan/domain';
import { and, asc, eq, exists, gt, isNotNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { partnerCalls, paymentOrders, refundApplications } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { applyRefundNotify } from '../refunds/notify.ts';
import { GATEWAY, payClose } from './gateway-calls.ts';
import { closeOrderRow } from './order-events.ts';
import { lockOrder } from './place-order.ts';
import { startAutoRefund } from './refund-call.ts';
import { releaseAtGateway } from './release-order.ts';

type ReconcileContext = Pick<AppContext, 'db' | 'now' | 'banks' | 'log' | 'gateway' | 'config'>;

/**
 * The payments' reconciliation (a job): orders still CREATED past their expiry, and open orders a new attempt
 * asked the gateway to close (a PAY_CLOSE claim on them) without a clear answer, are closed at the gateway
 * first (releaseAtGateway): paid there → applied as the notify would (the notify later changes nothing);
 * closed there → CLOSED here (EXPIRED, or why the close was asked for), the coupon back; no answer → asked
 * again next time. Refunds REFUNDING for more than a minute are asked too (done there → confirmed). Closed
 * orders whose late money has no refund yet get their AUTO refund. Returns how many things changed.
 */
export async function reconcilePayments(
  ctx: ReconcileContext,
  budget?: AbortSignal,
  limit = 50,
): Promise<number> {
  let changed = 0;
  const now = ctx.now();
  const closeClaims = and(
    eq(partnerCalls.partner, GATEWAY),
    eq(partnerCalls.operation, payClose.operation),
    eq(partnerCalls.subject, paymentOrders.outTradeNo),
  );
  const closing = exists(ctx.db.select({ id: partnerCalls.id }).from(partnerCalls).where(closeClaims));
  const due = await ctx.db
    .select({
      order: paymentOrders,
      // why the latest close was asked for (a new attempt's or a borrower's), when one was
      asked: sql<string | null>`(select ${partnerCalls.payload} ->> 'closeReason' from ${partnerCalls}
        where ${closeClaims} order by ${partnerCalls.id} desc limit 1)`,
    })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.status, 'CREATED'), or(lte(paymentOrders.expiresAt, now), closing)))
    .orderBy(asc(paymentOrders.expiresAt))
    .limit(limit);
  for (const { order, asked } of due) {
    if (budget?.aborted) break;
    const reason: CloseReason =
      order.expiresAt.getTime() <= now.getTime() || !isCloseReason(asked) ? 'EXPIRED' : asked;
    try {
      const release = await releaseAtGateway(ctx, order, reason);
      if (release === 'UNSURE') continue;
      if (release === 'CLOSED') {
        await ctx.db.transaction(async (tx) => {
          const locked = await lockOrder(tx, order);
          if (locked?.status !== 'CREATED') return;
          await closeOrderRow(tx, locked, reason, 'SYSTEM', ctx.now());
        });
      }
      changed += 1;
    } catch (error) {
      if (!(error instanceof ApiError))
        ctx.log.warn({ err: error, outTradeNo: order.outTradeNo }, 'order reconciliation failed');
    }
  }
  changed += await reconcileRefunds(ctx, limit, budget);
  const stranded = await ctx.db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.status, 'CLOSED'),
        isNotNull(paymentOrders.paidAt),
        gt(paymentOrders.unappliedFen, paymentOrders.refundedFen),
        notExists(
          ctx.db
            .select({ id: refundApplications.id })
            .from(refundApplications)
            .where(
              and(
                eq(refundApplications.paymentOrderId, paymentOrders.id),
                sql`${refundApplications.status} not in ('REJECTED', 'CANCELLED')`,
              ),
            ),
        ),
      ),
    )
    .limit(limit);
  for (const order of stranded) {
    if (budget?.aborted) break;
    await startAutoRefund(ctx, order.id);
    changed += 1;
  }
  return changed;
}

/** Refunds REFUNDING for over a minute: the gateway is asked; a refund done there is confirmed. */
async function reconcileRefunds(ctx: ReconcileContext, limit: number, budget?: AbortSignal): Promise<number> {
  const now = ctx.now();
  const waiting = await ctx.db
    .select()
    .from(refundApplications)
    .where(
      and(
        eq(refundApplications.status, 'REFUNDING'),
        lte(refundApplications.updatedAt, new Date(now.getTime() - 60_000)),
      ),
    )
    .limit(limit);
  let changed = 0;
  for (const refund of waiting) {
    if (budget?.aborted) break;
    try {
      const status = await ctx.gateway.queryRefund(refund.refundNo, now);
      if (status.status !== 'SUCCESS') continue;
      const result = await ctx.db.transaction((tx) =>
        applyRefundNotify(
          tx,
          {
            outRefundNo: refund.refundNo,
            amountFen: status.amountFen,
            gatewayRefundNo: status.gatewayRefundNo,
            refundedAt: status.refundedAt ?? now,
          },
          now,
          'SYSTEM',
        ),
      );
      if (result.outcome === 'APPLIED') changed += 1;
    } catch (error) {
      ctx.log.warn({ err: error, refundNo: refund.refundNo }, 'refund reconciliation failed');
    }
  }
  return changed;
}
