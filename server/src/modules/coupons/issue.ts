import {
  COUPON_KINDS,
  COUPON_SCOPES,
  type CouponKind,
  type CouponScope,
  type CouponSource,
  type CouponTerms,
  couponTermsProblems,
} from '@loan/domain';
import type { Database } from '../../db/client.ts';
import { type CouponRow, coupons } from '../../db/schema.ts';

const DAY_MS = 86_400_000;

export class CouponIssueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CouponIssueError';
  }
}

/** A coupon to issue: its terms, a title, a window (fixed, or days from issue) and a scope. */
export interface CouponIssue extends CouponTerms {
  userId: number;
  title: string;
  /** a fixed start (default: now) */
  validFrom?: Date;
  /** a fixed end; or else validDays after issue */
  validUntil?: Date;
  validDays?: number;
  scope?: CouponScope;
  scopeValues?: readonly string[];
  source: CouponSource;
  issuedBy?: string | null;
}

/** What is wrong with a coupon to issue, else []. */
export function couponIssueProblems(input: CouponIssue, now: Date): string[] {
  const problems = [...couponTermsProblems(input)];
  if (!COUPON_KINDS.includes(input.kind))
    return ['优惠券类型应为 AMOUNT_OFF（满减）、PERCENT_OFF（折扣）或 FREE_FEE（免服务费）'];
  const title = input.title.trim();
  if (title.length < 1 || title.length > 40) problems.push('优惠券名称须为 1–40 个字');
  const scope = input.scope ?? 'ALL';
  if (!COUPON_SCOPES.includes(scope)) problems.push('适用范围应为 ALL、BANKS 或 PRODUCTS');
  const values = input.scopeValues ?? [];
  if (scope === 'ALL' && values.length > 0) problems.push('适用范围为全部时不能指定机构或产品');
  if (scope !== 'ALL' && values.length === 0) problems.push('指定机构或产品时须列出至少一个编号');
  if (input.validUntil === undefined) {
    const days = input.validDays;
    if (days === undefined || !Number.isInteger(days) || days < 1 || days > 3650)
      problems.push('有效期须为 1–3650 天，或给出截止日期');
  }
  const { from, until } = windowOf(input, now);
  if (Number.isNaN(from.getTime()) || Number.isNaN(until.getTime())) problems.push('有效期日期不正确');
  else if (until.getTime() <= from.getTime()) problems.push('截止时间须晚于开始时间');
  return problems;
}

function windowOf(input: CouponIssue, now: Date): { from: Date; until: Date } {
  const from = input.validFrom ?? now;
  const until = input.validUntil ?? new Date(now.getTime() + (input.validDays ?? 0) * DAY_MS);
  return { from, until };
}

/** Issues one coupon (checked; CouponIssueError with the reasons otherwise). */
export async function issueCoupon(db: Database, input: CouponIssue, now: Date): Promise<CouponRow> {
  const problems = couponIssueProblems(input, now);
  if (problems.length > 0) throw new CouponIssueError(problems.join('；'));
  const { from, until } = windowOf(input, now);
  const kind: CouponKind = input.kind;
  const [row] = await db
    .insert(coupons)
    .values({
      userId: input.userId,
      kind,
      title: input.title.trim(),
      amountOffFen: kind === 'AMOUNT_OFF' ? input.amountOffFen : null,
      thresholdFen: kind === 'AMOUNT_OFF' ? input.thresholdFen : null,
      percentOff: kind === 'PERCENT_OFF' ? input.percentOff : null,
      capFen: kind === 'PERCENT_OFF' ? input.capFen : null,
      validFrom: from,
      validUntil: until,
      scope: input.scope ?? 'ALL',
      scopeValues: [...(input.scopeValues ?? [])],
      source: input.source,
      issuedBy: input.issuedBy ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('coupon not written');
  return row;
}

/** The welcome coupon: 满 50 元减 20 元 on any fee, 30 days. */
const WELCOME_COUPON = {
  kind: 'AMOUNT_OFF',
  title: '新客服务费满减券',
  amountOffFen: 2_000,
  thresholdFen: 5_000,
  percentOff: null,
  capFen: null,
  validDays: 30,
} as const;

/**
 * The welcome coupon, once per borrower (a unique index on source = 'WELCOME'): given on the first loan
 * certification; later certifications and concurrent ones issue nothing.
 */
export async function issueWelcomeCoupon(db: Database, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .insert(coupons)
    .values({
      userId,
      kind: WELCOME_COUPON.kind,
      title: WELCOME_COUPON.title,
      amountOffFen: WELCOME_COUPON.amountOffFen,
      thresholdFen: WELCOME_COUPON.thresholdFen,
      validFrom: now,
      validUntil: new Date(now.getTime() + WELCOME_COUPON.validDays * DAY_MS),
      scope: 'ALL',
      scopeValues: [],
      source: 'WELCOME',
      issuedBy: 'rule:first-certification',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: coupons.id });
  return rows.length > 0;
}
