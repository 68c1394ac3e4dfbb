import { APPROVAL_SIGN_DAYS, addDaysIso, shanghaiDate, shanghaiInstant } from '@loan/domain';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { applications } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AUDIT } from '../audit/record.ts';
import { applyAuditedEvent } from './apply-event.ts';

export const EXPIRE_REASON = '审批结果超过签署有效期未签署';

/**
 * Approvals whose signing deadline (the Shanghai date of the decision + APPROVAL_SIGN_DAYS, inclusive) has passed:
 * each EXPIREs (APPROVED → CANCELLED) by the system through applyEvent, audited. Run by the reconciliation job;
 * a signing that wins the race leaves its application alone. Returns how many expired.
 */
export async function expireApprovals(
  ctx: Pick<AppContext, 'db' | 'now'>,
  budget?: AbortSignal,
  limit = 100,
): Promise<number> {
  const now = ctx.now();
  // decided before this Shanghai midnight ⇒ deadline before today
  const firstLiveDay = addDaysIso(shanghaiDate(now), -APPROVAL_SIGN_DAYS);
  const cutoff = shanghaiInstant(firstLiveDay);
  const due = await ctx.db
    .select()
    .from(applications)
    .where(and(eq(applications.state, 'APPROVED'), lt(applications.decidedAt, cutoff)))
    .orderBy(asc(applications.decidedAt))
    .limit(limit);
  let expired = 0;
  for (const app of due) {
    if (budget?.aborted) break;
    try {
      await ctx.db.transaction((tx) =>
        applyAuditedEvent(
          tx,
          app,
          'EXPIRE',
          'SYSTEM',
          { now, actorRef: null, reason: EXPIRE_REASON },
          {
            action: AUDIT.applicationExpired,
            userId: app.userId,
            loginId: null,
            detail: { applicationId: app.id, decidedAt: app.decidedAt?.toISOString() ?? null },
          },
        ),
      );
      expired += 1;
    } catch (error) {
      // signed or cancelled meanwhile: nothing to expire
      if (!(error instanceof ApiError)) throw error;
    }
  }
  return expired;
}
