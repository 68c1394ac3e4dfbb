import {
  type NoticeFacts,
  type RefundActor,
  type RefundEvent,
  type RefundState,
  RSP,
  refundTransition,
} from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type RefundRow, refundApplications, refundEvents } from '../../db/schema.ts';
import { notify } from '../notices/notify.ts';
import {
  applyGuardedTransition,
  recordCreation,
  type StateRecord,
  type TransitionOptions,
} from '../state-events/guarded-transition.ts';

/** further columns to set with the new state (review reason, gateway refund number, times) */
type RefundSet = Partial<
  Omit<RefundRow, 'id' | 'refundNo' | 'userId' | 'paymentOrderId' | 'status' | 'createdAt'>
>;

/** actorRef: login id of the borrower or operator; the gateway's refund number */
type RefundEventOptions = TransitionOptions<RefundSet>;

const refundApplication: StateRecord<RefundRow, RefundState, RefundEvent, RefundActor, RefundSet> = {
  decide: refundTransition,
  stateOf: (refund) => refund.status,
  async updateIfUnchanged(tx, refund, to, set, now) {
    const [updated] = await tx
      .update(refundApplications)
      .set({ ...set, status: to, updatedAt: now })
      .where(and(eq(refundApplications.id, refund.id), eq(refundApplications.status, refund.status)))
      .returning();
    return updated;
  },
  moved: { code: RSP.REFUND_STATE_NOT_ALLOWED, desc: '退款申请状态已发生变化，请刷新页面后重试' },
  log: (tx, refund, entry) => tx.insert(refundEvents).values({ refundId: refund.id, ...entry }),
};

/**
 * THE one way a refund application changes state (see applyGuardedTransition; a lost race is refused with 3909).
 * A stage the borrower is told (approved, rejected, refunded, failed) writes its notice in the same transaction.
 */
export async function applyRefundEvent(
  tx: Database,
  refund: RefundRow,
  event: RefundEvent,
  actor: RefundActor,
  options: RefundEventOptions,
): Promise<RefundRow> {
  const changed = await applyGuardedTransition(refundApplication, tx, refund, event, actor, options);
  await noticeOfRefund(tx, changed, options.now);
  return changed;
}

/** The stages of a refund the borrower is told, by the state the refund reached. */
const TOLD: Partial<Record<RefundState, NoticeFacts['REFUND_PROGRESS']['stage']>> = {
  APPROVED: 'APPROVED',
  REJECTED: 'REJECTED',
  REFUNDED: 'REFUNDED',
  FAILED: 'FAILED',
};

/**
 * The notice of a stage, once per refund and stage (`refund:<id>:<stage>`: a refund that fails again after a
 * retry is not told twice). A refund the system filed itself (AUTO, late money of a closed order) had no review
 * to tell: only its outcome is told. A rejection carries the reviewer's reason.
 */
async function noticeOfRefund(tx: Database, refund: RefundRow, now: Date): Promise<void> {
  const stage = TOLD[refund.status];
  if (!stage || (stage === 'APPROVED' && refund.source === 'AUTO')) return;
  await notify(tx, {
    userId: refund.userId,
    key: `refund:${refund.id}:${stage}`,
    now,
    event: {
      kind: 'REFUND_PROGRESS',
      facts: {
        refundRowId: refund.id,
        amountFen: refund.amountFen,
        stage,
        reason: stage === 'REJECTED' ? refund.reviewReason : null,
      },
    },
  });
}

/** The first timeline entry of a new application (not a transition: there is no state before it). */
export function recordRefundCreated(
  tx: Database,
  refund: RefundRow,
  actor: RefundActor,
  options: Pick<RefundEventOptions, 'now' | 'actorRef' | 'ip'>,
): Promise<void> {
  return recordCreation(refundApplication, tx, refund, actor, { ...options, reason: refund.reason });
}
