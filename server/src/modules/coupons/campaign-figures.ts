import { bigintToFen } from '@loan/domain';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { coupons, feeItems } from '../../db/schema.ts';

/** What a campaign (a template) cost: its coupons by state and the discount they actually took off, in fen. */
export interface CampaignFigures {
  issued: number;
  used: number;
  revoked: number;
  discountFen: number;
}

const NONE: CampaignFigures = { issued: 0, used: 0, revoked: 0, discountFen: 0 };

/**
 * The figures of these templates. The discount is summed from where a coupon's use is recorded: the fee items
 * it covered (fee_items.discount_fen with coupon_id, written with the payment by recordFeeCovered), summed in
 * the database as bigint and read as text, so the total is exact to the fen. A coupon made available again by a
 * full refund and used a second time counts both discounts (both were granted).
 */
export async function campaignFigures(
  db: Database,
  templateIds: readonly number[],
): Promise<Map<number, CampaignFigures>> {
  const figures = new Map<number, CampaignFigures>(templateIds.map((id) => [id, { ...NONE }]));
  if (templateIds.length === 0) return figures;
  const ids = [...templateIds];
  const counts = await db
    .select({
      templateId: coupons.templateId,
      issued: sql<number>`count(*)::int`,
      used: sql<number>`(count(*) filter (where ${coupons.state} = 'USED'))::int`,
      revoked: sql<number>`(count(*) filter (where ${coupons.state} = 'REVOKED'))::int`,
    })
    .from(coupons)
    .where(inArray(coupons.templateId, ids))
    .groupBy(coupons.templateId);
  const discounts = await db
    .select({
      templateId: coupons.templateId,
      fen: sql<string>`coalesce(sum(${feeItems.discountFen}), 0)::text`,
    })
    .from(feeItems)
    .innerJoin(coupons, eq(coupons.id, feeItems.couponId))
    .where(and(isNotNull(feeItems.couponId), inArray(coupons.templateId, ids)))
    .groupBy(coupons.templateId);
  for (const c of counts) {
    const f = figures.get(c.templateId ?? 0);
    if (f) Object.assign(f, { issued: c.issued, used: c.used, revoked: c.revoked });
  }
  for (const d of discounts) {
    const f = figures.get(d.templateId ?? 0);
    if (f) f.discountFen = bigintToFen(BigInt(d.fen));
  }
  return figures;
}
