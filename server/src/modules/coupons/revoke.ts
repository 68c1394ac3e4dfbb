import { RSP } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type CouponRow, coupons } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';

/** The answer for a coupon id that does not exist (or, in the console, that the operator may not see). */
export const couponNotFound = () => new ApiError(RSP.COUPON_NOT_FOUND, '没有该优惠券，请刷新后重试');

/**
 * 作废: an unused coupon (AVAILABLE, expired or not) becomes REVOKED for good, in one compare-and-set, so a
 * payment locking it at the same moment and this revocation cannot both win. Refused, with nothing changed: a
 * used coupon (3705), one held by an unpaid order (3706), one already revoked (3707), none (3702).
 */
export async function revokeCoupon(
  db: Database,
  couponId: number,
  by: { loginId: string; reason: string },
  now: Date,
): Promise<CouponRow> {
  const [row] = await db
    .update(coupons)
    .set({ state: 'REVOKED', revokedAt: now, revokedBy: by.loginId, revokeReason: by.reason, updatedAt: now })
    .where(and(eq(coupons.id, couponId), eq(coupons.state, 'AVAILABLE')))
    .returning();
  if (row) return row;
  const [current] = await db.select({ state: coupons.state }).from(coupons).where(eq(coupons.id, couponId));
  if (!current) throw couponNotFound();
  if (current.state === 'USED') throw new ApiError(RSP.COUPON_USED);
  if (current.state === 'LOCKED') throw new ApiError(RSP.COUPON_LOCKED);
  throw new ApiError(RSP.COUPON_REVOKED);
}
