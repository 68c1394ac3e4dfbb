import { API } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { paymentOrders } from '../../db/schema.ts';
import type { PartnerCallContext, PartnerOperation } from '../partner-calls/run.ts';
import { failRefund } from '../refunds/failed.ts';

/** The partner name of the payment gateway's claims (partner_calls.partner). */
export const GATEWAY = 'GATEWAY';

function gatewayOf(ctx: PartnerCallContext) {
  if (!ctx.gateway) throw new Error('no payment gateway in this context');
  return ctx.gateway;
}

/** The notify addresses the gateway is given (under the API base). */
export const notifyUrls = (apiBase: string) => ({
  pay: `${apiBase}${API.paymentNotify}`,
  refund: `${apiBase}${API.refundNotify}`,
});

export interface PayCreatePayload extends Record<string, unknown> {
  orderId: number;
  outTradeNo: string;
  amountFen: number;
  subject: string;
  channel: string;
  notifyUrl: string;
}

/** Opens the order at the gateway; the answer's cashier address is kept on the order (while it is open). */
export const payCreate: PartnerOperation<PayCreatePayload> = {
  operation: 'PAY_CREATE',
  async call(ctx, { payload, key }) {
    const { outTradeNo, amountFen, subject, channel, notifyUrl } = payload;
    const order = { outTradeNo, amountFen, subject, channel, notifyUrl, idempotencyKey: key };
    const answer = await gatewayOf(ctx).createOrder(order, ctx.now());
    return { accepted: true, reason: null, result: { ...answer } };
  },
  async apply(tx, _ctx, payload, answer, now) {
    const { gatewayTradeNo, cashierUrl } = answer.result as { gatewayTradeNo?: string; cashierUrl?: string };
    await tx
      .update(paymentOrders)
      .set({ gatewayTradeNo: gatewayTradeNo ?? null, cashierUrl: cashierUrl ?? null, updatedAt: now })
      .where(and(eq(paymentOrders.id, payload.orderId), eq(paymentOrders.status, 'CREATED')));
    return null;
  },
};

export interface PayClosePayload extends Record<string, unknown> {
  outTradeNo: string;
  /** why ours is to be closed once the gateway has (EXPIRED, BY_BORROWER, REPLACED) */
  closeReason?: string;
}

/**
 * Closes the order at the gateway BEFORE ours is closed (release-order.ts); refused when it was paid there
 * meanwhile, and then the gateway is asked for the payment, which is applied instead.
 */
export const payClose: PartnerOperation<PayClosePayload> = {
  operation: 'PAY_CLOSE',
  async call(ctx, { payload, key }) {
    const answer = await gatewayOf(ctx).closeOrder(payload.outTradeNo, key, ctx.now());
    return { accepted: answer.ok, reason: answer.reason, result: {} };
  },
  async apply() {
    // a refusal means the money arrived: releaseAtGateway (the new attempt's, or reconciliation's) applies it
    return null;
  },
};

export interface RefundCallPayload extends Record<string, unknown> {
  refundNo: string;
  outTradeNo: string;
  amountFen: number;
  notifyUrl: string;
}

/** Asks the gateway to refund; the refund notify confirms it (REFUNDS' applyRefundNotify). */
export const refundCall: PartnerOperation<RefundCallPayload> = {
  operation: 'REFUND',
  async call(ctx, { payload, key }) {
    const { outTradeNo, refundNo: outRefundNo, amountFen, notifyUrl } = payload;
    const refund = { outTradeNo, outRefundNo, amountFen, notifyUrl, idempotencyKey: key };
    const answer = await gatewayOf(ctx).refund(refund, ctx.now());
    return answer.accepted
      ? { accepted: true, reason: null, result: { gatewayRefundNo: answer.gatewayRefundNo } }
      : { accepted: false, reason: answer.reason, result: {} };
  },
  // a refusal fails the refund (its money free again, sent again later), in the answer's transaction
  async apply(tx, _ctx, payload, answer, now) {
    if (!answer.accepted)
      await failRefund(tx, payload.refundNo, answer.reason ?? '支付渠道拒绝退款', 'GATEWAY', now);
    return null;
  },
};

export const GATEWAY_OPERATIONS = [payCreate, payClose, refundCall] as const;
