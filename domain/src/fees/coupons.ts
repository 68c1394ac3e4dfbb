import { roundHalfUp } from '../money.ts';

/** 满减 amount off above a threshold, 折扣 percentage off with a cap, 免服务费 the whole fee item. */
export type CouponKind = 'AMOUNT_OFF' | 'PERCENT_OFF' | 'FREE_FEE';

export const COUPON_KINDS: readonly CouponKind[] = ['AMOUNT_OFF', 'PERCENT_OFF', 'FREE_FEE'];

export const COUPON_KIND_LABELS: Readonly<Record<CouponKind, string>> = {
  AMOUNT_OFF: '满减',
  PERCENT_OFF: '折扣',
  FREE_FEE: '免服务费',
};

/** Stored state; EXPIRED is derived from valid_until. REVOKED: an operator voided it unused (作废), for good. */
export type CouponState = 'AVAILABLE' | 'LOCKED' | 'USED' | 'REVOKED';

export type CouponStatus = CouponState | 'EXPIRED';

export const COUPON_STATUSES: readonly CouponStatus[] = ['AVAILABLE', 'LOCKED', 'USED', 'EXPIRED', 'REVOKED'];

export const COUPON_STATUS_LABELS: Readonly<Record<CouponStatus, string>> = {
  AVAILABLE: '可用',
  LOCKED: '锁定',
  USED: '已使用',
  EXPIRED: '已过期',
  REVOKED: '已作废',
};

export type CouponScope = 'ALL' | 'BANKS' | 'PRODUCTS';

export const COUPON_SCOPES: readonly CouponScope[] = ['ALL', 'BANKS', 'PRODUCTS'];

export const COUPON_SCOPE_LABELS: Readonly<Record<CouponScope, string>> = {
  ALL: '全部产品',
  BANKS: '指定机构',
  PRODUCTS: '指定产品',
};

/** Who gave it: an operator, the welcome rule, the demo seed, or a template's rule (e.g. on certification). */
export type CouponSource = 'OPERATOR' | 'WELCOME' | 'DEMO' | 'RULE';

/** Days before valid_until from which a coupon is marked 即将过期. */
export const COUPON_EXPIRING_DAYS = 3;

export interface CouponTerms {
  readonly kind: CouponKind;
  /** 满减: the amount off */
  readonly amountOffFen: number | null;
  /** 满减: the fee must be at least this */
  readonly thresholdFen: number | null;
  /** 折扣: whole percent off, 1–99 */
  readonly percentOff: number | null;
  /** 折扣: the most it takes off (null: no cap) */
  readonly capFen: number | null;
}

export interface CouponLike extends CouponTerms {
  readonly id: number;
  readonly state: CouponState;
  readonly validFrom: Date;
  readonly validUntil: Date;
  readonly scope: CouponScope;
  readonly scopeValues: readonly string[];
}

/** What a fee a coupon may pay: its amount still owed and the loan's bank and product. */
export interface CouponTarget {
  readonly feeFen: number;
  readonly bank: string;
  readonly productCode: string;
}

/**
 * The discount of a coupon on a fee of `feeFen`, exact to the fen: 满减 → the amount (at most the fee) when the
 * fee reaches the threshold, else 0; 折扣 → fee × percent / 100 half-up, at most the cap and the fee;
 * 免服务费 → the fee. Never below zero, never above the fee.
 */
export function couponDiscountFen(coupon: CouponTerms, feeFen: number): number {
  if (!Number.isSafeInteger(feeFen) || feeFen <= 0) return 0;
  let discount = 0;
  if (coupon.kind === 'AMOUNT_OFF') {
    const threshold = coupon.thresholdFen ?? 0;
    discount = feeFen >= threshold ? (coupon.amountOffFen ?? 0) : 0;
  } else if (coupon.kind === 'PERCENT_OFF') {
    const percent = coupon.percentOff ?? 0;
    const off = Number(roundHalfUp(BigInt(feeFen) * BigInt(percent), 100n));
    discount = coupon.capFen === null ? off : Math.min(off, coupon.capFen);
  } else if (coupon.kind === 'FREE_FEE') {
    discount = feeFen;
  }
  return Math.max(0, Math.min(discount, feeFen));
}

/**
 * 可用 / 锁定 / 已使用 / 已过期 / 已作废 at `now`: a coupon not used by its valid_until has expired; used and
 * revoked are final whatever the date.
 */
export function couponStatus(coupon: Pick<CouponLike, 'state' | 'validUntil'>, now: Date): CouponStatus {
  if (coupon.state === 'USED' || coupon.state === 'REVOKED') return coupon.state;
  if (coupon.validUntil.getTime() <= now.getTime()) return 'EXPIRED';
  return coupon.state;
}

/** Not used nor expired, and ending within COUPON_EXPIRING_DAYS days of `now`. */
export function expiringSoon(coupon: Pick<CouponLike, 'state' | 'validUntil'>, now: Date): boolean {
  const status = couponStatus(coupon, now);
  if (status !== 'AVAILABLE' && status !== 'LOCKED') return false;
  return coupon.validUntil.getTime() - now.getTime() <= COUPON_EXPIRING_DAYS * 86_400_000;
}

/** Whether the coupon's scope covers the loan's bank and product. */
export function couponInScope(
  coupon: Pick<CouponLike, 'scope' | 'scopeValues'>,
  target: Pick<CouponTarget, 'bank' | 'productCode'>,
): boolean {
  if (coupon.scope === 'BANKS') return coupon.scopeValues.includes(target.bank);
  if (coupon.scope === 'PRODUCTS') return coupon.scopeValues.includes(target.productCode);
  return true;
}

/** The discount the coupon gives on the target at `now`: 0 unless available, in its window and in scope. */
export function couponDiscountOn(coupon: CouponLike, target: CouponTarget, now: Date): number {
  if (couponStatus(coupon, now) !== 'AVAILABLE') return 0;
  if (coupon.validFrom.getTime() > now.getTime()) return 0;
  if (!couponInScope(coupon, target)) return 0;
  return couponDiscountFen(coupon, target.feeFen);
}

export interface CouponChoice<C extends CouponLike> {
  readonly coupon: C;
  readonly discountFen: number;
}

/** The coupons applicable to the target with their discounts, best first (highest, earliest end, lowest id). */
export function couponOptions<C extends CouponLike>(
  coupons: readonly C[],
  target: CouponTarget,
  now: Date,
): CouponChoice<C>[] {
  return coupons
    .map((coupon) => ({ coupon, discountFen: couponDiscountOn(coupon, target, now) }))
    .filter((o) => o.discountFen > 0)
    .sort(
      (a, b) =>
        b.discountFen - a.discountFen ||
        a.coupon.validUntil.getTime() - b.coupon.validUntil.getTime() ||
        a.coupon.id - b.coupon.id,
    );
}

/** The best applicable coupon for the target, or null when none applies. */
export function bestCoupon<C extends CouponLike>(
  coupons: readonly C[],
  target: CouponTarget,
  now: Date,
): CouponChoice<C> | null {
  return couponOptions(coupons, target, now)[0] ?? null;
}

/** What is wrong with a coupon's terms (empty when nothing is), for the operator command. */
export function couponTermsProblems(terms: CouponTerms): string[] {
  const positive = (v: number | null) => v !== null && Number.isSafeInteger(v) && v > 0;
  const problems: string[] = [];
  if (terms.kind === 'AMOUNT_OFF') {
    if (!positive(terms.amountOffFen)) problems.push('满减券的减免金额须大于 0');
    if (terms.thresholdFen !== null && !(Number.isSafeInteger(terms.thresholdFen) && terms.thresholdFen >= 0))
      problems.push('满减券的使用门槛不能为负');
    else if (
      positive(terms.thresholdFen) &&
      positive(terms.amountOffFen) &&
      (terms.amountOffFen ?? 0) > (terms.thresholdFen ?? 0)
    )
      problems.push('满减券的减免金额不能超过使用门槛');
  } else if (terms.kind === 'PERCENT_OFF') {
    const p = terms.percentOff;
    if (p === null || !Number.isInteger(p) || p < 1 || p > 99)
      problems.push('折扣券的折扣须为 1-99 的整数（减免百分比）');
    if (terms.capFen !== null && !positive(terms.capFen)) problems.push('折扣券的封顶金额须大于 0');
  } else if (terms.kind !== 'FREE_FEE') {
    problems.push('不支持的优惠券类型');
  }
  return problems;
}

/** One line describing a coupon: "满 100.00 元减 20.00 元", "8 折（最高减 50.00 元）"… (yuan given as text). */
export function couponRuleText(terms: CouponTerms, yuan: (fen: number) => string): string {
  if (terms.kind === 'AMOUNT_OFF') {
    const off = yuan(terms.amountOffFen ?? 0);
    return terms.thresholdFen ? `满 ${yuan(terms.thresholdFen)} 元减 ${off} 元` : `立减 ${off} 元`;
  }
  if (terms.kind === 'PERCENT_OFF') {
    const cap = terms.capFen === null ? '' : `，最高减 ${yuan(terms.capFen)} 元`;
    return `服务费减 ${terms.percentOff ?? 0}%${cap}`;
  }
  return '免除一笔服务费';
}
