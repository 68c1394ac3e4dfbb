import { describe, expect, it } from 'vitest';
import {
  couponKindLabel,
  couponLastDay,
  couponScopeText,
  couponUsedText,
  couponValidityText,
} from './coupon-wording.ts';

describe('a coupon in words', () => {
  it('an amount off without a threshold is 立减; with one 满减; the others keep their kind', () => {
    expect(couponKindLabel({ kind: 'AMOUNT_OFF', thresholdFen: null })).toBe('立减');
    expect(couponKindLabel({ kind: 'AMOUNT_OFF', thresholdFen: 0 })).toBe('立减');
    expect(couponKindLabel({ kind: 'AMOUNT_OFF', thresholdFen: 100_00 })).toBe('满减');
    expect(couponKindLabel({ kind: 'PERCENT_OFF', thresholdFen: null })).toBe('折扣');
    expect(couponKindLabel({ kind: 'FREE_FEE', thresholdFen: null })).toBe('免服务费');
  });

  it('names the banks or products it is limited to', () => {
    expect(couponScopeText('ALL', [])).toBe('全部产品可用');
    expect(couponScopeText('BANKS', ['CGB'])).toBe('限广发银行');
    expect(couponScopeText('BANKS', ['CGB', 'YNIT'])).toBe('限广发银行、云南国际信托');
    expect(
      couponScopeText('PRODUCTS', ['CGB-DPJY'], (c) => (c === 'CGB-DPJY' ? '广发店铺经营贷' : null)),
    ).toBe('限广发店铺经营贷');
    expect(couponScopeText('PRODUCTS', ['X-1'])).toBe('限X-1');
  });

  it('validity in Shanghai dates only, the last day the one before the first instant it ends', () => {
    // 2026-12-31 23:59:59 Shanghai, and midnight into 2027-01-01
    expect(couponLastDay(new Date('2026-12-31T15:59:59Z'))).toBe('2026-12-31');
    expect(couponLastDay(new Date('2026-12-31T16:00:00Z'))).toBe('2026-12-31');
    expect(couponValidityText(new Date('2026-11-01T00:00:00Z'), new Date('2026-12-31T15:59:59Z'))).toBe(
      '有效期 2026-11-01 至 2026-12-31',
    );
  });

  it('a used coupon says when and on which fee', () => {
    const at = new Date('2026-11-20T02:00:00Z');
    expect(couponUsedText(at, { productName: '广发店铺经营贷', feeLabel: '一次性服务费' })).toBe(
      '2026-11-20 用于 广发店铺经营贷 一次性服务费',
    );
    expect(couponUsedText(at, null)).toBe('2026-11-20 已使用');
  });
});
