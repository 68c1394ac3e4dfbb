import { formatYuan, type LoanRecordDetail, RSP, shanghaiInstant, yuanToFen } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  instalments,
  paymentOrders,
  refundApplications,
  settlementRequests,
} from '../src/db/schema.ts';
import { call, type TestApp, tableCounts } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import {
  createSwitchedBanksApp,
  DAY,
  disburseLoan,
  expectSplitsAddUp,
  fenToYuanText,
  loanRows,
  type SettleSwitch,
  settlementCalls,
} from './helpers/loans.ts';
import { deliverNotifies, payCalls, reconcile } from './helpers/payments.ts';

let t: TestApp;
const bankSwitch: SettleSwitch = { refuseSettle: false, whileSettling: null };

beforeAll(async () => {
  t = await createSwitchedBanksApp(bankSwitch);
});
afterAll(async () => t.close());

const { quoteOf, settle, settleAndPay, relogin } = settlementCalls(() => t);
const requestsOf = (loanId: number) =>
  t.db.select().from(settlementRequests).where(eq(settlementRequests.loanId, loanId));
const orderOf = async (outTradeNo: string) => {
  const [row] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.outTradeNo, outTradeNo));
  if (!row) throw new Error(`no order ${outTradeNo}`);
  return row;
};

describe('early settlement paid at the cashier', () => {
  it('a bank that refuses the paid settlement leaves the loan settled, its answer kept and audited', async () => {
    const b = await makeReadyBorrower(t, 'stlpay1');
    const rowId = await disburseLoan(t, b, 'SHRB-DDD', '30000', 3);
    const { loan } = await loanRows(t, rowId);
    const quote = okResult(await quoteOf(b.token, loan.id));
    bankSwitch.refuseSettle = true;
    try {
      await settleAndPay(b.token, loan.id, quote.total);
    } finally {
      bankSwitch.refuseSettle = false;
    }
    expect((await loanRows(t, rowId)).loan.status).toBe('SETTLED');
    expect(await requestsOf(loan.id)).toEqual([
      expect.objectContaining({
        status: 'SETTLED',
        bankStatus: 'REFUSED',
        bankReason: '该笔贷款本月已申请过提前还款',
      }),
    ]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'loan.early_settle_bank_refused'), eq(auditLog.userId, b.userId)));
    expect(audit).toHaveLength(1);
  });

  it('取消支付 cancels the settlement; it can be confirmed again', async () => {
    const b = await makeReadyBorrower(t, 'stlpay2');
    const rowId = await disburseLoan(t, b, 'SHRB-DDD', '30000', 3);
    const { loan } = await loanRows(t, rowId);
    const quote = okResult(await quoteOf(b.token, loan.id));
    const first = okResult(await settle(b.token, { loanId: loan.id, total: quote.total, channel: 'ALIPAY' }));
    // the loan's page shows the payment waiting at the cashier
    const detailOf = async () =>
      okResult(
        await call<LoanRecordDetail>(
          t.app,
          'GET',
          '/loanMgr/loanRecordDetail',
          { rowId: String(rowId) },
          {
            token: b.token,
          },
        ),
      );
    expect((await detailOf()).openOrder).toMatchObject({
      outTradeNo: first.order.outTradeNo,
      purpose: 'SETTLEMENT',
      purposeLabel: '提前结清',
      amount: quote.total,
    });
    okResult(await payCalls(t).close(b.token, first.order.outTradeNo));
    expect((await detailOf()).openOrder).toBeNull();
    expect(await requestsOf(loan.id)).toEqual([
      expect.objectContaining({ status: 'CANCELLED', reason: '已取消支付' }),
    ]);
    expect(okResult(await quoteOf(b.token, loan.id)).openOrder).toBeNull();
    const second = okResult(
      await settle(b.token, { loanId: loan.id, total: quote.total, channel: 'WECHAT' }),
    );
    expect(second.order.outTradeNo).not.toBe(first.order.outTradeNo);
    okResult(await payCalls(t).cashier(b.token, second.order.outTradeNo));
    await deliverNotifies(t);
    expect((await loanRows(t, rowId)).loan.status).toBe('SETTLED');
    expect((await requestsOf(loan.id)).map((r) => r.status).sort()).toEqual(['CANCELLED', 'SETTLED']);
  });

  it('an unpaid settlement lapses with its quote at the end of the day; the stale total is refused (3603)', async () => {
    const b = await makeReadyBorrower(t, 'stlpay3');
    const rowId = await disburseLoan(t, b, 'CGB-DPJY', '100000', 6);
    const { loan } = await loanRows(t, rowId);
    const quote = okResult(await quoteOf(b.token, loan.id));
    const created = okResult(
      await settle(b.token, { loanId: loan.id, total: quote.total, channel: 'UNIONPAY' }),
    );
    // one second past midnight, Shanghai time: the quote no longer holds
    const nextDay = shanghaiInstant(quote.asOfDate, '23:59:59').getTime() + 1_000;
    t.clock.advance(nextDay - t.clock.now().getTime() + 1_000);
    await reconcile(t);
    expect(await orderOf(created.order.outTradeNo)).toMatchObject({
      status: 'CLOSED',
      closeReason: 'EXPIRED',
    });
    expect((await requestsOf(loan.id))[0]).toMatchObject({ status: 'CANCELLED', reason: '超时未支付' });
    const token = await relogin(b);
    const before = await tableCounts(t.db);
    const stale = await settle(token, { loanId: loan.id, total: quote.total, channel: 'UNIONPAY' });
    const fresh = okResult(await quoteOf(token, loan.id));
    expect(fresh.total).not.toBe(quote.total);
    expect(stale.response).toEqual({
      rspCode: RSP.QUOTE_CHANGED,
      rspDesc: `结清金额已变化，最新应还 ${fresh.total} 元，请确认新的金额后重新提交`,
    });
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('money that arrives after the loan changed settles nothing and goes back automatically', async () => {
    const b = await makeReadyBorrower(t, 'stlpay4');
    const rowId = await disburseLoan(t, b, 'SHRB-DDD', '30000', 3);
    const { loan, rows, ledger } = await loanRows(t, rowId);
    const quote = okResult(await quoteOf(b.token, loan.id));
    const created = okResult(
      await settle(b.token, { loanId: loan.id, total: quote.total, channel: 'UNIONPAY' }),
    );
    // another writer changed what is owed meanwhile (as a collection or a refund would)
    await t.db
      .update(instalments)
      .set({ paidInterestFen: 1 })
      .where(eq(instalments.id, rows[0]?.id ?? 0));
    okResult(await payCalls(t).cashier(b.token, created.order.outTradeNo));
    await deliverNotifies(t);
    const after = await loanRows(t, rowId);
    expect(after.loan.status).toBe('REPAYING');
    const order = await orderOf(created.order.outTradeNo);
    // the money is on the ledger as received, applied to nothing
    expect(after.ledger).toHaveLength(ledger.length + 1);
    expect(after.ledger.at(-1)).toMatchObject({
      type: 'EARLY_SETTLEMENT',
      amountFen: -order.amountFen,
      principalFen: 0,
      interestFen: 0,
    });
    const [request] = await requestsOf(loan.id);
    expect(request?.status).toBe('REFUSED');
    expect(request?.reason).toContain('原路退回');
    expect(order).toMatchObject({ status: 'PAID' });
    expect(order.unappliedFen).toBe(order.amountFen);
    const refunds = await t.db
      .select()
      .from(refundApplications)
      .where(eq(refundApplications.paymentOrderId, order.id));
    expect(refunds).toEqual([
      expect.objectContaining({
        source: 'AUTO',
        amountFen: order.amountFen,
        reason: '提前结清款项到账时结清金额已变化，系统自动原路退回',
      }),
    ]);
  });

  it('interest and fees paid ahead for an instalment not yet due are credited, and no longer refundable', async () => {
    const b = await makeReadyBorrower(t, 'stlpay5');
    const rowId = await disburseLoan(t, b, 'YNIT-XT01', '50000', 6);
    const { loan, rows, fees } = await loanRows(t, rowId);
    const first = rows[0];
    if (!first) throw new Error('no instalment');
    t.clock.advance(10 * DAY);
    const token = await relogin(b);
    // instalment 1 paid ahead of its date (its fee item with it)
    const pay = payCalls(t);
    const ahead = okResult(await pay.repayNow(token, { loanId: loan.id, seq: 1, channel: 'ALIPAY' }));
    okResult(await pay.cashier(token, ahead.order.outTradeNo));
    await deliverNotifies(t);
    expect(okResult(await pay.order(token, ahead.order.outTradeNo)).refundable).toBe('100.00');
    const fee1 = fees.find((f) => f.seq === 1)?.amountFen ?? 0;
    expect(fee1).toBe(10_000);

    const quote = okResult(await quoteOf(token, loan.id));
    const accrued = Math.round((5_000_000 * 0.168 * 10) / 360);
    expect(quote).toMatchObject({
      principal: fenToYuanText(5_000_000 - first.principalFen),
      interest: fenToYuanText(accrued),
      fee: '0.00',
      credit: fenToYuanText(first.interestFen + fee1),
      total: fenToYuanText(5_000_000 - first.principalFen + accrued - first.interestFen - fee1),
      feeWaived: '500.00',
      creditNote: `已缴未到期期次的利息 ${formatYuan(first.interestFen)} 元、服务费 100.00 元从结清金额中抵扣`,
    });
    await settleAndPay(token, loan.id, quote.total);
    const after = await loanRows(t, rowId);
    expect(after.loan.status).toBe('SETTLED');
    // every instalment ends with its principal; only the running one carries the days of interest used
    expect(
      after.rows.map((r) => [r.status, r.paidPrincipalFen === r.principalFen, r.paidInterestFen]),
    ).toEqual([['SETTLED_EARLY', true, accrued], ...Array(5).fill(['SETTLED_EARLY', true, 0])]);
    // the fee paid ahead is credited: paid → forgiven, as the five not paid
    expect(after.fees.map((f) => [f.paidFen, f.waivedFen])).toEqual(Array(6).fill([0, 10_000]));
    expect(after.rows.every((r) => r.paidFeeFen === 0)).toBe(true);
    const settlement = after.ledger.at(-1);
    expect(settlement).toMatchObject({
      type: 'EARLY_SETTLEMENT',
      amountFen: -(5_000_000 - first.principalFen + accrued - first.interestFen - fee1),
      interestFen: first.interestFen - accrued,
      feeFen: fee1,
    });
    expectSplitsAddUp(after.ledger.filter((l) => l.type === 'EARLY_SETTLEMENT'));
    // what the borrower paid in all is the principal and the 10 days of interest
    const paidOut = -after.ledger.filter((l) => l.amountFen < 0).reduce((s, l) => s + l.amountFen, 0);
    expect(paidOut).toBe(5_000_000 + accrued);
    // the schedule as the borrower reads it: 应还 = 已还 + 减免 + 未还 on every row, and the forgiven parts are 减免
    const detail = okResult(
      await call<LoanRecordDetail>(
        t.app,
        'GET',
        '/loanMgr/loanRecordDetail',
        { rowId: String(rowId) },
        { token },
      ),
    );
    for (const i of detail.instalments) {
      expect(yuanToFen(i.due)).toBe(
        [i.paidPrincipal, i.paidInterest, i.paidFee, i.paidPenalty, i.waived, i.outstanding]
          .map(yuanToFen)
          .reduce((a, v) => a + v, 0),
      );
    }
    expect(detail.instalments[0]).toMatchObject({
      outstanding: '0.00',
      waived: fenToYuanText(first.interestFen - accrued + fee1),
    });
    expect(detail.openOrder).toBeNull();
    // the repayment's fee cash went to the settlement: nothing of it may be refunded again
    expect(okResult(await pay.order(token, ahead.order.outTradeNo)).refundable).toBe('0.00');
    expect((await orderOf(ahead.order.outTradeNo)).creditedFen).toBe(fee1);
  });
});
