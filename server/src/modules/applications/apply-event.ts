import { type Actor, type ApplicationEvent, type ApplicationState, RSP, transition } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import type { RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { type ApplicationRow, applicationEvents, applications } from '../../db/schema.ts';
import { AUDIT, type AuditEntry, recordAudit } from '../audit/record.ts';
import {
  applyGuardedTransition,
  recordCreation,
  type StateRecord,
  type TransitionOptions,
} from '../state-events/guarded-transition.ts';
import { noticeOfDecision } from './decision-notice.ts';

/** further columns to set with the new state (bankRef, decision, amounts …) */
type ApplicationSet = Partial<Omit<ApplicationRow, 'id' | 'userId' | 'state' | 'createdAt'>>;

/**
 * actorRef: login id of a borrower/operator, bank code of a bank; bankReason: with a REJECT, the reason the bank
 * gave as the borrower's notice tells it (none: the notice says no reason)
 */
type EventOptions = TransitionOptions<ApplicationSet> & { bankReason?: string | null };

const application: StateRecord<ApplicationRow, ApplicationState, ApplicationEvent, Actor, ApplicationSet> = {
  decide: transition,
  stateOf: (app) => app.state,
  async updateIfUnchanged(tx, app, to, set, now) {
    const [updated] = await tx
      .update(applications)
      .set({ ...set, state: to, updatedAt: now })
      .where(and(eq(applications.id, app.id), eq(applications.state, app.state)))
      .returning();
    return updated;
  },
  moved: { code: RSP.STATE_NOT_ALLOWED, desc: '申请状态已发生变化，请刷新页面后重试' },
  log: (tx, app, entry) => tx.insert(applicationEvents).values({ applicationId: app.id, ...entry }),
};

/**
 * THE one way an application changes state (see applyGuardedTransition; a lost race is refused with 3001). The
 * bank's decision (APPROVE, REJECT) writes the borrower's notice in the same transaction (decision-notice.ts).
 */
export async function applyEvent(
  tx: Database,
  app: ApplicationRow,
  event: ApplicationEvent,
  actor: Actor,
  options: EventOptions,
): Promise<ApplicationRow> {
  const changed = await applyGuardedTransition(application, tx, app, event, actor, options);
  await noticeOfDecision(tx, changed, event, options.bankReason ?? null, options.now);
  return changed;
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
export function recordCreated(
  tx: Database,
  app: ApplicationRow,
  options: Omit<EventOptions, 'set' | 'reason'>,
): Promise<void> {
  return recordCreation(application, tx, app, 'BORROWER', { ...options, reason: null });
}
