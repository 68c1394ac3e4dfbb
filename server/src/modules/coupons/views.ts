import {
  type CouponLike,
  type CouponUse,
  type CouponView,
  couponKindLabel,
  couponRuleText,
  couponScopeText,
  couponStatus,
  couponUsedText,
  couponValidityText,
  expiringSoon,
  feeItemLabel,
  fenToYuan,
  formatYuan,
} from '@loan/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type CouponRow, feeItems, loans, products } from '../../db/schema.ts';

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

/** What a coupon's words need beyond its row: the names of products and what each used coupon paid. */
export interface CouponWords {
  productNames: ReadonlyMap<string, string>;
  uses: ReadonlyMap<number, { rowId: number; productName: string | null; feeLabel: string }>;
}

const NO_WORDS: CouponWords = { productNames: new Map(), uses: new Map() };

/** The product names and uses of these coupons, in two queries. */
export async function couponWords(db: Database, rows: readonly CouponRow[]): Promise<CouponWords> {
  if (rows.length === 0) return NO_WORDS;
  const catalogue = await db.select({ code: products.productCode, name: products.name }).from(products);
  const used = rows.filter((r) => r.state === 'USED').map((r) => r.id);
  const paid =
    used.length === 0
      ? []
      : await db
          .select({
            couponId: feeItems.couponId,
            kind: feeItems.kind,
            seq: feeItems.seq,
            rowId: loans.applicationId,
            productName: products.name,
          })
          .from(feeItems)
          .innerJoin(loans, eq(loans.id, feeItems.loanId))
          .leftJoin(products, eq(products.productCode, loans.productCode))
          .where(inArray(feeItems.couponId, used));
  return {
    productNames: new Map(catalogue.map((p) => [p.code, p.name])),
    uses: new Map(
      paid.map((p) => [
        p.couponId ?? 0,
        { rowId: p.rowId, productName: p.productName, feeLabel: feeItemLabel(p) },
      ]),
    ),
  };
}

function couponUse(row: CouponRow, words: CouponWords): CouponUse | null {
  if (row.state !== 'USED' || !row.usedAt) return null;
  const on = words.uses.get(row.id) ?? null;
  return {
    usedAt: row.usedAt.toISOString(),
    rowId: on?.rowId ?? null,
    productName: on?.productName ?? null,
    feeLabel: on?.feeLabel ?? null,
    text: couponUsedText(row.usedAt, on),
  };
}

const orNull = (fen: number | null) => (fen === null ? null : fenToYuan(fen));

export function couponView(row: CouponRow, now: Date, words: CouponWords = NO_WORDS): CouponView {
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
    kindLabel: couponKindLabel(c),
    scopeText: couponScopeText(c.scope, c.scopeValues, (code) => words.productNames.get(code)),
    validityText: couponValidityText(row.validFrom, row.validUntil),
    use: couponUse(row, words),
  };
}
