import {
  bigintToFen,
  COUPON_STATUS_LABELS,
  couponRuleText,
  couponStatus,
  couponValidityText,
  fenToYuan,
  formatYuan,
  RSP,
} from '@loan/domain';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import { coupons, couponTemplates, feeItems, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { SignedInOperator } from '../../plugins/ops-session.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { normalizeLoginId } from '../auth/lockout.ts';
import { couponNotFound, revokeCoupon } from '../coupons/revoke.ts';
import { assertBorrowerInScope, borrowerNotFound, type ScopedOperator } from './data-scope.ts';

type Ctx = Pick<AppContext, 'db' | 'now'>;

/** Most coupons of one borrower the drawer lists (newest first). */
const MAX_LISTED = 200;

/**
 * A borrower's coupons for the console, newest first: status as the borrower sees it, the template it came
 * from, what it took off when used, and who revoked it and why.
 */
export async function borrowerCoupons(ctx: Ctx, operator: ScopedOperator, loginId: string) {
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.loginId, normalizeLoginId(loginId)))
    .limit(1);
  if (!user) throw borrowerNotFound();
  await assertBorrowerInScope(ctx.db, operator, user.id);
  const now = ctx.now();
  const rows = await ctx.db
    .select({ coupon: coupons, templateName: couponTemplates.name })
    .from(coupons)
    .leftJoin(couponTemplates, eq(couponTemplates.id, coupons.templateId))
    .where(eq(coupons.userId, user.id))
    .orderBy(desc(coupons.id))
    .limit(MAX_LISTED);
  const ids = rows.map((r) => r.coupon.id);
  const taken =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ couponId: feeItems.couponId, fen: sql<string>`sum(${feeItems.discountFen})::text` })
          .from(feeItems)
          .where(inArray(feeItems.couponId, ids))
          .groupBy(feeItems.couponId);
  const discountOf = new Map(taken.map((t) => [t.couponId ?? 0, bigintToFen(BigInt(t.fen))]));
  return rows.map(({ coupon: c, templateName }) => {
    const status = couponStatus(c, now);
    const fen = discountOf.get(c.id);
    return {
      couponId: c.id,
      title: c.title,
      rule: couponRuleText(c, formatYuan),
      status,
      statusLabel: COUPON_STATUS_LABELS[status],
      validityText: couponValidityText(c.validFrom, c.validUntil),
      source: c.source,
      templateName: templateName ?? null,
      issuedBy: c.issuedBy,
      createdAt: c.createdAt.toISOString(),
      usedAt: c.usedAt?.toISOString() ?? null,
      discount: fen === undefined ? null : fenToYuan(fen),
      revokedAt: c.revokedAt?.toISOString() ?? null,
      revokedBy: c.revokedBy,
      revokeReason: c.revokeReason,
    };
  });
}

/**
 * 作废 an unused coupon, for a reason (audited with the borrower; refused with nothing changed otherwise). A
 * coupon of a borrower out of the operator's data scope answers as one that does not exist (3702).
 */
export async function revokeFromConsole(
  ctx: Ctx,
  operator: SignedInOperator,
  body: { couponId: number; reason: string },
  meta: RequestMeta,
) {
  const reason = body.reason.trim();
  if (reason.length === 0) throw new ApiError(RSP.INVALID_INPUT, '请填写作废原因');
  const [owner] = await ctx.db
    .select({ userId: coupons.userId })
    .from(coupons)
    .where(eq(coupons.id, body.couponId))
    .limit(1);
  if (owner) await assertBorrowerInScope(ctx.db, operator, owner.userId, couponNotFound);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const revoked = await revokeCoupon(tx, body.couponId, { loginId: operator.loginId, reason }, now);
    await recordAudit(tx, {
      action: AUDIT.opsCouponRevoked,
      at: now,
      operatorId: operator.id,
      loginId: operator.loginId,
      userId: revoked.userId,
      meta,
      detail: {
        couponId: revoked.id,
        title: revoked.title,
        templateId: revoked.templateId,
        reason,
        changes: { couponStatus: { before: 'AVAILABLE', after: 'REVOKED' } },
      },
    });
    return revoked;
  });
  return { couponId: row.id, status: couponStatus(row, now) };
}
