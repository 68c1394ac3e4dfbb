import { API, fenToYuan } from '@loan/domain';
import { and, asc, eq, isNull, lt, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { sandboxGatewayNotifies, sandboxGatewayOrders, sandboxGatewayRefunds } from '../../db/schema.ts';
import type { App } from '../../http.ts';
import { PAY_SIGNATURE_HEADER, PAY_TIMESTAMP_HEADER, signNotify } from '../../modules/payments/signature.ts';
import { postToOwnRoute } from '../sandbox-post.ts';

/** A notify refused this many times is not tried again (it stays in the table, logged). */
const MAX_NOTIFY_ATTEMPTS = 10;

type DeliveryContext = Pick<AppContext, 'db' | 'now' | 'config' | 'log'>;

/** The wait before the next try after `attempts` refusals: 1 s, 2 s, 4 s … */
const notifyBackoffMs = (attempts: number) => 1000 * 2 ** Math.max(0, attempts - 1);

type NotifyRow = typeof sandboxGatewayNotifies.$inferSelect;

/** The notify's body as the gateway sends it now (a refund is done when its notify is first due). */
async function bodyOf(ctx: DeliveryContext, job: NotifyRow): Promise<Record<string, unknown> | null> {
  if (job.kind === 'PAY') {
    const outTradeNo = String(job.payload.outTradeNo);
    const [order] = await ctx.db
      .select()
      .from(sandboxGatewayOrders)
      .where(eq(sandboxGatewayOrders.outTradeNo, outTradeNo));
    if (!order) return null;
    return {
      notifyId: `PN${job.id}-${outTradeNo}`,
      outTradeNo,
      gatewayTradeNo: order.gatewayTradeNo,
      tradeStatus: 'SUCCESS',
      amount: fenToYuan(order.amountFen),
      paidAt: (order.paidAt ?? job.createdAt).toISOString(),
    };
  }
  const outRefundNo = String(job.payload.outRefundNo);
  await ctx.db
    .update(sandboxGatewayRefunds)
    .set({ status: 'SUCCESS', refundedAt: ctx.now() })
    .where(
      and(eq(sandboxGatewayRefunds.outRefundNo, outRefundNo), eq(sandboxGatewayRefunds.status, 'PROCESSING')),
    );
  const [refund] = await ctx.db
    .select()
    .from(sandboxGatewayRefunds)
    .where(eq(sandboxGatewayRefunds.outRefundNo, outRefundNo));
  if (!refund) return null;
  return {
    notifyId: `RN${job.id}-${outRefundNo}`,
    outTradeNo: refund.outTradeNo,
    outRefundNo,
    gatewayRefundNo: refund.gatewayRefundNo,
    refundStatus: 'SUCCESS',
    amount: fenToYuan(refund.amountFen),
    refundedAt: (refund.refundedAt ?? ctx.now()).toISOString(),
  };
}

/** The due, undelivered notifies (at most `limit`). */
export function dueNotifies(ctx: Pick<AppContext, 'db' | 'now'>, limit = 50) {
  return ctx.db
    .select()
    .from(sandboxGatewayNotifies)
    .where(
      and(
        isNull(sandboxGatewayNotifies.deliveredAt),
        lte(sandboxGatewayNotifies.dueAt, ctx.now()),
        lt(sandboxGatewayNotifies.attempts, MAX_NOTIFY_ATTEMPTS),
      ),
    )
    .orderBy(asc(sandboxGatewayNotifies.dueAt), asc(sandboxGatewayNotifies.id))
    .limit(limit);
}

/**
 * Delivers the sandbox gateway's due notifies: each body is signed as a real gateway signs it and posted to
 * the real notify route through app.inject, so it passes the same checks. Answered 0000 → delivered; otherwise
 * its attempts grow and it is due again after notifyBackoffMs. Returns how many were delivered.
 */
export async function deliverDueGatewayNotifies(
  app: App,
  ctx: DeliveryContext,
  budget?: AbortSignal,
): Promise<number> {
  let delivered = 0;
  for (const job of await dueNotifies(ctx)) {
    if (budget?.aborted) break;
    const body = await bodyOf(ctx, job);
    const rawBody = JSON.stringify(body ?? {});
    const timestamp = String(Math.floor(ctx.now().getTime() / 1000));
    const path = job.kind === 'PAY' ? API.paymentNotify : API.refundNotify;
    const answer = await postToOwnRoute(
      app,
      `${ctx.config.apiBase}${path}`,
      {
        [PAY_TIMESTAMP_HEADER]: timestamp,
        [PAY_SIGNATURE_HEADER]: signNotify(ctx.config.paymentNotifySecret, timestamp, rawBody),
      },
      rawBody,
    );
    if (answer.delivered) {
      await ctx.db
        .update(sandboxGatewayNotifies)
        .set({ deliveredAt: ctx.now() })
        .where(eq(sandboxGatewayNotifies.id, job.id));
      delivered += 1;
    } else {
      const attempts = job.attempts + 1;
      await ctx.db
        .update(sandboxGatewayNotifies)
        .set({ attempts, dueAt: new Date(ctx.now().getTime() + notifyBackoffMs(attempts)) })
        .where(eq(sandboxGatewayNotifies.id, job.id));
      ctx.log.warn(
        { notifyId: job.id, kind: job.kind, status: answer.status, code: answer.rspCode },
        'payment notify refused',
      );
    }
  }
  return delivered;
}
