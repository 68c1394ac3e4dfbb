import {
  addDaysIso,
  type FeeIncomeFigures,
  type FeeIncomeReport,
  fenToYuan,
  OPS_API,
  RSP,
  shanghaiDate,
  yuanToFen,
} from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeItems, ledgerTransactions, paymentOrders } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { advanceAndCollect, DAY as DAY_MS, disburseLoan } from './helpers/loans.ts';
import { ok } from './helpers/operators.ts';
import { deliverNotifies, giveCoupon, loanIdOf, payCalls } from './helpers/payments.ts';
import { paidUpfrontFee } from './helpers/refunds.ts';
import {
  cellYuan,
  exportedBook,
  financeToken,
  inPeriod,
  lastExportAudit,
  moveClockTo,
  payUpfrontFee,
  refundNow,
  relogin,
  report,
  rowOf,
  sheetRows,
} from './helpers/reports.ts';

/**
 * 服务费收入 by day and by month: each figure rebuilt here from the ledger's lines and the paid orders' coupons, a
 * fee paid at 23:59 and one at 00:01 (Shanghai) on their own days, ranges refused in Chinese, the export's totals.
 */
let t: TestApp;
let token: string;
const DAY = '2026-03-02';
const NEXT = addDaysIso(DAY, 1);
const FEE_IN = ['FEE_PAYMENT', 'REPAYMENT', 'EARLY_SETTLEMENT'];

/** One period's figures from the rows: the report's definitions written out again. */
async function rebuilt(period: string): Promise<FeeIncomeFigures> {
  const lines = (await t.db.select().from(ledgerTransactions)).filter((l) => inPeriod(l.occurredAt, period));
  const received = -lines.filter((l) => FEE_IN.includes(l.type)).reduce((s, l) => s + l.feeFen, 0);
  const refunded = lines.filter((l) => l.type === 'REFUND').reduce((s, l) => s + l.feeFen, 0);
  const discount = (await t.db.select().from(paymentOrders))
    .filter((o) => o.status === 'PAID' && o.couponId !== null && inPeriod(o.paidAt, period))
    .reduce((s, o) => s + o.discountFen, 0);
  return {
    charged: fenToYuan(received + discount),
    discount: fenToYuan(discount),
    received: fenToYuan(received),
    refunded: fenToYuan(refunded),
    net: fenToYuan(received - refunded),
  };
}

const feeIncome = async (query: Record<string, unknown>) =>
  ok(await report<FeeIncomeReport>(t, OPS_API.reportFeeIncome, query, token));

async function borrower(loginId: string): Promise<ReadyBorrower> {
  return makeReadyBorrower(t, loginId);
}

beforeAll(async () => {
  t = await createTestApp();
  const [a, b, c, d, e] = [
    await borrower('feesa'),
    await borrower('feesb'),
    await borrower('feesc'),
    await borrower('feesd'),
    await borrower('feese'),
  ];
  // 2026-03-02: a's fee (1000.00) and 300.00 of it back; b's fee with a 20.00 coupon; c repays instalment 1
  const paidA = await paidUpfrontFee(t, a);
  await refundNow(t, a, paidA.outTradeNo, '300.00');
  await paidUpfrontFee(t, b, await giveCoupon(t, b.userId));
  const loanC = await loanIdOf(t, await disburseLoan(t, c, 'YNIT-XT01', '120000', 12));
  const repay = okResult(await payCalls(t).repayNow(c.token, { loanId: loanC, seq: 1, channel: 'ALIPAY' }));
  okResult(await payCalls(t).cashier(c.token, repay.order.outTradeNo));
  await deliverNotifies(t);
  const loanD = await loanIdOf(t, await disburseLoan(t, d, 'YNIT-XT02', '100000', 6));
  const loanE = await loanIdOf(t, await disburseLoan(t, e, 'YNIT-XT02', '100000', 6));
  // d pays at 23:59 with a coupon, e at 00:01 the next day
  moveClockTo(t, DAY, '23:59:00');
  await payUpfrontFee(t, await relogin(t, d), loanD, await giveCoupon(t, d.userId));
  moveClockTo(t, NEXT, '00:01:00');
  await payUpfrontFee(t, await relogin(t, e), loanE);
  // two months of collections from the store payouts: c's instalment fees come in with them
  await advanceAndCollect(t, 62 * DAY_MS);
  token = await financeToken(t);
});
afterAll(() => t.close());

describe('fee income by day', () => {
  it('equals the rows’ sums each day, a 23:59 fee on its day and a 00:01 fee on the next', async () => {
    const r = await feeIncome({ from: addDaysIso(DAY, -1), to: NEXT, by: 'day' });
    expect(r).toMatchObject({ from: addDaysIso(DAY, -1), to: NEXT, by: 'day' });
    expect(r.rows.map((row) => row.period)).toEqual([addDaysIso(DAY, -1), DAY, NEXT]);
    for (const row of r.rows)
      expect(row, row.period).toEqual({ period: row.period, ...(await rebuilt(row.period)) });
    expect(r.rows[0]).toMatchObject({ charged: '0.00', net: '0.00' });
    // d's coupon at 23:59 is the day's as b's is: 20.00 each
    expect(r.rows[1]).toMatchObject({ discount: '40.00', refunded: '300.00' });
    expect(r.rows[2]).toEqual({
      period: NEXT,
      charged: '1000.00',
      discount: '0.00',
      received: '1000.00',
      refunded: '0.00',
      net: '1000.00',
    });
    const sum = (key: keyof FeeIncomeFigures) =>
      fenToYuan(r.rows.reduce((s, row) => s + yuanToFen(row[key]), 0));
    expect(r.totals).toEqual({
      charged: sum('charged'),
      discount: sum('discount'),
      received: sum('received'),
      refunded: sum('refunded'),
      net: sum('net'),
    });
  });

  it('counts every coupon that went on a fee item, once', async () => {
    const r = await feeIncome({ from: '2026-03-01', to: '2026-05-31', by: 'day' });
    const items = await t.db.select().from(feeItems);
    expect(yuanToFen(r.totals.discount)).toBe(items.reduce((s, i) => s + i.discountFen, 0));
    expect(r.rows).toHaveLength(92);
  });
});

describe('fee income by month', () => {
  it('equals the rows’ sums each month, collections included', async () => {
    const r = await feeIncome({ from: '2026-03-01', to: '2026-05-31', by: 'month' });
    expect(r.rows.map((row) => row.period)).toEqual(['2026-03', '2026-04', '2026-05']);
    for (const row of r.rows)
      expect(row, row.period).toEqual({ period: row.period, ...(await rebuilt(row.period)) });
    // the store payouts paid c's second instalment and its fee in early May
    expect(yuanToFen(r.rows[2]?.received ?? '0')).toBeGreaterThan(0);
    const byDay = await feeIncome({ from: '2026-03-01', to: '2026-05-31', by: 'day' });
    expect(r.totals).toEqual(byDay.totals);
  });

  it('shows this month by day when no range is given', async () => {
    const r = await feeIncome({});
    const today = shanghaiDate(t.clock.now());
    expect(r).toMatchObject({ by: 'day', from: `${today.slice(0, 8)}01`, to: today });
  });
});

describe('what fee income refuses', () => {
  it.each([
    [{ from: '2026-02-30' }, '开始日期不是有效日期'],
    [{ to: '2026/03/01' }, '结束日期不是有效日期'],
    [{ from: '2026-03-05', to: '2026-03-01' }, '开始日期不能晚于结束日期'],
    [{ from: '2025-01-01', to: '2026-01-02', by: 'day' }, '按日统计最长 366 天'],
    [{ from: '2024-01-01', to: '2026-01-31', by: 'month' }, '按月统计最长 24 个月'],
    [{ by: 'week' }, 'by 取值不正确'],
  ])('%j: 1001, %s', async (query, text) => {
    const answer = await report(t, OPS_API.reportFeeIncome, query, token);
    expect(answer.status).toBe(200);
    expect(answer.response).toMatchObject({ rspCode: RSP.INVALID_INPUT });
    expect(answer.response.rspDesc).toContain(text);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api${OPS_API.reportFeeIncomeExport}`,
      query: query as Record<string, string>,
      headers: { opsToken: token },
    });
    expect(file.json().response.rspDesc).toContain(text);
  });
});

describe('fee income exported', () => {
  it('holds each period and the totals of the JSON report, and is audited', async () => {
    const query = { from: '2026-03-01', to: '2026-05-31', by: 'month' };
    const json = await feeIncome(query);
    const rows = sheetRows(await exportedBook(t, OPS_API.reportFeeIncomeExport, query, token), '服务费收入');
    expect(rows[1]).toEqual([
      '月份',
      '服务费（现金＋优惠券）（元）',
      '优惠券抵扣（元）',
      '实收服务费（元）',
      '服务费退款（元）',
      '服务费净收入（元）',
    ]);
    const figures = (row: unknown[]) => row.slice(1, 6).map(cellYuan);
    const keys = ['charged', 'discount', 'received', 'refunded', 'net'] as const;
    for (const period of json.rows) {
      expect(figures(rowOf(rows, period.period))).toEqual(keys.map((k) => period[k]));
    }
    expect(figures(rowOf(rows, '合计'))).toEqual(keys.map((k) => json.totals[k]));
    expect(await lastExportAudit(t)).toMatchObject({
      detail: { report: 'fee-income', from: '2026-03-01', to: '2026-05-31', by: 'month' },
    });
  });
});
