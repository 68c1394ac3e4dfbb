import { checkRefundReason, REFUND_NO_PATTERN, type RefundActor, RSP } from '@loan/domain';
import type { Database } from '../../db/client.ts';
import type { RefundRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { findRefundByNo } from './lookup.ts';
import { applyRefundEvent } from './refund-event.ts';

export type ReviewDecision = 'APPROVE' | 'REJECT';

export interface ReviewInput {
  refundNo: string;
  decision: ReviewDecision;
  actor: Extract<RefundActor, 'OPERATOR' | 'SYSTEM'>;
  /** the operator's login or name; null for the sandbox rule */
  actorRef: string | null;
  /** required for a rejection (1–200 characters), optional for an approval */
  reason?: string | null;
  now: Date;
}

/** A refund by number, whoever's it is (operators and the server). */
async function refundByNo(db: Database, refundNo: string): Promise<RefundRow> {
  if (!REFUND_NO_PATTERN.test(refundNo)) throw new ApiError(RSP.REFUND_NOT_FOUND);
  const row = await findRefundByNo(db, refundNo);
  if (!row) throw new ApiError(RSP.REFUND_NOT_FOUND);
  return row;
}

/**
 * The review of a submitted application: approved (the refund is then started at the gateway) or rejected with
 * its reason. Only from SUBMITTED, through the one writer: a cancellation or another review that came first wins.
 */
export async function reviewRefund(db: Database, input: ReviewInput): Promise<RefundRow> {
  const given = input.reason?.trim() ? input.reason : null;
  let reason: string | null = null;
  if (input.decision === 'REJECT' || given !== null) {
    const checked = checkRefundReason(given, input.decision === 'REJECT' ? '拒绝原因' : '审核意见');
    if (!checked.ok) throw new ApiError(checked.code, checked.reason);
    reason = checked.reason;
  }
  const refund = await refundByNo(db, input.refundNo);
  return db.transaction((tx) =>
    applyRefundEvent(tx, refund, input.decision, input.actor, {
      now: input.now,
      actorRef: input.actorRef,
      reason,
      set: { reviewReason: reason, reviewedAt: input.now },
    }),
  );
}
