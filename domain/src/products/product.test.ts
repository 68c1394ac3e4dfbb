import { describe, expect, it } from 'vitest';
import { RSP } from '../api/rsp-codes.ts';
import { PARTNER_BANKS } from '../banks/partner-banks.ts';
import { formatPercent } from '../irr.ts';
import { ScheduleInputError } from '../schedule/input.ts';
import {
  type Product,
  productAnnualisedRate,
  productAnnualisedRateRange,
  productCardOf,
  productFlow,
  validateProductApplication,
} from './product.ts';

const product: Product = {
  bank: 'CGB',
  productCode: 'TEST-1',
  name: '测试产品',
  summary: '测试',
  minAmountFen: 1_000_000,
  maxAmountFen: 100_000_000,
  amountStepFen: 100_000,
  terms: [3, 6, 12],
  annualRate: '0.12',
  method: 'EQUAL_PRINCIPAL',
  serviceFee: { kind: 'PER_INSTALMENT', rate: '0.006' },
  materials: PARTNER_BANKS.CGB.materials,
};

const codes = (amountFen: number, months: number) =>
  validateProductApplication(product, { amountFen, months }).map((p) => p.code);

describe('validating an application against its product', () => {
  it('accepts amounts in range and on the step, for the terms offered', () => {
    for (const amountFen of [1_000_000, 1_100_000, 50_000_000, 100_000_000]) {
      for (const months of product.terms) expect(codes(amountFen, months)).toEqual([]);
    }
  });

  it('says what is wrong, in Chinese, with its rspCode', () => {
    expect(validateProductApplication(product, { amountFen: 999_900, months: 3 })).toEqual([
      { code: RSP.AMOUNT_BELOW_MIN, reason: '申请金额不能低于 10,000.00 元' },
    ]);
    expect(validateProductApplication(product, { amountFen: 100_100_000, months: 3 })).toEqual([
      { code: RSP.AMOUNT_ABOVE_MAX, reason: '申请金额不能高于 1,000,000.00 元' },
    ]);
    expect(validateProductApplication(product, { amountFen: 1_050_000, months: 3 })).toEqual([
      { code: RSP.AMOUNT_NOT_MULTIPLE, reason: '申请金额须为 1,000.00 元的整数倍' },
    ]);
    expect(validateProductApplication(product, { amountFen: 1_000_000, months: 9 })).toEqual([
      { code: RSP.TERM_NOT_OFFERED, reason: '该产品可选借款期限为 3、6、12 个月' },
    ]);
  });

  it('reports amount and term problems together, one each', () => {
    expect(codes(1, 24)).toEqual([RSP.AMOUNT_BELOW_MIN, RSP.TERM_NOT_OFFERED]);
  });

  it.each([0, -100_000, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    'refuses the amount %s as invalid input, alone',
    (amountFen) => {
      expect(codes(amountFen, 3)).toEqual([RSP.INVALID_INPUT]);
    },
  );

  it.each([3.5, Number.NaN])('refuses the term %s as invalid input', (months) => {
    expect(codes(1_000_000, months)).toEqual([RSP.INVALID_INPUT]);
  });
});

describe('annualised rate of a product', () => {
  it('is the schedule engine’s rate: 0.6 % a month on the principal over 12 months at 0 % is 13.03 %', () => {
    const free = { ...product, annualRate: '0' };
    expect(formatPercent(productAnnualisedRate(free, 1_000_000, 12, '2024-01-31'))).toBe('13.03%');
  });

  it('equals the nominal rate without fees and exceeds it with them', () => {
    const plain = { ...product, serviceFee: null };
    expect(productAnnualisedRate(plain, 10_000_000, 12, '2024-01-31')).toBeCloseTo(0.12, 6);
    expect(productAnnualisedRate(product, 10_000_000, 12, '2024-01-31')).toBeGreaterThan(0.12);
  });

  it('ranges over the terms offered: a fixed fee weighs most on the shortest term', () => {
    const upfront: Product = { ...product, serviceFee: { kind: 'UPFRONT', rate: '0.01' } };
    const range = productAnnualisedRateRange(upfront, '2024-01-31');
    const short = productAnnualisedRate(upfront, upfront.maxAmountFen, 3, '2024-01-31');
    const long = productAnnualisedRate(upfront, upfront.maxAmountFen, 12, '2024-01-31');
    expect(range).toEqual({ min: long, max: short });
    expect(short).toBeGreaterThan(long);
  });

  it('throws the schedule engine’s error for impossible input', () => {
    expect(() => productAnnualisedRate(product, 0, 12, '2024-01-31')).toThrow(ScheduleInputError);
    expect(() => productAnnualisedRate(product, 1_000_000, 12, '2024-02-30')).toThrow(ScheduleInputError);
  });
});

describe('flow of a product', () => {
  it('is its bank’s unless it has its own', () => {
    expect(productFlow(product)).toBe(PARTNER_BANKS.CGB.flow);
    const own = { ...product, flow: ['SUBMIT', 'BANK_REVIEW'] as const };
    expect(productFlow(own)).toEqual(['SUBMIT', 'BANK_REVIEW']);
  });
});

describe('the product card’s fee label', () => {
  it('shows the fee as every page does: per month, once, or none', () => {
    expect(productCardOf(product, '2024-01-31').serviceFeeLabel).toBe('0.60%/月');
    const upfront: Product = { ...product, serviceFee: { kind: 'UPFRONT', rate: '0.01' } };
    expect(productCardOf(upfront, '2024-01-31').serviceFeeLabel).toBe('1.00%（一次性）');
    expect(productCardOf({ ...product, serviceFee: null }, '2024-01-31').serviceFeeLabel).toBe('无');
  });
});
