import { type ApplicationEvent, isBankCode } from '@loan/domain';
import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { applications } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AUDIT } from '../audit/record.ts';
import { applyAuditedEvent } from './apply-event.ts';

/** How long a review may stay without a decision before the bank is asked (a callback may have been lost). */
export const RECONCILE_AFTER_MS = 10 * 60_000;

const DECISIONS: Partial<Record<string, ApplicationEvent>> = { APPROVED: 'APPROVE', REJECTED: 'REJECT' };

/**
 * Applications under review longer than RECONCILE_AFTER_MS: asks each bank (adapter `query`) and applies the
 * decision it reports, as the bank, with the reason saying it came from reconciliation. A callback that
 * arrives later is then refused by the state machine and recorded as IGNORED. Returns how many changed.
 */
export type ReconcileContext = Pick<AppContext, 'db' | 'now' | 'banks' | 'log'>;

export async function reconcileApplications(
  ctx: ReconcileContext,
  budget?: AbortSignal,
  limit = 100,
): Promise<number> {
  const now = ctx.now();
  const stale = await ctx.db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.state, 'UNDER_REVIEW'),
        isNotNull(applications.bankRef),
        lt(applications.submittedAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
      ),
    )
    .orderBy(asc(applications.submittedAt))
    .limit(limit);
  let changed = 0;
  for (const app of stale) {
    if (budget?.aborted) break;
    if (!isBankCode(app.bank) || !app.bankRef) continue;
    let answer: Awaited<ReturnType<AppContext['banks'][typeof app.bank]['query']>>;
    try {
      answer = await ctx.banks[app.bank].query(app.bankRef, now);
    } catch (error) {
      ctx.log.warn({ err: error, rowId: app.id, bank: app.bank }, 'bank query failed during reconciliation');
      continue;
    }
    const event = DECISIONS[answer.status];
    if (!event) continue;
    const reason =
      event === 'APPROVE'
        ? '对账：合作机构查询结果为审批通过'
        : `对账：合作机构查询结果为审批拒绝${answer.reason ? `（${answer.reason}）` : ''}`;
    try {
      await ctx.db.transaction((tx) =>
        applyAuditedEvent(
          tx,
          app,
          event,
          'BANK',
          {
            now,
            actorRef: app.bank,
            reason,
            set:
              event === 'APPROVE'
                ? { approvedAmountFen: app.amountFen, decisionReason: reason, decidedAt: now }
                : { decisionReason: answer.reason ?? reason, decidedAt: now },
            bankReason: answer.reason ?? null,
          },
          {
            action: AUDIT.applicationReconciled,
            userId: app.userId,
            loginId: null,
            detail: { rowId: app.id, bank: app.bank, status: answer.status },
          },
        ),
      );
      changed += 1;
    } catch (error) {
      // the callback won the race: the state moved meanwhile, nothing to do
      if (!(error instanceof ApiError)) throw error;
    }
  }
  return changed;
}
