import { type Actor, type ApplicationEvent, RSP, transition } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import type { RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { type ApplicationRow, applicationEvents, applications } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AUDIT, type AuditEntry, recordAudit } from '../audit/record.ts';

export interface EventOptions {
  now: Date;
  /** login id of a borrower/operator, bank code of a bank */
  actorRef: string | null;
  reason?: string | null;
  ip?: string | null;
  /** further columns to set with the new state (bankRef, decision, amounts …) */
  set?: Partial<Omit<ApplicationRow, 'id' | 'userId' | 'state' | 'createdAt'>>;
}

/**
 * THE one way an application changes state: the domain state machine decides (an illegal move is refused with
 * its rspCode and Chinese reason), the row is updated only if it is still in the state it was read in (two
 * concurrent changes cannot both apply: the loser gets 3001), and the event is recorded with who, when, why.
 * Call it inside a transaction and pass the transaction handle.
 */
export async function applyEvent(
  tx: Database,
  app: ApplicationRow,
  event: ApplicationEvent,
  actor: Actor,
  options: EventOptions,
): Promise<ApplicationRow> {
  const result = transition(app.state, event, actor);
  if (!result.ok) throw new ApiError(result.code, result.reason);
  const [updated] = await tx
    .update(applications)
    .set({ ...options.set, state: result.to, updatedAt: options.now })
    .where(and(eq(applications.id, app.id), eq(applications.state, app.state)))
    .returning();
  if (!updated) throw new ApiError(RSP.STATE_NOT_ALLOWED, '申请状态已发生变化，请刷新页面后重试');
  await tx.insert(applicationEvents).values({
    applicationId: app.id,
    fromState: app.state,
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

/** applyEvent and its audit line in the same transaction, the audit dated with the event. */
export async function applyAuditedEvent(
  tx: Database,
  app: ApplicationRow,
  event: ApplicationEvent,
  actor: Actor,
  options: EventOptions,
  audit: Omit<AuditEntry, 'at'>,
): Promise<ApplicationRow> {
  const changed = await applyEvent(tx, app, event, actor, options);
  await recordAudit(tx, { ...audit, at: options.now });
  return changed;
}

/** A cancellation the borrower asked for (a withdrawal or a cancellation in advance, as the state allows). */
export interface BorrowerCancellation {
  event: ApplicationEvent;
  userId: number;
  loginId: string;
  /** the borrower's reason as given (null: none) */
  reason: string | null;
  ip: string | null;
  meta: RequestMeta | null;
  now: Date;
}

/** The borrower's cancellation applied as the BORROWER's event and audited as applicationCancelled. */
export function applyBorrowerCancellation(
  tx: Database,
  app: ApplicationRow,
  c: BorrowerCancellation,
): Promise<ApplicationRow> {
  return applyAuditedEvent(
    tx,
    app,
    c.event,
    'BORROWER',
    { now: c.now, actorRef: c.loginId, reason: c.reason, ip: c.ip },
    {
      action: AUDIT.applicationCancelled,
      userId: c.userId,
      loginId: c.loginId,
      meta: c.meta,
      detail: { applicationId: app.id, event: c.event, reason: c.reason },
    },
  );
}

/** The first timeline entry of a new draft (not a transition: there is no state before it). */
export async function recordCreated(
  tx: Database,
  app: ApplicationRow,
  options: Omit<EventOptions, 'set' | 'reason'>,
): Promise<void> {
  await tx.insert(applicationEvents).values({
    applicationId: app.id,
    fromState: null,
    toState: app.state,
    event: 'CREATE',
    actor: 'BORROWER',
    actorRef: options.actorRef,
    reason: null,
    ip: options.ip ?? null,
    at: options.now,
  });
}
