import { describe, expect, it } from 'vitest';
import { type FeeItemAmounts, feeItemOwedFen, feeItemStatus } from './fee-items.ts';
import { loanFeeStatus, loanFeeTotals } from './loan-fee.ts';
import { ratePercentText, serviceFeeDescription, serviceFeeLabel } from './service-fee-label.ts';

const item = (change: Partial<FeeItemAmounts>): FeeItemAmounts => ({
  dueDate: '2026-12-01',
  amountFen: 40_000,
  discountFen: 0,
  paidFen: 0,
  refundedFen: 0,
  waivedFen: 0,
  ...change,
});

describe('fee item status', () => {
  it.each<[string, Partial<FeeItemAmounts>, string, string]>([
    ['unpaid before its due date', {}, '2026-11-30', 'DUE'],
    ['unpaid on its due date', {}, '2026-12-01', 'DUE'],
    ['unpaid after its due date', {}, '2026-12-02', 'OVERDUE'],
    ['partly paid after its due date', { paidFen: 39_999 }, '2026-12-02', 'OVERDUE'],
    ['paid in cash', { paidFen: 40_000 }, '2026-12-02', 'PAID'],
    ['paid by cash and coupon', { paidFen: 20_000, discountFen: 20_000 }, '2026-11-01', 'PAID'],
    ['paid by a coupon alone', { discountFen: 40_000 }, '2026-12-09', 'PAID'],
    ['waived with nothing paid', { waivedFen: 40_000 }, '2027-01-01', 'WAIVED'],
    ['partly paid, the rest waived', { paidFen: 1, waivedFen: 39_999 }, '2027-01-01', 'PAID'],
    ['partly refunded', { paidFen: 40_000, refundedFen: 1 }, '2026-12-02', 'PARTIALLY_REFUNDED'],
    [
      'fully refunded',
      { paidFen: 30_000, discountFen: 10_000, refundedFen: 30_000 },
      '2026-12-02',
      'REFUNDED',
    ],
  ])('%s', (_, change, today, status) => {
    expect(feeItemStatus(item(change), today)).toBe(status);
  });

  it('owes amount − discount − paid − waived, never below zero', () => {
    expect(feeItemOwedFen(item({ discountFen: 1_001, paidFen: 2_002 }))).toBe(36_997);
    expect(feeItemOwedFen(item({ paidFen: 50_000 }))).toBe(0);
  });
});

describe('service fee label', () => {
  it.each<[string, string]>([
    ['0.002', '0.20%'],
    ['0.01', '1.00%'],
    ['0.0125', '1.25%'],
    ['0.00005', '0.01%'],
    ['0.00004', '0.00%'],
    ['0', '0.00%'],
    ['0.12', '12.00%'],
  ])('%s is %s', (rate, text) => {
    expect(ratePercentText(rate)).toBe(text);
  });

  it('says per month or once', () => {
    expect(serviceFeeLabel({ kind: 'PER_INSTALMENT', rate: '0.002' })).toBe('0.20%/月');
    expect(serviceFeeLabel({ kind: 'UPFRONT', rate: '0.01' })).toBe('1.00%（一次性）');
    expect(serviceFeeLabel(null)).toBe('无');
  });

  it('with how it is charged, for product pages', () => {
    expect(serviceFeeDescription({ kind: 'PER_INSTALMENT', rate: '0.002' })).toBe('按期收取 0.20%/月');
    expect(serviceFeeDescription({ kind: 'UPFRONT', rate: '0.01' })).toBe('一次性收取 1.00%');
    expect(serviceFeeDescription(undefined)).toBe('无');
  });
});

describe('a loan fee summed', () => {
  const monthly = (seq: number, change: Partial<FeeItemAmounts> = {}) =>
    item({ dueDate: `2026-${String(seq).padStart(2, '0')}-15`, ...change });

  it('after the first of twelve instalment fees is paid, owes the rest and is 部分已缴', () => {
    const items = [monthly(1, { paidFen: 40_000 }), ...[2, 3, 4].map((s) => monthly(s))];
    expect(loanFeeTotals(items, '2026-01-20')).toEqual({
      amountFen: 160_000,
      discountFen: 0,
      paidFen: 40_000,
      refundedFen: 0,
      waivedFen: 0,
      outstandingFen: 120_000,
      status: 'PAYING',
    });
  });

  it.each<[string, Partial<FeeItemAmounts>[], string]>([
    ['nothing paid yet', [{}, {}], 'DUE'],
    ['one past due', [{ paidFen: 40_000 }, { dueDate: '2026-01-01' }], 'OVERDUE'],
    ['all paid, by cash and coupon', [{ paidFen: 40_000 }, { discountFen: 40_000 }], 'PAID'],
    [
      'settled early: paid then waived, not "paid" as a whole',
      [{ paidFen: 40_000 }, { waivedFen: 40_000 }],
      'PAID_AND_WAIVED',
    ],
    ['all waived', [{ waivedFen: 40_000 }], 'WAIVED'],
    ['one refunded', [{ paidFen: 40_000, refundedFen: 40_000 }, { paidFen: 40_000 }], 'PARTIALLY_REFUNDED'],
    ['all refunded', [{ paidFen: 40_000, refundedFen: 40_000 }], 'REFUNDED'],
  ])('%s', (_, changes, status) => {
    expect(loanFeeStatus(changes.map(item), '2026-06-01')).toBe(status);
  });
});
