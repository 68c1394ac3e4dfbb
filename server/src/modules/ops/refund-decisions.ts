import {
  checkRefundReason,
  fenToYuan,
  REFUND_NO_PATTERN,
  REFUND_STATE_DISPLAY,
  type RefundState,
  RSP,
} from '@loan/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { paymentOrders, refundApplications, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { findRefundByNo } from '../refunds/lookup.ts';
import { reviewRefund } from '../refunds/review.ts';
import { assertBorrowerInScope, borrowerInScope, refundNotFound, type ScopedOperator } from './data-scope.ts';
import { type ActingOperator, type CheckedBy, makeRequest, pendingOn } from './requests.ts';

export const subjectOf = (refundNo: string) => `refund:${refundNo}`;

/**
 * 退款审核: the refund applications waiting for a review of borrowers in the operator's data scope, oldest first,
 * with any decision asked already.
 */
export async function refundQueue(ctx: Pick<AppContext, 'db' | 'now'>, operator: ScopedOperator) {
  const rows = await refundsInState(ctx, operator, 'SUBMITTED', refundApplications.createdAt);
  return rows.map(({ refund, loginId, outTradeNo, paidFen, pending }) => ({
    refundNo: refund.refundNo,
    amount: fenToYuan(refund.amountFen),
    paid: fenToYuan(paidFen),
    reason: refund.reason,
    createdAt: refund.createdAt.toISOString(),
    loginId,
    outTradeNo,
    hasEvidence: refund.evidenceDocumentId !== null,
    pending,
  }));
}

/**
 * The refunds in one state of the borrowers in the operator's data scope (at most 100, oldest first by `oldest`),
 * each with its order, its borrower's login id and the decision asked on it, if any: the lists of 退款审核.
 */
export async function refundsInState(
  ctx: Pick<AppContext, 'db' | 'now'>,
  operator: ScopedOperator,
  status: RefundState,
  oldest: AnyPgColumn,
) {
  const rows = await ctx.db
    .select({
      refund: refundApplications,
      loginId: users.loginId,
      outTradeNo: paymentOrders.outTradeNo,
      paidFen: paymentOrders.amountFen,
    })
    .from(refundApplications)
    .innerJoin(users, eq(users.id, refundApplications.userId))
    .innerJoin(paymentOrders, eq(paymentOrders.id, refundApplications.paymentOrderId))
    .where(and(eq(refundApplications.status, status), borrowerInScope(operator, refundApplications.userId)))
    .orderBy(asc(oldest))
    .limit(100);
  const pending = await pendingOn(
    ctx.db,
    rows.map((r) => subjectOf(r.refund.refundNo)),
    ctx.now(),
  );
  return rows.map((row) => {
    const asked = pending.get(subjectOf(row.refund.refundNo));
    return {
      ...row,
      pending: asked
        ? { requestId: asked.request.id, kind: asked.request.kind, makerName: asked.makerName }
        : null,
    };
  });
}

/**
 * A reviewer's decision on a refund application, as a request for a second operator to confirm: approving it
 * (then the refund goes to the gateway) or rejecting it with the reason the borrower will read.
 */
export async function decideRefund(
  ctx: Pick<AppContext, 'db' | 'now'>,
  maker: ActingOperator,
  input: { refundNo: string; decision: 'APPROVE' | 'REJECT'; reason?: string | undefined },
  meta: RequestMeta | null,
) {
  if (!REFUND_NO_PATTERN.test(input.refundNo)) throw new ApiError(RSP.REFUND_NOT_FOUND);
  const refund = await findRefundByNo(ctx.db, input.refundNo);
  if (!refund) throw refundNotFound();
  await assertBorrowerInScope(ctx.db, maker, refund.userId, refundNotFound);
  if (refund.status !== 'SUBMITTED') {
    const { label } = REFUND_STATE_DISPLAY[refund.status];
    throw new ApiError(RSP.REFUND_STATE_NOT_ALLOWED, `该退款申请当前为「${label}」，不能再审核`);
  }
  const given = input.reason?.trim() ? input.reason : null;
  let reason: string | null = null;
  if (input.decision === 'REJECT' || given !== null) {
    const checked = checkRefundReason(given, input.decision === 'REJECT' ? '拒绝原因' : '审核意见');
    if (!checked.ok) throw new ApiError(checked.code, checked.reason);
    reason = checked.reason;
  }
  const row = await makeRequest(
    ctx,
    maker,
    {
      kind: input.decision === 'APPROVE' ? 'refund.approve' : 'refund.reject',
      subject: subjectOf(input.refundNo),
      payload: { refundNo: input.refundNo, reason },
    },
    meta,
  );
  return { requestId: row.id, state: row.state };
}

/** A confirmed decision, done: the refund reviewed through its one writer, naming both operators. */
function reviewAs(decision: 'APPROVE' | 'REJECT') {
  return async (db: Database, row: { payload: Record<string, unknown> }, by: CheckedBy) => {
    const refundNo = String(row.payload.refundNo);
    const before = await findRefundByNo(db, refundNo);
    const after = await reviewRefund(db, {
      refundNo,
      decision,
      actor: 'OPERATOR',
      actorRef: `${by.makerLoginId}/${by.checker.loginId}`,
      reason: typeof row.payload.reason === 'string' ? row.payload.reason : null,
      now: by.now,
    });
    return { refundStatus: { before: before?.status ?? null, after: after.status } };
  };
}

export const REFUND_ACTS = {
  'refund.approve': reviewAs('APPROVE'),
  'refund.reject': reviewAs('REJECT'),
};
