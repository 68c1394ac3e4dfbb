import { type OpsRequestActor, type OpsRequestEvent, opsRequestTransition, RSP } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type OpsRequestRow, opsRequestEvents, opsRequests } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';

export interface RequestMove {
  now: Date;
  /** the operator who moves it; null for the system (expiry) */
  operatorId: number | null;
  reason?: string | null;
}

/**
 * The one writer of an operator request's state: the move must be a row of OPS_REQUEST_TRANSITIONS, and the
 * request must still be in the state it was read in (a checker who came first wins; the other is told it was
 * handled). Each move is logged with who, when and why.
 */
export async function applyRequestEvent(
  db: Database,
  request: OpsRequestRow,
  event: OpsRequestEvent,
  actor: OpsRequestActor,
  move: RequestMove,
): Promise<OpsRequestRow> {
  const result = opsRequestTransition(request.state, event, actor);
  if (!result.ok) throw new ApiError(result.code, result.reason);
  const checked = event === 'CONFIRM' || event === 'DECLINE';
  const [row] = await db
    .update(opsRequests)
    .set({
      state: result.to,
      decidedAt: move.now,
      ...(checked ? { checkerId: move.operatorId, checkReason: move.reason ?? null } : {}),
    })
    .where(and(eq(opsRequests.id, request.id), eq(opsRequests.state, request.state)))
    .returning();
  if (!row) throw new ApiError(RSP.OPS_REQUEST_CLOSED);
  await db.insert(opsRequestEvents).values({
    requestId: request.id,
    fromState: request.state,
    toState: result.to,
    event,
    actor,
    reason: move.reason ?? null,
    at: move.now,
    operatorId: move.operatorId,
  });
  return row;
}
