import { describe, expect, it } from 'vitest';
import {
  bestCoupon,
  type CouponLike,
  type CouponTerms,
  couponDiscountFen,
  couponDiscountOn,
  couponOptions,
  couponRuleText,
  couponStatus,
  couponTermsProblems,
  expiringSoon,
} from './coupons.ts';

const none = { amountOffFen: null, thresholdFen: null, percentOff: null, capFen: null };
const amountOff = (amountOffFen: number, thresholdFen: number | null): CouponTerms => ({
  ...none,
  kind: 'AMOUNT_OFF',
  amountOffFen,
  thresholdFen,
});
const percentOff = (percent: number, capFen: number | null): CouponTerms => ({
  ...none,
  kind: 'PERCENT_OFF',
  percentOff: percent,
  capFen,
});
const freeFee: CouponTerms = { ...none, kind: 'FREE_FEE' };

describe('coupon discount', () => {
  it.each<[string, CouponTerms, number, number]>([
    ['满减 below the threshold', amountOff(2_000, 10_000), 9_999, 0],
    ['满减 at the threshold', amountOff(2_000, 10_000), 10_000, 2_000],
    ['满减 above the threshold', amountOff(2_000, 10_000), 40_000, 2_000],
    ['满减 without threshold, larger than the fee', amountOff(5_000, null), 3_333, 3_333],
    ['满减 with threshold 0', amountOff(1, 0), 1, 1],
    ['折扣 half-up to the fen (0.5 up)', percentOff(10, null), 12_345, 1_235],
    ['折扣 half-up to the fen (0.4 down)', percentOff(10, null), 12_344, 1_234],
    ['折扣 on one fen', percentOff(49, null), 1, 0],
    ['折扣 on one fen, half-up', percentOff(50, null), 1, 1],
    ['折扣 under the cap', percentOff(20, 10_000), 40_000, 8_000],
    ['折扣 at the cap', percentOff(25, 10_000), 40_000, 10_000],
    ['折扣 over the cap', percentOff(99, 10_000), 40_000, 10_000],
    ['免服务费', freeFee, 40_000, 40_000],
    ['免服务费 on one fen', freeFee, 1, 1],
    ['any coupon on a zero fee', freeFee, 0, 0],
    ['any coupon on a negative fee', amountOff(100, null), -500, 0],
    ['a malformed negative amount', amountOff(-100, null), 500, 0],
  ])('%s', (_, terms, fee, discount) => {
    expect(couponDiscountFen(terms, fee)).toBe(discount);
  });

  it('never goes below zero nor above the fee, for every fee up to 1,000.00 and every percent', () => {
    for (let fee = 0; fee <= 100_000; fee += 997) {
      for (let p = 1; p <= 99; p += 7) {
        const d = couponDiscountFen(percentOff(p, 3_000), fee);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(Math.min(fee, 3_000));
        expect(d).toBe(Math.min(Math.floor((fee * p + 50) / 100), 3_000, fee));
      }
    }
  });
});

const now = new Date('2026-11-23T02:00:00Z');
const day = 86_400_000;
const coupon = (id: number, terms: CouponTerms, change: Partial<CouponLike> = {}): CouponLike => ({
  ...terms,
  id,
  state: 'AVAILABLE',
  validFrom: new Date(now.getTime() - day),
  validUntil: new Date(now.getTime() + 10 * day),
  scope: 'ALL',
  scopeValues: [],
  ...change,
});
const target = { feeFen: 40_000, bank: 'CGB', productCode: 'CGB-1' };

describe('coupon status', () => {
  it.each<[string, Partial<CouponLike>, string, boolean]>([
    ['available', {}, 'AVAILABLE', false],
    ['locked by an order', { state: 'LOCKED' }, 'LOCKED', false],
    ['used', { state: 'USED', validUntil: new Date(now.getTime() - day) }, 'USED', false],
    ['expired', { validUntil: new Date(now.getTime() - 1) }, 'EXPIRED', false],
    ['revoked (作废)', { state: 'REVOKED', validUntil: new Date(now.getTime() + day) }, 'REVOKED', false],
    [
      'revoked, past its end',
      { state: 'REVOKED', validUntil: new Date(now.getTime() - 1) },
      'REVOKED',
      false,
    ],
    ['expiring at this instant', { validUntil: now }, 'EXPIRED', false],
    ['expiring within 3 days', { validUntil: new Date(now.getTime() + 3 * day) }, 'AVAILABLE', true],
    ['locked, expiring soon', { state: 'LOCKED', validUntil: new Date(now.getTime() + day) }, 'LOCKED', true],
    [
      'ending in 3 days and a second',
      { validUntil: new Date(now.getTime() + 3 * day + 1000) },
      'AVAILABLE',
      false,
    ],
  ])('%s', (_, change, status, soon) => {
    const c = coupon(1, freeFee, change);
    expect(couponStatus(c, now)).toBe(status);
    expect(expiringSoon(c, now)).toBe(soon);
  });
});

describe('choosing a coupon', () => {
  it('applies only available coupons, in their window and scope', () => {
    expect(couponDiscountOn(coupon(1, freeFee), target, now)).toBe(40_000);
    expect(couponDiscountOn(coupon(1, freeFee, { state: 'LOCKED' }), target, now)).toBe(0);
    expect(couponDiscountOn(coupon(1, freeFee, { state: 'REVOKED' }), target, now)).toBe(0);
    expect(
      couponDiscountOn(coupon(1, freeFee, { validFrom: new Date(now.getTime() + 1) }), target, now),
    ).toBe(0);
    expect(couponDiscountOn(coupon(1, freeFee, { validUntil: now }), target, now)).toBe(0);
    expect(couponDiscountOn(coupon(1, freeFee, { scope: 'BANKS', scopeValues: ['CGB'] }), target, now)).toBe(
      40_000,
    );
    expect(couponDiscountOn(coupon(1, freeFee, { scope: 'BANKS', scopeValues: ['SHRB'] }), target, now)).toBe(
      0,
    );
    expect(
      couponDiscountOn(coupon(1, freeFee, { scope: 'PRODUCTS', scopeValues: ['CGB-2'] }), target, now),
    ).toBe(0);
  });

  it('suggests the highest discount, then the earliest end, then the lowest id', () => {
    const soon = new Date(now.getTime() + day);
    const coupons = [
      coupon(5, amountOff(2_000, 10_000)),
      coupon(4, percentOff(10, 5_000)),
      coupon(3, amountOff(4_000, null)),
      coupon(2, amountOff(4_000, null), { validUntil: soon }),
      coupon(1, amountOff(50_000, 50_000)),
    ];
    expect(couponOptions(coupons, target, now).map((o) => [o.coupon.id, o.discountFen])).toEqual([
      [2, 4_000],
      [3, 4_000],
      [4, 4_000],
      [5, 2_000],
    ]);
    expect(bestCoupon(coupons, target, now)?.coupon.id).toBe(2);
    expect(bestCoupon([coupon(9, amountOff(100, 50_000))], target, now)).toBeNull();
  });
});

describe('coupon terms', () => {
  it('checks each kind', () => {
    expect(couponTermsProblems(amountOff(100, 0))).toEqual([]);
    expect(couponTermsProblems(amountOff(0, null))).toEqual(['满减券的减免金额须大于 0']);
    expect(couponTermsProblems(amountOff(10_000, 10_000))).toEqual([]);
    expect(couponTermsProblems(amountOff(10_001, 10_000))).toEqual(['满减券的减免金额不能超过使用门槛']);
    expect(couponTermsProblems(percentOff(0, null))).toHaveLength(1);
    expect(couponTermsProblems(percentOff(100, null))).toHaveLength(1);
    expect(couponTermsProblems(percentOff(20, 0))).toEqual(['折扣券的封顶金额须大于 0']);
    expect(couponTermsProblems(freeFee)).toEqual([]);
  });

  it('describes the rule', () => {
    const yuan = (fen: number) => (fen / 100).toFixed(2);
    expect(couponRuleText(amountOff(2_000, 10_000), yuan)).toBe('满 100.00 元减 20.00 元');
    expect(couponRuleText(percentOff(20, 5_000), yuan)).toBe('服务费减 20%，最高减 50.00 元');
    expect(couponRuleText(freeFee, yuan)).toBe('免除一笔服务费');
  });
});
