import {
  buildSchedule,
  instalmentFeeSentence,
  type LoanRecordDetail,
  type TradingRecordPage,
} from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import {
  advanceAndCollect,
  DAY,
  disburseLoan,
  fenToYuanText,
  makeHalfPayer,
  settlementCalls,
} from './helpers/loans.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const { quoteOf, settleAndPay, relogin } = settlementCalls(() => t);

describe('the life of a loan through the API', () => {
  it('approval → sign → disbursement → partial and late collections with penalty → early settlement, as records show it', async () => {
    const b = await makeReadyBorrower(t, 'life7');
    await makeHalfPayer(t, b.userId);
    const rowId = await disburseLoan(t, b, 'YNIT-XT01', '120000', 12);
    const detailOf = async (token: string) =>
      okResult(await call<LoanRecordDetail>(t.app, 'GET', '/loanMgr/loanRecordDetail', { rowId }, { token }));
    const recordOf = async (token: string) =>
      okResult(
        await call<{ items: { rowId: number; recordStatus: string; outstandingPrincipal: string | null }[] }>(
          t.app,
          'GET',
          '/loanMgr/loanRecords',
          {},
          { token },
        ),
      ).items.find((i) => i.rowId === rowId);
    const fresh = await detailOf(b.token);
    const schedule = buildSchedule({
      principalFen: 12_000_000,
      annualRate: '0.168',
      months: 12,
      method: 'EQUAL_INSTALMENT',
      startDate: fresh.loan?.startDate ?? '',
      fee: { kind: 'PER_INSTALMENT', rate: '0.002' },
    });
    expect(fresh.instalments.map((i) => [i.dueDate, i.principal, i.interest, i.fee])).toEqual(
      schedule.instalments.map((i) => [
        i.dueDate,
        fenToYuanText(i.principalFen),
        fenToYuanText(i.interestFen),
        fenToYuanText(i.feeFen),
      ]),
    );
    expect(fresh.loan?.annualisedRate).toBe(schedule.annualisedRate.toFixed(4));

    // two days after the first due date: half paid, overdue, penalty accrued
    const first = schedule.instalments[0];
    if (!first) throw new Error('no instalment');
    await advanceAndCollect(t, Date.parse(`${first.dueDate}T02:00:00Z`) - t.clock.now().getTime() + 2 * DAY);
    let token = await relogin(b);
    const overdue = await detailOf(token);
    const i1 = overdue.instalments[0];
    const half = Math.floor(first.paymentFen / 2);
    const unpaidPrincipal = first.principalFen - (half - first.interestFen - first.feeFen);
    const penalty2 = Math.round((unpaidPrincipal * 0.168 * 2) / 360);
    expect(i1).toMatchObject({
      status: 'OVERDUE',
      paidInterest: fenToYuanText(first.interestFen),
      paidFee: fenToYuanText(first.feeFen),
      paidPrincipal: fenToYuanText(half - first.interestFen - first.feeFen),
      penalty: fenToYuanText(penalty2),
      outstanding: fenToYuanText(first.paymentFen - half + penalty2),
    });
    expect(overdue.loan?.status).toBe('OVERDUE');
    // the overdue standing today: 2 days past due, penalty to today, what repaying it now costs
    expect(overdue.overdue).toEqual({
      days: 2,
      amount: fenToYuanText(first.paymentFen - half + penalty2),
      penalty: fenToYuanText(penalty2),
      instalments: [
        {
          seq: 1,
          dueDate: first.dueDate,
          days: 2,
          penalty: fenToYuanText(penalty2),
          amount: fenToYuanText(first.paymentFen - half + penalty2),
        },
      ],
    });
    expect((await recordOf(token))?.recordStatus).toBe('OVERDUE');
    expect(overdue.transactions.map((l) => [l.type, l.memo])).toEqual([
      ['REPAYMENT', '第 1 期还款（部分）'],
      ['DISBURSEMENT', '放款'],
    ]);

    // five days after: the rest with 5 days' penalty; repaying again
    await advanceAndCollect(t, 3 * DAY);
    token = await relogin(b);
    const caughtUp = await detailOf(token);
    const penalty5 = Math.round((unpaidPrincipal * 0.168 * 5) / 360);
    expect(caughtUp.instalments[0]).toMatchObject({
      status: 'PAID',
      penalty: fenToYuanText(penalty5),
      paidPenalty: fenToYuanText(penalty5),
      outstanding: '0.00',
    });
    expect(caughtUp.loan?.status).toBe('REPAYING');
    expect(caughtUp.overdue).toBeNull();
    expect(caughtUp.transactions[0]).toMatchObject({
      type: 'REPAYMENT',
      memo: '第 1 期还款（逾期）',
      amount: `-${fenToYuanText(first.paymentFen - half + penalty5)}`,
      penalty: `-${fenToYuanText(penalty5)}`,
    });
    const record = await recordOf(token);
    expect(record).toMatchObject({
      recordStatus: 'REPAYING',
      outstandingPrincipal: fenToYuanText(12_000_000 - first.principalFen),
    });

    // early settlement
    const quote = okResult(await quoteOf(token, caughtUp.loan?.loanId));
    // the 11 instalment fees not yet due are forgiven, and the quote says so
    expect(quote).toMatchObject({
      fee: '0.00',
      feeWaived: '2640.00',
      feeNote: '剩余 11 期服务费 2,640.00 元提前结清免收',
    });
    await settleAndPay(token, caughtUp.loan?.loanId, quote.total);
    const settled = await detailOf(token);
    expect(settled.instalments.map((i) => i.status)).toEqual(['PAID', ...Array(11).fill('SETTLED_EARLY')]);
    expect(settled.loan?.serviceFee).toEqual({
      amount: '2880.00',
      status: 'PAID_AND_WAIVED',
      discount: '0.00',
      paid: '240.00',
      refunded: '0.00',
      waived: '2640.00',
      outstanding: '0.00',
      rateLabel: '0.20%/月',
      chargeRule: instalmentFeeSentence(null, null),
    });
    expect((await recordOf(token))?.recordStatus).toBe('SETTLED');
    const ledger = okResult(
      await call<TradingRecordPage>(t.app, 'GET', '/trading/tradingRecord', {}, { token }),
    );
    expect(ledger.items.map((l) => l.type)).toEqual([
      'EARLY_SETTLEMENT',
      'REPAYMENT',
      'REPAYMENT',
      'DISBURSEMENT',
    ]);
    expect(ledger.totals.principal).toBe('0.00');
  });
});
