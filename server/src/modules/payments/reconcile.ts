import { and, asc, eq, gt, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { paymentOrders, refundApplications } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { applyRefundNotify } from '../refunds/notify.ts';
import { applyPaidOrder } from './apply-paid.ts';
import { closeAtGateway } from './gateway-steps.ts';
import { closeOrderRow } from './order-events.ts';
import { lockOrder } from './place-order.ts';
import { startAutoRefund } from './refund-call.ts';

type ReconcileContext = Pick<AppContext, 'db' | 'now' | 'banks' | 'log' | 'gateway' | 'config'>;

/**
 * The payments' reconciliation (a job): orders still CREATED past their expiry are asked of the gateway: PAID
 * there → applied as the notify would (its notify later is a DUPLICATE-free IGNORED); otherwise closed at the
 * gateway and CLOSED (EXPIRED, the coupon back). Refunds REFUNDING for more than a minute are asked too (done
 * there → confirmed). Closed orders whose late money has no refund yet get their AUTO refund. Returns how many
 * things changed.
 */
export async function reconcilePayments(
  ctx: ReconcileContext,
  budget?: AbortSignal,
  limit = 50,
): Promise<number> {
  let changed = 0;
  const now = ctx.now();
  const expired = await ctx.db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.status, 'CREATED'), lte(paymentOrders.expiresAt, now)))
    .orderBy(asc(paymentOrders.expiresAt))
    .limit(limit);
  for (const order of expired) {
    if (budget?.aborted) break;
    try {
      const status = await ctx.gateway.queryOrder(order.outTradeNo, now);
      const done = await ctx.db.transaction(async (tx) => {
        const locked = await lockOrder(tx, order);
        if (locked?.status !== 'CREATED') return null;
        if (status.status === 'PAID' && status.amountFen === locked.amountFen) {
          const paidAt = status.paidAt ?? now;
          await applyPaidOrder(tx, locked, {
            now,
            paidAt,
            gatewayTradeNo: status.gatewayTradeNo,
            actor: 'SYSTEM',
          });
          return null;
        }
        return closeOrderRow(tx, locked, 'EXPIRED', 'SYSTEM', now);
      });
      if (done) await closeAtGateway(ctx, done);
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
