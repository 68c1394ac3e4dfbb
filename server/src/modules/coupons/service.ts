import {
  COUPON_STATUSES,
  type CouponListResult,
  type CouponOptionsResult,
  type CouponOptionView,
  type CouponStatus,
  couponOptions,
  feeItemOwedFen,
  fenToYuan,
  MAX_ROW_ID,
  RSP,
  rspText,
} from '@loan/domain';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { type CouponRow, coupons, feeItems, loans, type UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { couponLike, couponView, couponWords } from './views.ts';

/** Most fee items one couponOptions call may name. */
const MAX_FEE_IDS = 20;

/** How many coupons the borrower can use now (available, not expired): getUserInfo's couponsCount. */
export async function availableCouponCount(db: Database, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(coupons)
    .where(and(eq(coupons.userId, userId), eq(coupons.state, 'AVAILABLE'), gt(coupons.validUntil, now)));
  return row?.n ?? 0;
}

/** The status filter of GET /users/coupons: one of COUPON_STATUSES, else 1001. */
function parseStatus(value: unknown): CouponStatus | undefined {
  if (value === undefined || value === '') return undefined;
  if ((COUPON_STATUSES as readonly unknown[]).includes(value)) return value as CouponStatus;
  throw new ApiError(RSP.INVALID_INPUT, '优惠券状态应为 AVAILABLE、LOCKED、USED、EXPIRED 或 REVOKED');
}

/**
 * GET /users/coupons?status=: the caller's coupons, usable first (soonest to end first), then locked, used,
 * expired and revoked (作废 by an operator: shown so, never usable); each with its status (EXPIRED derived) and
 * the 即将过期 mark.
 */
export async function listCoupons(
  ctx: AppContext,
  user: UserRow,
  status: unknown,
): Promise<CouponListResult> {
  const wanted = parseStatus(status);
  const now = ctx.now();
  const rows = await ctx.db
    .select()
    .from(coupons)
    .where(eq(coupons.userId, user.id))
    .orderBy(asc(coupons.validUntil), asc(coupons.id));
  const order: Record<CouponStatus, number> = { AVAILABLE: 0, LOCKED: 1, USED: 2, EXPIRED: 3, REVOKED: 4 };
  const words = await couponWords(ctx.db, rows);
  const views = rows.map((r) => couponView(r, now, words));
  const items = views
    .filter((v) => wanted === undefined || v.status === wanted)
    .sort((a, b) => order[a.status] - order[b.status]);
  return { items, availableCount: views.filter((v) => v.status === 'AVAILABLE').length };
}

/** "1,2,3" → distinct positive int4 ids (1–MAX_FEE_IDS of them), else 1001. */
function parseFeeIds(value: unknown): number[] {
  const bad = () =>
    new ApiError(RSP.INVALID_INPUT, `服务费项目编号应为以逗号分隔的正整数，最多 ${MAX_FEE_IDS} 个`);
  if (typeof value !== 'string' || value.length === 0 || value.length > 240) throw bad();
  const parts = value.split(',');
  if (parts.length > MAX_FEE_IDS || !parts.every((p) => /^[1-9]\d{0,9}$/.test(p))) throw bad();
  const ids = [...new Set(parts.map(Number))];
  if (!ids.every((id) => id <= MAX_ROW_ID)) throw bad();
  return ids;
}

/**
 * GET /users/couponOptions?feeIds=: the caller's coupons usable on those fee items, each once with the item
 * where it takes off most and that discount, best first (highest, earliest end, lowest id). Any item not the
 * caller's, or with nothing owed, is 3701 like a missing one (nothing is leaked).
 */
export async function couponOptionsFor(
  ctx: AppContext,
  user: UserRow,
  feeIdsValue: unknown,
): Promise<CouponOptionsResult> {
  const ids = parseFeeIds(feeIdsValue);
  const now = ctx.now();
  const items = await ctx.db
    .select({ item: feeItems, bank: loans.bank, productCode: loans.productCode })
    .from(feeItems)
    .innerJoin(loans, eq(loans.id, feeItems.loanId))
    .where(and(inArray(feeItems.id, ids), eq(feeItems.userId, user.id)));
  if (items.length !== ids.length) throw new ApiError(RSP.FEE_NOT_FOUND, rspText(RSP.FEE_NOT_FOUND));
  const open = items
    .filter((i) => feeItemOwedFen(i.item) > 0 && i.item.couponId === null)
    .sort((a, b) => a.item.dueDate.localeCompare(b.item.dueDate) || a.item.id - b.item.id);
  const rows: CouponRow[] = await ctx.db
    .select()
    .from(coupons)
    .where(and(eq(coupons.userId, user.id), eq(coupons.state, 'AVAILABLE'), gt(coupons.validUntil, now)));
  const words = await couponWords(ctx.db, rows);
  const best = new Map<number, CouponOptionView & { fen: number; until: number }>();
  for (const i of open) {
    const target = { feeFen: feeItemOwedFen(i.item), bank: i.bank, productCode: i.productCode };
    for (const o of couponOptions(rows.map(couponLike), target, now)) {
      const seen = best.get(o.coupon.id);
      if (seen && seen.fen >= o.discountFen) continue;
      best.set(o.coupon.id, {
        coupon: couponView(o.coupon.row, now, words),
        feeId: i.item.id,
        discount: fenToYuan(o.discountFen),
        fen: o.discountFen,
        until: o.coupon.validUntil.getTime(),
      });
    }
  }
  const options = [...best.values()]
    .sort((a, b) => b.fen - a.fen || a.until - b.until || a.coupon.couponId - b.coupon.couponId)
    .map(({ coupon, feeId, discount }) => ({ coupon, feeId, discount }));
  return { options };
}
