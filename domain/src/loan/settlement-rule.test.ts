import { describe, expect, it } from 'vitest';
import { addDaysIso } from '../calendar-date.ts';
import { fenToYuan } from '../money.ts';
import { buildSchedule } from '../schedule/build-schedule.ts';
import {
  remainingOnScheduleFen,
  type SettlementFeeInput,
  type SettlementInput,
  type SettlementRowInput,
  settleEarly,
  settlementCreditSentence,
  settlementFeeWaivedSentence,
  settlementQuoteValidUntil,
} from './settlement-rule.ts';

// 12,000.00 at 24 % over 4 months, equal instalment (the published figures of build-schedule.test.ts), a
// service fee of 30.00 with each instalment.
const schedule = buildSchedule({
  startDate: '2024-01-31',
  principalFen: 1_200_000,
  annualRate: '0.24',
  months: 4,
  method: 'EQUAL_INSTALMENT',
});
const FEE = 3_000;

type Paid = 'none' | 'paid';

function loan(today: string, paid: Paid[], penaltyFen: number[] = []): SettlementInput {
  const rows: SettlementRowInput[] = schedule.instalments.map((i, n) => ({
    seq: i.period,
    dueDate: i.dueDate,
    principalFen: i.principalFen,
    interestFen: i.interestFen,
    paidPrincipalFen: paid[n] === 'paid' ? i.principalFen : 0,
    paidInterestFen: paid[n] === 'paid' ? i.interestFen : 0,
    penaltyToDateFen: penaltyFen[n] ?? 0,
    paidPenaltyFen: 0,
    closed: paid[n] === 'paid',
  }));
  const fees: SettlementFeeInput[] = schedule.instalments.map((i, n) => ({
    kind: 'INSTALMENT',
    seq: i.period,
    dueDate: i.dueDate,
    owedFen: paid[n] === 'paid' ? 0 : FEE,
    creditableFen: paid[n] === 'paid' ? FEE : 0,
  }));
  return { today, startDate: '2024-01-31', annualRate: '0.24', rows, fees };
}

const yuan = (fen: number) => fenToYuan(fen);

describe('early settlement, the rule', () => {
  it.each([
    {
      what: 'on a due date, nothing paid: that instalment as contracted, the rest principal only',
      input: loan('2024-02-29', []),
      principal: '12000.00',
      interest: '240.00',
      fee: '30.00',
      waived: '90.00',
      credit: ['0.00', '0.00'],
      total: '12270.00',
    },
    {
      what: 'between due dates after paying the first on time: 15 days of interest on 9,088.51',
      input: loan('2024-03-15', ['paid']),
      principal: '9088.51',
      interest: '90.89',
      fee: '0.00',
      waived: '90.00',
      credit: ['0.00', '0.00'],
      total: '9179.40',
    },
    {
      what: 'the first instalment paid ahead, settled 10 days in: its interest and fee credited',
      input: loan('2024-02-10', ['paid']),
      principal: '9088.51',
      interest: '80.00',
      fee: '0.00',
      waived: '90.00',
      credit: ['240.00', '30.00'],
      total: '8898.51',
    },
    {
      what: 'two instalments paid ahead, settled 10 days in',
      input: loan('2024-02-10', ['paid', 'paid']),
      principal: '6118.79',
      interest: '80.00',
      fee: '0.00',
      waived: '60.00',
      credit: ['421.77', '60.00'],
      total: '5717.02',
    },
    {
      what: 'with an overdue instalment: it is owed with its penalty to date',
      input: loan('2024-03-10', [], [1_000]),
      principal: '12000.00',
      interest: '300.59',
      fee: '30.00',
      waived: '90.00',
      credit: ['0.00', '0.00'],
      total: '12340.59',
    },
  ])('$what', ({ input, principal, interest, fee, waived, credit, total }) => {
    const f = settleEarly(input);
    expect(yuan(f.principalFen)).toBe(principal);
    expect(yuan(f.interestFen)).toBe(interest);
    expect(yuan(f.feeFen)).toBe(fee);
    expect(yuan(f.feeWaivedFen)).toBe(waived);
    expect([yuan(f.interestCreditFen), yuan(f.feeCreditFen)]).toEqual(credit);
    expect(yuan(f.totalFen)).toBe(total);
    expect(f.totalFen).toBe(
      f.principalFen + f.interestFen + f.feeFen + f.penaltyFen - f.interestCreditFen - f.feeCreditFen,
    );
    expect(f.totalFen).toBeLessThanOrEqual(remainingOnScheduleFen(input));
  });

  it('the days used never cost more than the running instalment’s contracted interest', () => {
    const input = loan('2024-02-28', []);
    const first = input.rows[0];
    if (!first) throw new Error('no rows');
    const rows = [{ ...first, interestFen: 5_000 }, ...input.rows.slice(1)];
    // 28 days on 12,000.00 at 24 % would be 224.00; the contract says 50.00 for the period
    expect(settleEarly({ ...input, rows }).accruedFen).toBe(5_000);
  });

  it('each instalment not yet due ends with the interest of the days used, the running one only', () => {
    const f = settleEarly(loan('2024-03-15', ['paid']));
    expect(f.rows).toEqual([
      { seq: 2, finalInterestFen: 9_089 },
      { seq: 3, finalInterestFen: 0 },
      { seq: 4, finalInterestFen: 0 },
    ]);
  });

  it('settling on any day with any instalments paid ahead never costs more than paying on time', () => {
    const patterns: Paid[][] = [[], ['paid'], ['paid', 'paid'], ['paid', 'paid', 'paid']];
    for (let day = 0; day <= 120; day += 1) {
      const today = addDaysIso('2024-01-31', day);
      for (const paid of patterns) {
        const input = loan(today, paid);
        const f = settleEarly(input);
        expect(f.totalFen, `${today} ${paid.length} paid`).toBeLessThanOrEqual(remainingOnScheduleFen(input));
        expect(f.totalFen).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('credits above what is owed are reported, never a negative total', () => {
    const input = loan('2024-02-10', ['paid', 'paid', 'paid']);
    const last = input.rows[3];
    if (!last) throw new Error('no rows');
    const rows = [...input.rows.slice(0, 3), { ...last, principalFen: 10_000 }];
    const f = settleEarly({ ...input, rows });
    expect(f.creditExcessFen).toBeGreaterThan(0);
    expect(f.totalFen).toBe(0);
  });

  it('says what is forgiven and credited, and how long the quote holds', () => {
    const f = settleEarly(loan('2024-02-10', ['paid']));
    expect(settlementFeeWaivedSentence(f)).toBe('剩余 3 期服务费 90.00 元提前结清免收');
    expect(settlementCreditSentence(f)).toBe(
      '已缴未到期期次的利息 240.00 元、服务费 30.00 元从结清金额中抵扣',
    );
    expect(settlementCreditSentence(settleEarly(loan('2024-02-29', [])))).toBe('');
    expect(settlementQuoteValidUntil('2024-02-10').toISOString()).toBe('2024-02-10T15:59:59.999Z');
  });
});
