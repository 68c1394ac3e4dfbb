import { fenToYuan, type NotifyResult, RSP, yuanToFen } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { Value } from 'typebox/value';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { paymentNotifies, paymentOrders } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { PaymentNotifySchema, RefundNotifySchema } from '../../schemas/payments.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { tellBankOfSettlement } from '../loans/settlement-paid.ts';
import { failRefund } from '../refunds/failed.ts';
import { applyRefundNotify } from '../refunds/notify.ts';
import { applyPaidOrder } from './apply-paid.ts';
import { lockLoans } from './place-order.ts';
import { lateMoneyOfClosedOrder, startAutoRefund } from './refund-call.ts';
import {
  NOTIFY_MAX_SKEW_MS,
  notifySignatureValid,
  PAY_SIGNATURE_HEADER,
  PAY_TIMESTAMP_HEADER,
} from './signature.ts';

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value : null;
};

/** Signature (3809), timestamp window (3810), JSON (1002) and shape (1001) of a notify, in that order. */
function verified(
  ctx: AppContext,
  headers: Headers,
  rawBody: unknown,
  schema: typeof PaymentNotifySchema | typeof RefundNotifySchema,
) {
  const raw = typeof rawBody === 'string' ? rawBody : '';
  const timestamp = header(headers, PAY_TIMESTAMP_HEADER);
  const signature = header(headers, PAY_SIGNATURE_HEADER);
  if (
    !timestamp ||
    !signature ||
    !/^\d{1,12}$/.test(timestamp) ||
    !notifySignatureValid(ctx.config.paymentNotifySecret, timestamp, raw, signature)
  ) {
    throw new ApiError(RSP.PAY_NOTIFY_BAD_SIGNATURE);
  }
  if (Math.abs(ctx.now().getTime() - Number(timestamp) * 1000) > NOTIFY_MAX_SKEW_MS) {
    throw new ApiError(RSP.PAY_NOTIFY_STALE);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ApiError(RSP.BAD_REQUEST_BODY, '通知内容不是合法的 JSON');
  }
  if (!Value.Check(schema, parsed)) throw new ApiError(RSP.INVALID_INPUT, '通知内容不符合约定格式');
  return parsed as Record<string, unknown>;
}

type Outcome = { outcome: 'APPLIED' | 'DUPLICATE' | 'IGNORED' | 'REFUSED' | 'LATE'; reason: string | null };

/** Records the notify once per id; a replay answers what the first did (REFUSED again, else DUPLICATE). */
async function once(
  tx: Database,
  kind: 'PAY' | 'REFUND',
  body: Record<string, unknown>,
  now: Date,
  work: () => Promise<Outcome>,
): Promise<Outcome> {
  const [seen] = await tx
    .insert(paymentNotifies)
    .values({
      notifyId: String(body.notifyId),
      kind,
      outTradeNo: String(body.outTradeNo),
      payload: body,
      outcome: 'RECEIVED',
      receivedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: paymentNotifies.id });
  if (!seen) {
    const [first] = await tx
      .select()
      .from(paymentNotifies)
      .where(eq(paymentNotifies.notifyId, String(body.notifyId)));
    return first?.outcome === 'REFUSED'
      ? { outcome: 'REFUSED', reason: first.reason }
      : { outcome: 'DUPLICATE', reason: null };
  }
  const result = await work();
  await tx
    .update(paymentNotifies)
    .set({ outcome: result.outcome, reason: result.reason })
    .where(eq(paymentNotifies.id, seen.id));
  return result;
}

/** A notify: its checks (verified), then recorded once by its id and worked in one transaction. */
async function receive(
  ctx: AppContext,
  notify: { headers: Headers; rawBody: unknown },
  schema: typeof PaymentNotifySchema | typeof RefundNotifySchema,
  kind: 'PAY' | 'REFUND',
  work: (tx: Database, body: Record<string, unknown>, now: Date) => Promise<Outcome>,
): Promise<Outcome> {
  const body = verified(ctx, notify.headers, notify.rawBody, schema);
  const now = ctx.now();
  return ctx.db.transaction((tx) => once(tx, kind, body, now, () => work(tx, body, now)));
}

function answer(result: Outcome): NotifyResult {
  if (result.outcome === 'REFUSED') throw new ApiError(RSP.PAY_NOTIFY_MISMATCH, result.reason ?? undefined);
  return { outcome: result.outcome === 'LATE' ? 'APPLIED' : result.outcome };
}

/** When the gateway says the money moved: its time when it sent a readable one, else when we heard of it. */
const gatewayTime = (value: unknown, now: Date): Date =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value) : now;

/**
 * POST /callbacks/payment: after the checks, in one transaction: the notify recorded by id (a replay changes
 * nothing: one ledger line however often it comes); the order by number (unknown: IGNORED); an amount other
 * than ours REFUSED (3811, audited, nothing applied); SUCCESS on a CREATED order → PAID with its effects;
 * SUCCESS on a CLOSED order → the money recorded on it as unapplied and refunded automatically (never lost).
 */
export async function receivePaymentNotify(
  ctx: AppContext,
  headers: Headers,
  rawBody: unknown,
): Promise<NotifyResult> {
  let late: number | null = null;
  let lateReason: string | undefined;
  let settled: number | null = null;
  const result = await receive(
    ctx,
    { headers, rawBody },
    PaymentNotifySchema,
    'PAY',
    async (tx, body, now) => {
      // the loan first, then the order: the order's writers all lock in that order
      const [seen] = await tx
        .select({ loanId: paymentOrders.loanId })
        .from(paymentOrders)
        .where(eq(paymentOrders.outTradeNo, String(body.outTradeNo)));
      if (seen?.loanId) await lockLoans(tx, [seen.loanId]);
      const [order] = await tx
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.outTradeNo, String(body.outTradeNo)))
        .for('update');
      if (!order) return { outcome: 'IGNORED', reason: '订单不存在' };
      const amountFen = yuanToFen(String(body.amount));
      if (amountFen !== order.amountFen) {
        const reason = `通知金额 ${fenToYuan(amountFen)} 元与订单金额 ${fenToYuan(order.amountFen)} 元不符`;
        await recordAudit(tx, {
          action: AUDIT.paymentNotifyRefused,
          at: now,
          userId: order.userId,
          loginId: null,
          detail: { outTradeNo: order.outTradeNo, reason },
        });
        return { outcome: 'REFUSED', reason };
      }
      if (body.tradeStatus !== 'SUCCESS') return { outcome: 'IGNORED', reason: '交易未成功' };
      const paidAt = gatewayTime(body.paidAt, now);
      const gatewayTradeNo = String(body.gatewayTradeNo);
      if (order.status === 'CREATED') {
        const paid = await applyPaidOrder(tx, order, { now, paidAt, gatewayTradeNo, actor: 'GATEWAY' });
        if (paid.purpose === 'SETTLEMENT') {
          if (paid.unappliedFen > 0) {
            late = paid.id;
            lateReason = '提前结清款项到账时结清金额已变化，系统自动原路退回';
          } else settled = paid.id;
        }
        return { outcome: 'APPLIED', reason: null };
      }
      if (order.status === 'CLOSED' && order.paidAt === null) {
        await lateMoneyOfClosedOrder(tx, order, { now, paidAt, gatewayTradeNo });
        late = order.id;
        return { outcome: 'LATE', reason: '订单已关闭后到账，款项原路退回' };
      }
      return { outcome: 'IGNORED', reason: '订单已处理' };
    },
  );
  if (late !== null) await startAutoRefund(ctx, late, lateReason);
  if (settled !== null) await tellBankOfSettlement(ctx, settled);
  return answer(result);
}

/** POST /callbacks/payment/refund: the same checks; the confirmation is applied once by the refunds module. */
export async function receiveRefundNotify(
  ctx: AppContext,
  headers: Headers,
  rawBody: unknown,
): Promise<NotifyResult> {
  const result = await receive(
    ctx,
    { headers, rawBody },
    RefundNotifySchema,
    'REFUND',
    async (tx, body, now) => {
      if (body.refundStatus !== 'SUCCESS') {
        const failed = await failRefund(tx, String(body.outRefundNo), '支付渠道通知退款失败', 'GATEWAY', now);
        return failed
          ? { outcome: 'APPLIED', reason: null }
          : { outcome: 'IGNORED', reason: '退款不在退款中' };
      }
      const refundedAt = gatewayTime(body.refundedAt, now);
      const applied = await applyRefundNotify(
        tx,
        {
          outRefundNo: String(body.outRefundNo),
          amountFen: yuanToFen(String(body.amount)),
          gatewayRefundNo: String(body.gatewayRefundNo),
          refundedAt,
        },
        now,
      );
      if (applied.outcome === 'REFUSED') return { outcome: 'REFUSED', reason: applied.reason };
      return { outcome: applied.outcome, reason: null };
    },
  );
  return answer(result);
}
