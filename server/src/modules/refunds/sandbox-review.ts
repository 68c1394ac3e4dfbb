import { and, asc, eq, lte, notLike, or } from 'drizzle-orm';
import { refundApplications } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { reviewRefund } from './review.ts';
import { REFUND_RESUME_AFTER_MS, type RefundCallContext, sendApprovedRefund } from './start.ts';

/** How long after submission the sandbox reviews a borrower's application (docs/SANDBOX.md). */
const SANDBOX_REVIEW_DELAY_MS = 3000;

/** The word in a reason that makes the sandbox reject the application. */
const SANDBOX_REJECT_WORD = '拒绝';

/** The words in a reason that leave the application to the operators (the console's 退款审核), as in production. */
export const SANDBOX_LEAVE_WORDS = '人工审核';

/** A borrower's application the sandbox reviews: submitted long enough ago, and not left to the operators. */
const reviewedBySandbox = (submittedBefore: Date) =>
  and(
    eq(refundApplications.status, 'SUBMITTED'),
    eq(refundApplications.source, 'BORROWER'),
    lte(refundApplications.createdAt, submittedBefore),
    notLike(refundApplications.reason, `%${SANDBOX_LEAVE_WORDS}%`),
  );

/**
 * The sandbox review rule: a borrower's application submitted at least SANDBOX_REVIEW_DELAY_MS ago is rejected
 * when its reason contains 拒绝, left to the operators when it contains 人工审核, else approved and sent to the
 * gateway. Only with the sandbox adapters; in production operators review (console 退款审核, or
 * `npm run user -- refund approve|reject --as` then `request confirm`). Returns how many were reviewed.
 */
export async function sandboxReviewRefunds(
  ctx: RefundCallContext,
  budget?: AbortSignal,
  limit = 50,
): Promise<number> {
  if (!ctx.config.sandbox) return 0;
  const now = ctx.now();
  const due = await ctx.db
    .select()
    .from(refundApplications)
    .where(reviewedBySandbox(new Date(now.getTime() - SANDBOX_REVIEW_DELAY_MS)))
    .orderBy(asc(refundApplications.createdAt))
    .limit(limit);
  let reviewed = 0;
  for (const row of due) {
    if (budget?.aborted) break;
    const reject = row.reason.includes(SANDBOX_REJECT_WORD);
    try {
      const done = await reviewRefund(ctx.db, {
        refundNo: row.refundNo,
        decision: reject ? 'REJECT' : 'APPROVE',
        actor: 'SYSTEM',
        actorRef: null,
        reason: reject ? '沙箱规则：退款原因含「拒绝」，自动拒绝' : '沙箱规则：自动审核通过',
        now: ctx.now(),
      });
      reviewed += 1;
      if (done.status === 'APPROVED') await sendApprovedRefund(ctx, done);
    } catch (error) {
      // cancelled or reviewed meanwhile
      if (!(error instanceof ApiError)) throw error;
    }
  }
  return reviewed;
}

/** True when the refund job has something to do: an application to review (sandbox) or a refund to send. */
export async function refundWorkWaiting(ctx: RefundCallContext): Promise<boolean> {
  const now = ctx.now().getTime();
  const [row] = await ctx.db
    .select({ id: refundApplications.id })
    .from(refundApplications)
    .where(
      or(
        ctx.config.sandbox ? reviewedBySandbox(new Date(now - SANDBOX_REVIEW_DELAY_MS)) : undefined,
        eq(refundApplications.status, 'APPROVED'),
        and(
          eq(refundApplications.status, 'REFUNDING'),
          lte(refundApplications.updatedAt, new Date(now - REFUND_RESUME_AFTER_MS)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
