import { type RefundActor, type RefundEvent, RSP, refundTransition } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type RefundRow, refundApplications, refundEvents } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';

export interface RefundEventOptions {
  now: Date;
  /** login id of the borrower or operator; the gateway's refund number */
  actorRef: string | null;
  reason?: string | null;
  ip?: string | null;
  /** further columns to set with the new state (review reason, gateway refund number, times) */
  set?: Partial<Omit<RefundRow, 'id' | 'refundNo' | 'userId' | 'paymentOrderId' | 'status' | 'createdAt'>>;
}

/**
 * THE one way a refund application changes state: the domain table decides (an illegal move is refused with its
 * rspCode and Chinese reason), the row is updated only if it is still in the state it was read in (two
 * concurrent changes cannot both apply: the loser gets 3909), and the event is recorded with who, when, why.
 * Call it inside a transaction and pass the transaction handle.
 */
export async function applyRefundEvent(
  tx: Database,
  refund: RefundRow,
  event: RefundEvent,
  actor: RefundActor,
  options: RefundEventOptions,
): Promise<RefundRow> {
  const result = refundTransition(refund.status, event, actor);
  if (!result.ok) throw new ApiError(result.code, result.reason);
  const [updated] = await tx
    .update(refundApplications)
    .set({ ...options.set, status: result.to, updatedAt: options.now })
    .where(and(eq(refundApplications.id, refund.id), eq(refundApplications.status, refund.status)))
    .returning();
  if (!updated) throw new ApiError(RSP.REFUND_STATE_NOT_ALLOWED, '退款申请状态已发生变化，请刷新页面后重试');
  await tx.insert(refundEvents).values({
    refundId: refund.id,
    fromState: refund.status,
    toState: result.to,
    event,
    actor,
    actorRef: options.actorRef,
    reason: options.reason ?? null,
    ip: options.ip ?? null,
    at: options.now,
  });
  return updated;
}

/** The first timeline entry of a new application (not a transition: there is no state before it). */
export async function recordRefundCreated(
  tx: Database,
  refund: RefundRow,
  actor: RefundActor,
  options: Pick<RefundEventOptions, 'now' | 'actorRef' | 'ip'>,
): Promise<void> {
  await tx.insert(refundEvents).values({
    refundId: refund.id,
    fromState: null,
    toState: refund.status,
    event: 'CREATE',
    actor,
    actorRef: options.actorRef,
    reason: refund.reason,
    ip: options.ip ?? null,
    at: options.now,
  });
}
