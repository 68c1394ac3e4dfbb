import { type CouponKind, type CouponScope, MoneyError, RSP, yuanToFen } from '@loan/domain';
import { and, inArray } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { SignedInOperator } from '../../plugins/ops-session.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { normalizeLoginId } from '../auth/lockout.ts';
import { type CouponIssue, couponIssueProblems, issueCoupon } from '../coupons/issue.ts';
import { borrowerInScope, type ScopedOperator } from './data-scope.ts';
import { type CheckedBy, makeRequest } from './requests.ts';

type Ctx = Pick<AppContext, 'db' | 'now'>;

/** A coupon as the console's form sends it: amounts in yuan, a validity in days. */
export interface CouponForm {
  loginIds: string[];
  kind: CouponKind;
  title: string;
  amount?: string | undefined;
  threshold?: string | undefined;
  percent?: number | undefined;
  cap?: string | undefined;
  days: number;
  scope?: CouponScope | undefined;
  scopeValues?: string[] | undefined;
}

const fenOf = (text: string | undefined, label: string): number | null => {
  if (text === undefined || text === '') return null;
  try {
    return yuanToFen(text);
  } catch (error) {
    if (error instanceof MoneyError) throw new ApiError(RSP.INVALID_INPUT, `${label}：${error.message}`);
    throw error;
  }
};

/** The coupon of a form for one borrower, checked with the issuing rules (1001 with every reason). */
function issueOf(form: CouponForm, userId: number, issuedBy: string, now: Date): CouponIssue {
  const issue: CouponIssue = {
    userId,
    kind: form.kind,
    title: form.title,
    amountOffFen: form.kind === 'AMOUNT_OFF' ? fenOf(form.amount, '减免金额') : null,
    thresholdFen: form.kind === 'AMOUNT_OFF' ? fenOf(form.threshold, '使用门槛') : null,
    percentOff: form.kind === 'PERCENT_OFF' ? (form.percent ?? null) : null,
    capFen: form.kind === 'PERCENT_OFF' ? fenOf(form.cap, '最高减免') : null,
    validDays: form.days,
    scope: form.scope ?? 'ALL',
    scopeValues: form.scopeValues ?? [],
    source: 'OPERATOR',
    issuedBy,
  };
  const problems = couponIssueProblems(issue, now);
  if (problems.length > 0) throw new ApiError(RSP.INVALID_INPUT, problems.join('；'));
  return issue;
}

/**
 * The borrowers of these login ids, each once; 1001 naming those not found, a borrower out of the operator's data
 * scope among them (named alike, so that one cannot be told from an unknown id).
 */
export async function borrowersOf(db: Database, operator: ScopedOperator, loginIds: readonly string[]) {
  const ids = [...new Set(loginIds.map(normalizeLoginId))];
  const rows = ids.length
    ? await db
        .select({ id: users.id, loginId: users.loginId })
        .from(users)
        .where(and(inArray(users.loginId, ids), borrowerInScope(operator, users.id)))
    : [];
  const missing = ids.filter((id) => !rows.some((r) => r.loginId === id));
  if (missing.length > 0)
    throw new ApiError(RSP.INVALID_INPUT, `没有这些借款人：${missing.slice(0, 10).join('、')}`);
  return rows;
}

/**
 * 发放优惠券: to one borrower at once; to more than one, a request another operator with `coupon.manage` confirms
 * (maker-checker), the coupons issued in the confirmation's transaction.
 */
export async function issueFromConsole(
  ctx: Ctx,
  operator: SignedInOperator,
  form: CouponForm,
  meta: RequestMeta,
) {
  const now = ctx.now();
  const borrowers = await borrowersOf(ctx.db, operator, form.loginIds);
  for (const borrower of borrowers) issueOf(form, borrower.id, operator.loginId, now);
  if (borrowers.length > 1) {
    const row = await makeRequest(
      ctx,
      operator,
      {
        kind: 'coupon.issue-many',
        subject: `coupons:${operator.loginId}:${now.getTime()}`,
        payload: { ...form, loginIds: borrowers.map((b) => b.loginId) },
      },
      meta,
    );
    return { issued: 0, requestId: row.id };
  }
  const [only] = borrowers;
  if (!only) throw new ApiError(RSP.INVALID_INPUT, '请至少填写一位借款人');
  await ctx.db.transaction(async (tx) => {
    const coupon = await issueCoupon(tx, issueOf(form, only.id, operator.loginId, now), now);
    await recordAudit(tx, {
      action: AUDIT.opsCouponIssued,
      at: now,
      operatorId: operator.id,
      loginId: operator.loginId,
      userId: only.id,
      meta,
      detail: { couponId: coupon.id, title: coupon.title, kind: coupon.kind },
    });
  });
  return { issued: 1, requestId: null };
}

/** The confirmed request, done: one coupon to each borrower of the list, all or none. */
export async function applyIssueMany(db: Database, row: { payload: Record<string, unknown> }, by: CheckedBy) {
  const form = row.payload as unknown as CouponForm;
  const borrowers = await borrowersOf(db, by.checker, form.loginIds);
  for (const borrower of borrowers) {
    await issueCoupon(db, issueOf(form, borrower.id, by.makerLoginId, by.now), by.now);
  }
  await recordAudit(db, {
    action: AUDIT.opsCouponIssued,
    at: by.now,
    operatorId: by.checker.id,
    loginId: by.checker.loginId,
    detail: {
      loginIds: borrowers.map((b) => b.loginId),
      title: form.title,
      kind: form.kind,
      maker: by.makerLoginId,
    },
  });
}
