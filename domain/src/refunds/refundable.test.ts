import { describe, expect, it } from 'vitest';
import { RSP } from '../api/rsp-codes.ts';
import {
  allocateRefund,
  checkRefundAmount,
  checkRefundReason,
  isFullRefund,
  REFUND_NO_PATTERN,
  refundableFen,
  refundBaseFen,
  refundNoOf,
} from './refundable.ts';

describe('refundableFen', () => {
  it('is paid − refunded − pending, exact to the fen', () => {
    expect(refundableFen({ paidFen: 40_000, refundedFen: 0, pendingFen: 0 })).toBe(40_000);
    expect(refundableFen({ paidFen: 40_000, refundedFen: 10_001, pendingFen: 0 })).toBe(29_999);
    expect(refundableFen({ paidFen: 40_000, refundedFen: 10_000, pendingFen: 29_999 })).toBe(1);
  });

  it('is never below zero', () => {
    expect(refundableFen({ paidFen: 100, refundedFen: 100, pendingFen: 0 })).toBe(0);
    expect(refundableFen({ paidFen: 100, refundedFen: 80, pendingFen: 50 })).toBe(0);
    expect(refundableFen({ paidFen: 0, refundedFen: 0, pendingFen: 0 })).toBe(0);
  });

  it('refuses amounts that are not fen', () => {
    expect(() => refundableFen({ paidFen: 1.5, refundedFen: 0, pendingFen: 0 })).toThrow();
    expect(() => refundableFen({ paidFen: 100, refundedFen: -1, pendingFen: 0 })).toThrow();
  });
});

describe('refundBaseFen', () => {
  it('is the whole cash of a fee payment', () => {
    expect(refundBaseFen({ purpose: 'FEE', amountFen: 38_000, unappliedFen: 0, feeCashFen: 38_000 })).toBe(
      38_000,
    );
  });

  it('is the overpayment and the fee of an instalment repayment, never more than the cash', () => {
    expect(
      refundBaseFen({ purpose: 'INSTALMENT', amountFen: 1_000_000, unappliedFen: 0, feeCashFen: 40_000 }),
    ).toBe(40_000);
    expect(
      refundBaseFen({
        purpose: 'INSTALMENT',
        amountFen: 1_000_000,
        unappliedFen: 1_000_000,
        feeCashFen: 40_000,
      }),
    ).toBe(1_000_000);
  });
});

describe('checkRefundAmount', () => {
  it('accepts one fen up to the refundable amount', () => {
    expect(checkRefundAmount(1, 100)).toEqual({ ok: true });
    expect(checkRefundAmount(100, 100)).toEqual({ ok: true });
  });

  it('refuses more than refundable, naming the refundable amount', () => {
    expect(checkRefundAmount(101, 100)).toEqual({
      ok: false,
      code: RSP.REFUND_AMOUNT_ABOVE_REFUNDABLE,
      reason: '退款金额不能超过可退金额 1.00 元',
    });
    expect(checkRefundAmount(1, 0)).toMatchObject({ code: RSP.REFUND_AMOUNT_ABOVE_REFUNDABLE });
  });

  it('refuses zero, negative and fractional fen', () => {
    for (const fen of [0, -1, 0.5, Number.NaN]) {
      expect(checkRefundAmount(fen, 100)).toMatchObject({ ok: false, code: RSP.REFUND_AMOUNT_INVALID });
    }
  });
});

describe('checkRefundReason', () => {
  it('trims and keeps a reason of 1–200 characters', () => {
    expect(checkRefundReason('  重复缴费  ')).toEqual({ ok: true, reason: '重复缴费' });
    expect(checkRefundReason('退'.repeat(200))).toEqual({ ok: true, reason: '退'.repeat(200) });
  });

  it('refuses a missing, blank or too long reason in Chinese', () => {
    for (const raw of [undefined, null, '', '   ', 42]) {
      expect(checkRefundReason(raw)).toEqual({
        ok: false,
        code: RSP.REFUND_REASON_INVALID,
        reason: '请填写退款原因',
      });
    }
    expect(checkRefundReason('退'.repeat(201))).toEqual({
      ok: false,
      code: RSP.REFUND_REASON_INVALID,
      reason: '退款原因不能超过 200 个字',
    });
    expect(checkRefundReason('', '拒绝原因')).toMatchObject({ reason: '请填写拒绝原因' });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkRefundReason('😀'.repeat(200))).toMatchObject({ ok: true });
  });
});

describe('allocateRefund', () => {
  const items = [
    { id: 1, cashFen: 30_000, refundedFen: 10_000 },
    { id: 2, cashFen: 40_000, refundedFen: 0 },
  ];

  it('fills the items in order, each up to its cash not yet refunded', () => {
    expect(allocateRefund(25_000, items)).toEqual({
      parts: [
        { id: 1, fen: 20_000 },
        { id: 2, fen: 5_000 },
      ],
      restFen: 0,
    });
    expect(allocateRefund(1, items)).toEqual({ parts: [{ id: 1, fen: 1 }], restFen: 0 });
  });

  it('leaves what is above the items as the refunded overpayment', () => {
    expect(allocateRefund(70_000, items)).toEqual({
      parts: [
        { id: 1, fen: 20_000 },
        { id: 2, fen: 40_000 },
      ],
      restFen: 10_000,
    });
    expect(allocateRefund(500, [])).toEqual({ parts: [], restFen: 500 });
  });
});

describe('refund numbers and full refunds', () => {
  it('RF + Shanghai time + six digits of the id', () => {
    const no = refundNoOf(new Date('2026-11-23T02:15:00Z'), 42);
    expect(no).toBe('RF20261123101500000042');
    expect(no).toMatch(REFUND_NO_PATTERN);
    expect(refundNoOf(new Date('2026-11-23T16:00:00Z'), 1_234_567)).toBe('RF20261124000000234567');
  });

  it('a full refund is all of a non-zero payment', () => {
    expect(isFullRefund(100, 100)).toBe(true);
    expect(isFullRefund(100, 99)).toBe(false);
    expect(isFullRefund(0, 0)).toBe(false);
  });
});
