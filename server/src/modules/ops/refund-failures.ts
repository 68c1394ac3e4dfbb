import { checkRefundReason, fenToYuan, REFUND_NO_PATTERN, REFUND_STATE_DISPLAY, RSP } from '@loan/domain';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { type OpsRequestRow, refundApplications } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { closeRefund, retryRefund } from '../refunds/failed.ts';
import { findRefundByNo } from '../refunds/lookup.ts';
import { assertBorrowerInScope, refundNotFound, type ScopedOperator } from './data-scope.ts';
import { refundsInState, subjectOf } from './refund-decisions.ts';
import { type ActingOperator, type CheckedBy, makeRequest } from './requests.ts';

type Ctx = Pick<AppContext, 'db' | 'now'>;

/**
 * 退款失败: refunds the gateway did not make, with its reason; an operator asks to send one again (重新发起) or to
 * close it (关闭, with a reason), and a second operator with `refund.confirm` confirms: then the refund goes through
 * its one writer (refunds/failed.ts), and a resend is sent by the refund job at once (its claim and the refund
 * number as the gateway's idempotency key: one decision, one call). Only refunds of borrowers in the operator's
 * data scope.
 */
export async function failedRefunds(ctx: Ctx, operator: ScopedOperator) {
  const rows = await refundsInState(ctx, operator, 'FAILED', refundApplications.updatedAt);
  return rows.map(({ refund, loginId, outTradeNo, pending }) => ({
    refundNo: refund.refundNo,
    amount: fenToYuan(refund.amountFen),
    reason: refund.reason,
    failureReason: refund.failureReason ?? '支付渠道未说明原因',
    sends: refund.sends,
    nextAttemptAt: refund.nextAttemptAt?.toISOString() ?? null,
    failedAt: refund.updatedAt.toISOString(),
    loginId,
    outTradeNo,
    pending,
  }));
}

export type FailureDecision = 'RESEND' | 'CLOSE';

/** The maker's request on a failed refund: resend it, or close it with the reason recorded. */
export async function decideFailedRefund(
  ctx: Ctx,
  maker: ActingOperator,
  input: { refundNo: string; decision: FailureDecision; reason?: string | undefined },
  meta: RequestMeta | null,
) {
  if (!REFUND_NO_PATTERN.test(input.refundNo)) throw new ApiError(RSP.REFUND_NOT_FOUND);
  const refund = await findRefundByNo(ctx.db, input.refundNo);
  if (!refund) throw refundNotFound();
  await assertBorrowerInScope(ctx.db, maker, refund.userId, refundNotFound);
  if (refund.status !== 'FAILED') {
    const { label } = REFUND_STATE_DISPLAY[refund.status];
    throw new ApiError(
      RSP.REFUND_STATE_NOT_ALLOWED,
      `该退款当前为「${label}」，只有退款失败的才能重新发起或关闭`,
    );
  }
  let reason: string | null = null;
  if (input.decision === 'CLOSE' || input.reason?.trim()) {
    const checked = checkRefundReason(input.reason ?? null, input.decision === 'CLOSE' ? '关闭原因' : '说明');
    if (!checked.ok) throw new ApiError(checked.code, checked.reason);
    reason = checked.reason;
  }
  const row = await makeRequest(
    ctx,
    maker,
    {
      kind: input.decision === 'RESEND' ? 'refund.resend' : 'refund.close',
      subject: subjectOf(input.refundNo),
      payload: {
        refundNo: input.refundNo,
        amountFen: refund.amountFen,
        failureReason: refund.failureReason,
        reason,
      },
    },
    meta,
  );
  return { requestId: row.id, state: row.state };
}

const actorRef = (by: CheckedBy) => `${by.makerLoginId}/${by.checker.loginId}`;

export const REFUND_FAILURE_ACTS = {
  /** sent again: REFUNDING now, and due for the refund job's send at once (sendAt) */
  'refund.resend': async (db: Database, row: OpsRequestRow, by: CheckedBy) => {
    const after = await retryRefund(db, String(row.payload.refundNo), 'OPERATOR', {
      now: by.now,
      actorRef: actorRef(by),
      sendAt: by.now,
    });
    return { refundStatus: { before: 'FAILED', after: after.status } };
  },
  'refund.close': async (db: Database, row: OpsRequestRow, by: CheckedBy) => {
    const after = await closeRefund(db, String(row.payload.refundNo), {
      now: by.now,
      actorRef: actorRef(by),
      reason: typeof row.payload.reason === 'string' ? row.payload.reason : '',
    });
    return { refundStatus: { before: 'FAILED', after: after.status } };
  },
};
