import { type CloseReason, RSP } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { PaymentOrderRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { tellBankOfSettlement } from '../loans/settlement-paid.ts';
import { type CallOutcome, runPartnerCall } from '../partner-calls/run.ts';
import { applyPaidOrder } from './apply-paid.ts';
import { GATEWAY, payClose } from './gateway-calls.ts';
import { lockOrder } from './place-order.ts';
import { startAutoRefund } from './refund-call.ts';

type GatewayContext = Pick<AppContext, 'db' | 'now' | 'banks' | 'log' | 'gateway' | 'config'>;

/**
 * What became of an open order asked to make way (for a new attempt, or at its expiry):
 * CLOSED: the gateway will never take money for it, ours may be closed; PAID: the gateway had the money and the
 * payment is applied (as its notify would); UNSURE: no clear answer (unreachable, still waiting): the order
 * stays open as it is and reconciliation asks again (a PAY_CLOSE claim on an open order marks it).
 */
export type Release = 'CLOSED' | 'PAID' | 'UNSURE';

/** The answer to a new attempt while an earlier order of the same items was paid or may have been. */
export function confirmingError(release: Exclude<Release, 'CLOSED'>, order: PaymentOrderRow): ApiError {
  return release === 'PAID'
    ? new ApiError(
        RSP.PAY_CONFIRMING,
        `订单 ${order.outTradeNo} 已支付成功并已入账，本次未重新发起支付，请刷新查看最新应还金额`,
      )
    : new ApiError(
        RSP.PAY_CONFIRMING,
        `有一笔支付正在确认中（订单 ${order.outTradeNo}），请稍后刷新查看结果，确认前请勿重复支付`,
      );
}

/**
 * Closes an open order at the gateway BEFORE ours is closed (claim PAY_CLOSE first, the claim's key on the call;
 * the claim keeps why, for reconciliation to close ours with that reason once the gateway has answered):
 * accepted → CLOSED. Refused (the borrower paid at the cashier) → the gateway is asked for the payment, which is
 * applied once, under the loan's and the order's locks: PAID (its notify later finds the order PAID and changes
 * nothing). No answer → UNSURE.
 */
export async function releaseAtGateway(
  ctx: GatewayContext,
  order: PaymentOrderRow,
  closeReason: CloseReason,
): Promise<Release> {
  let outcome: CallOutcome;
  try {
    outcome = await runPartnerCall(ctx, payClose, {
      partner: GATEWAY,
      subject: order.outTradeNo,
      payload: { outTradeNo: order.outTradeNo, closeReason },
    });
  } catch (error) {
    ctx.log.warn({ err: error, outTradeNo: order.outTradeNo }, 'closing an order at the gateway failed');
    return 'UNSURE';
  }
  if (outcome.status === 'ANSWERED_BEFORE') return outcome.call.state === 'SUCCEEDED' ? 'CLOSED' : 'UNSURE';
  if (outcome.status !== 'ANSWERED') return 'UNSURE';
  if (outcome.answer.accepted) return 'CLOSED';
  ctx.log.warn(
    { outTradeNo: order.outTradeNo, reason: outcome.answer.reason },
    'gateway refused to close an order: asking it for the payment',
  );
  return applyWhatGatewayHas(ctx, order);
}

/** The gateway's word on an order it refused to close: paid → applied (once); closed or unknown there → CLOSED. */
async function applyWhatGatewayHas(ctx: GatewayContext, order: PaymentOrderRow): Promise<Release> {
  const now = ctx.now();
  let status: Awaited<ReturnType<GatewayContext['gateway']['queryOrder']>>;
  try {
    status = await ctx.gateway.queryOrder(order.outTradeNo, now);
  } catch (error) {
    ctx.log.warn({ err: error, outTradeNo: order.outTradeNo }, 'querying an order at the gateway failed');
    return 'UNSURE';
  }
  if (status.status === 'CLOSED' || status.status === 'NOT_FOUND') return 'CLOSED';
  if (status.status !== 'PAID') return 'UNSURE';
  const paid = await ctx.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order);
    if (!locked) return null;
    if (locked.status !== 'CREATED') return locked.status === 'PAID' ? { order: locked, fresh: false } : null;
    if (status.amountFen !== locked.amountFen) {
      ctx.log.error(
        { outTradeNo: order.outTradeNo, gatewayFen: status.amountFen, orderFen: locked.amountFen },
        'the gateway reports another amount paid for an order: left for finance',
      );
      return null;
    }
    const facts = {
      now,
      paidAt: status.paidAt ?? now,
      gatewayTradeNo: status.gatewayTradeNo,
      actor: 'SYSTEM' as const,
    };
    return { order: await applyPaidOrder(tx, locked, facts), fresh: true };
  });
  if (!paid) return 'UNSURE';
  if (paid.fresh) await afterPaidApplied(ctx, paid.order);
  return 'PAID';
}

/** What follows a paid settlement order, as after its notify: the bank told, or money no longer owed sent back. */
export async function afterPaidApplied(ctx: GatewayContext, paid: PaymentOrderRow): Promise<void> {
  if (paid.purpose !== 'SETTLEMENT') return;
  if (paid.unappliedFen > 0)
    await startAutoRefund(ctx, paid.id, '提前结清款项到账时结清金额已变化，系统自动原路退回');
  else await tellBankOfSettlement(ctx, paid.id);
}
