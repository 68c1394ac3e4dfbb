import { describe, expect, it } from 'vitest';
import {
  type StatementLine,
  statementFigures,
  statementNetFlowFen,
  statementRepaidFen,
} from './statement-figures.ts';
import {
  previousMonth,
  shanghaiMonth,
  statementMonth,
  statementMonthDue,
  statementMonthLabel,
} from './statement-month.ts';
import {
  statementBalanceRows,
  statementBalanceSentence,
  statementNextDueSentence,
} from './statement-texts.ts';

const line = (type: StatementLine['type'], parts: Partial<StatementLine>): StatementLine => ({
  type,
  amountFen: 0,
  principalFen: 0,
  interestFen: 0,
  penaltyFen: 0,
  feeFen: 0,
  ...parts,
});

/**
 * A month of one borrower who owed 50,000.00 on the 1st: a second loan of 100,000.00, two instalments collected
 * (one late, with penalty and its instalment fee), a fee paid on the fee page (a coupon took 20.00 off), part of it
 * refunded, a payment that came after its order closed and went back, and an early settlement of the first loan.
 */
const OPENING = 5_000_000;
const LEDGER: StatementLine[] = [
  line('DISBURSEMENT', { amountFen: 10_000_000, principalFen: 10_000_000 }),
  line('REPAYMENT', {
    amountFen: -1_734_500,
    principalFen: -1_666_667,
    interestFen: -49_833,
    feeFen: -18_000,
  }),
  line('REPAYMENT', {
    amountFen: -1_735_612,
    principalFen: -1_666_667,
    interestFen: -49_833,
    penaltyFen: -1_112,
    feeFen: -18_000,
  }),
  line('FEE_PAYMENT', { amountFen: -98_000, feeFen: -98_000 }),
  line('REFUND', { amountFen: 30_000, feeFen: 30_000 }),
  // paid after its order closed: no parts, then sent back
  line('REPAYMENT', { amountFen: -12_345 }),
  line('REFUND', { amountFen: 12_345 }),
  // a repay-now paying 100.00 more than was owed: the rest unapplied
  line('REPAYMENT', { amountFen: -60_000, principalFen: -40_000, interestFen: -10_000 }),
  line('EARLY_SETTLEMENT', {
    amountFen: -1_680_000,
    principalFen: -1_626_666,
    interestFen: -41_334,
    penaltyFen: 0,
    feeFen: -12_000,
  }),
];

describe('statementFigures', () => {
  const f = statementFigures(OPENING, LEDGER, { count: 1, fen: 2_000 });

  it('sums each figure of the month from the ledger lines', () => {
    expect(f).toEqual({
      openingFen: 5_000_000,
      disbursedFen: 10_000_000,
      repaidPrincipalFen: 1_666_667 + 1_666_667 + 40_000 + 1_626_666,
      repaidInterestFen: 49_833 + 49_833 + 10_000 + 41_334,
      repaidPenaltyFen: 1_112,
      repaidFeeFen: 18_000 + 18_000 + 12_000,
      feesPaidFen: 98_000,
      feesRefundedFen: 30_000,
      unappliedPaidFen: 12_345 + 10_000,
      otherRefundedFen: 12_345,
      couponsUsedCount: 1,
      couponsUsedFen: 2_000,
      closingFen: 5_000_000 + 10_000_000 - 5_000_000,
      lineCount: 9,
    });
  });

  it('opening + disbursed − principal repaid = closing, and the closing is the ledger’s principal to date', () => {
    expect(f.closingFen).toBe(f.openingFen + f.disbursedFen - f.repaidPrincipalFen);
    const principalToDate = OPENING + LEDGER.reduce((s, l) => s + l.principalFen, 0);
    expect(f.closingFen).toBe(principalToDate);
    expect(f.closingFen).toBe(10_000_000);
  });

  it('puts every fen of every line in one figure: the figures give back the month’s net money flow', () => {
    const net = LEDGER.reduce((s, l) => s + l.amountFen, 0);
    expect(statementNetFlowFen(f)).toBe(net);
    expect(statementRepaidFen(f)).toBe(
      f.repaidPrincipalFen + f.repaidInterestFen + f.repaidPenaltyFen + f.repaidFeeFen,
    );
  });

  it('a month without lines keeps the balance, and coupons alone change no balance', () => {
    const quiet = statementFigures(OPENING, [], { count: 2, fen: 5_000 });
    expect(quiet.closingFen).toBe(OPENING);
    expect(quiet.lineCount).toBe(0);
    expect(statementNetFlowFen(quiet)).toBe(0);
  });

  it('a reversal takes back the figure of the line it reverses', () => {
    const repaid = line('REPAYMENT', { amountFen: -50_000, principalFen: -40_000, interestFen: -10_000 });
    const reversal = line('REVERSAL', {
      reversedType: 'REPAYMENT',
      amountFen: 50_000,
      principalFen: 40_000,
      interestFen: 10_000,
    });
    const back = statementFigures(OPENING, [repaid, reversal]);
    expect(back.repaidPrincipalFen).toBe(0);
    expect(back.repaidInterestFen).toBe(0);
    expect(back.closingFen).toBe(OPENING);
    const fee = line('REVERSAL', { reversedType: 'FEE_PAYMENT', amountFen: 9_000, feeFen: 9_000 });
    expect(statementFigures(0, [fee]).feesPaidFen).toBe(-9_000);
  });

  it('refuses amounts that are not whole fen', () => {
    expect(() => statementFigures(0.5, [])).toThrow(RangeError);
    expect(() => statementFigures(0, [line('REPAYMENT', { amountFen: -1.5 })])).toThrow(RangeError);
  });
});

describe('statement months', () => {
  it('bounds a month by Shanghai midnights', () => {
    const m = statementMonth('2026-02');
    expect(m).toEqual({
      month: '2026-02',
      firstDay: '2026-02-01',
      lastDay: '2026-02-28',
      nextFirstDay: '2026-03-01',
      start: new Date('2026-01-31T16:00:00.000Z'),
      end: new Date('2026-02-28T16:00:00.000Z'),
    });
    expect(statementMonth('2028-12')?.nextFirstDay).toBe('2029-01-01');
    expect(statementMonth('2028-02')?.lastDay).toBe('2028-02-29');
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-01', '', '0999-01']) {
      expect(statementMonth(bad), bad).toBeUndefined();
    }
  });

  it('the month due is the last complete one, an hour into the new month', () => {
    expect(previousMonth('2026-01')).toBe('2025-12');
    // 2026-03-01 00:30 Shanghai: February's statements wait for the grace hour
    expect(statementMonthDue(new Date('2026-02-28T16:30:00.000Z'))).toBe('2026-01');
    expect(statementMonthDue(new Date('2026-02-28T17:00:00.000Z'))).toBe('2026-02');
    expect(statementMonthDue(new Date('2026-03-31T15:59:59.000Z'))).toBe('2026-02');
    expect(shanghaiMonth(new Date('2026-03-31T16:00:00.000Z'))).toBe('2026-04');
    expect(statementMonthLabel('2026-03')).toBe('2026年03月');
  });
});

describe('statement texts', () => {
  it('say what the balance is, at which instants, and its arithmetic', () => {
    const text = statementBalanceSentence({ firstDay: '2026-03-01', nextFirstDay: '2026-04-01' });
    expect(text).toContain('尚未归还的本金合计');
    expect(text).toContain('2026-03-01 00:00');
    expect(text).toContain('2026-04-01 00:00');
    const rows = statementBalanceRows(statementFigures(OPENING, LEDGER));
    expect(rows.map((r) => r.fen)).toEqual([5_000_000, 10_000_000, 5_000_000, 10_000_000]);
    expect(statementNextDueSentence('2026-04-02', 1_734_500)).toContain(
      '下一还款日 2026-04-02，应还 17,345.00 元',
    );
    expect(statementNextDueSentence(null, null)).toBe('暂无待还的期次。');
  });
});
