import { type PaymentOrderView, RSP } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { closeOrderRow } from './order-events.ts';
import { lockOrder } from './place-order.ts';
import { confirmingError, releaseAtGateway } from './release-order.ts';
import { orderView, ownOrder } from './views.ts';

/**
 * POST /pay/closeOrder: the borrower gives up an unpaid order (3805 when it is paid or closed already). It is
 * closed at the gateway first: one the borrower paid meanwhile is applied instead (3805, it is paid); without an
 * answer it stays open (3815) and reconciliation asks the gateway.
 */
export async function closeByBorrower(
  ctx: AppContext,
  user: UserRow,
  outTradeNo: string,
): Promise<PaymentOrderView> {
  const order = await ownOrder(ctx.db, user.id, outTradeNo);
  if (order.status !== 'CREATED') throw new ApiError(RSP.PAY_ORDER_NOT_OPEN);
  const release = await releaseAtGateway(ctx, order, 'BY_BORROWER');
  if (release === 'PAID')
    throw new ApiError(RSP.PAY_ORDER_NOT_OPEN, `订单 ${order.outTradeNo} 已支付成功并已入账，无需取消`);
  if (release === 'UNSURE') throw confirmingError(release, order);
  const closed = await ctx.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order);
    if (locked?.status !== 'CREATED') throw new ApiError(RSP.PAY_ORDER_NOT_OPEN);
    return closeOrderRow(tx, locked, 'BY_BORROWER', 'BORROWER', ctx.now());
  });
  return orderView(ctx.db, closed);
}

/**
 * POST /pay/sandboxCashier: what the borrower does on the sandbox cashier page, only with the sandbox gateway
 * (3812) and only on their own order (3801). PAY: the gateway takes the money and sends its notify (the job
 * delivers it); FAIL: nothing is paid, the order stays open (answered as it stands).
 */
export async function sandboxCashier(
  ctx: AppContext,
  user: UserRow,
  body: { outTradeNo: string; action: 'PAY' | 'FAIL' },
): Promise<PaymentOrderView> {
  const cashier = ctx.gateway.sandbox ? ctx.gateway.cashier : undefined;
  if (!cashier) throw new ApiError(RSP.PAY_SANDBOX_ONLY);
  const order = await ownOrder(ctx.db, user.id, body.outTradeNo);
  if (order.status !== 'CREATED') throw new ApiError(RSP.PAY_ORDER_NOT_OPEN);
  const answer = await cashier.call(ctx.gateway, order.outTradeNo, body.action, ctx.now());
  if (!answer.ok) throw new ApiError(RSP.PAY_ORDER_NOT_OPEN, answer.reason ?? undefined);
  return orderView(ctx.db, order);
}
