import {
  type CouponLike,
  type CouponView,
  couponRuleText,
  couponStatus,
  expiringSoon,
  fenToYuan,
  formatYuan,
} from '@loan/domain';
import type { CouponRow } from '../../db/schema.ts';

/** A stored coupon as the domain functions read it. */
export function couponLike(row: CouponRow): CouponLike & { row: CouponRow } {
  return {
    id: row.id,
    kind: row.kind,
    amountOffFen: row.amountOffFen,
    thresholdFen: row.thresholdFen,
    percentOff: row.percentOff,
    capFen: row.capFen,
    state: row.state,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    scope: row.scope,
    scopeValues: row.scopeValues,
    row,
  };
}

const orNull = (fen: number | null) => (fen === null ? null : fenToYuan(fen));

export function couponView(row: CouponRow, now: Date): CouponView {
  const c = couponLike(row);
  return {
    couponId: row.id,
    kind: c.kind,
    title: row.title,
    amountOff: orNull(row.amountOffFen),
    threshold: orNull(row.thresholdFen),
    percentOff: row.percentOff,
    cap: orNull(row.capFen),
    rule: couponRuleText(c, formatYuan),
    validFrom: row.validFrom.toISOString(),
    validUntil: row.validUntil.toISOString(),
    scope: c.scope,
    scopeValues: [...row.scopeValues],
    status: couponStatus(c, now),
    expiringSoon: expiringSoon(c, now),
  };
}
