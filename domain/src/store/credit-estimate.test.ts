import { describe, expect, it } from 'vitest';
import { RSP } from '../api/rsp-codes.ts';
import {
  estimatedCreditLimitFen,
  STORE_CREDIT_SHARE_PERCENT,
  storeLimitProblem,
  storeLimitReason,
} from './credit-estimate.ts';

describe('the store’s estimated limit', () => {
  it('is 30 % of the trailing twelve months’ sales, rounded down to the fen', () => {
    expect(STORE_CREDIT_SHARE_PERCENT).toBe(30);
    expect(estimatedCreditLimitFen(2_400_000_00)).toBe(720_000_00);
    expect(estimatedCreditLimitFen(0)).toBe(0);
    expect(estimatedCreditLimitFen(1)).toBe(0);
    expect(estimatedCreditLimitFen(7)).toBe(2);
    expect(() => estimatedCreditLimitFen(1.5)).toThrow();
  });

  it('refuses an amount above it (3106) with the limit and the rule; the limit itself passes', () => {
    expect(storeLimitProblem(720_000_00, 2_400_000_00)).toBeNull();
    expect(storeLimitProblem(720_000_01, 2_400_000_00)).toEqual({
      code: RSP.AMOUNT_ABOVE_STORE_LIMIT,
      reason: '超过店铺预估额度 720,000.00 元（近12个月销售额的30%），请调低借款金额',
    });
    expect(storeLimitReason(150_000_00)).toContain('150,000.00 元');
  });
});
