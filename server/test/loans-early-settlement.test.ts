import { addDaysIso, type LoanRecordDetail, RSP, settlementQuoteValidUntil } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, partnerCalls, paymentOrders, settlementRequests } from '../src/db/schema.ts';
import { call, login, type TestApp, tableCounts } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import {
  advanceAndCollect,
  createSwitchedBanksApp,
  DAY,
  disburseLoan,
  expectSplitsAddUp,
  fenToYuanText,
  loanRows,
  makeHalfPayer,
  type SettleSwitch,
  settlementCalls,
} from './helpers/loans.ts';
import { deliverNotifies, payCalls } from './helpers/payments.ts';

let t: TestApp;
/** the sandbox banks, with a switch that makes them refuse early settlement */
const bankSwitch: SettleSwitch = { refuseSettle: false, whileSettling: null };

beforeAll(async () => {
  t = await createSwitchedBanksApp(bankSwitch);
});
afterAll(async () => t.close());

const loanOf = (rowId: number) => loanRows(t, rowId);

const { quoteOf, settle, settleAndPay, relogin } = settlementCalls(() => t);

describe('early settlement', () => {
  it('quote = outstanding principal + interest since the last due date (360-day) + fees due + penalty; confirming opens an order at the cashier and only its paid notify settles', async () => {
    const b = await makeReadyBorrower(t, 'settle1');
    const rowId = await disburseLoan(t, b, 'CGB-DPJY', '100000', 6);
    const { rows, loan } = await loanOf(rowId);
    const first = rows[0];
    if (!first) throw new Error('no instalment');
    // the upfront fee, while the borrower has not paid it, is in every quote
    const early = okResult(await quoteOf(b.token, loan.id));
    expect(early).toMatchObject({ loanId: loan.id, principal: '100000.00', fee: '500.00', penalty: '0.00' });
    // first instalment paid on its due date, then 10 days more
    const toDue = Date.parse(`${first.dueDate}T02:00:00Z`) - t.clock.now().getTime();
    await advanceAndCollect(t, toDue + 10 * DAY);
    const token = await relogin(b);
    const remaining = 10_000_000 - first.principalFen;
    const accrued = Math.round((remaining * 0.096 * 10) / 360);
    const quote = okResult(await quoteOf(token, loan.id));
    expect(quote).toEqual({
      loanId: loan.id,
      asOfDate: addDaysIso(first.dueDate, 10),
      validUntil: settlementQuoteValidUntil(addDaysIso(first.dueDate, 10)).toISOString(),
      principal: fenToYuanText(remaining),
      interest: fenToYuanText(accrued),
      fee: '500.00',
      penalty: '0.00',
      credit: '0.00',
      total: fenToYuanText(remaining + accrued + 50_000),
      feeWaived: '0.00',
      feeNote: '',
      creditNote: '',
      openOrder: null,
    });

    // a total that is not the quote: 3603 naming the new total, nothing changes
    const before = await tableCounts(t.db);
    const wrong = await settle(token, { loanId: loan.id, total: '1.00', channel: 'UNIONPAY' });
    expect(wrong.response).toEqual({
      rspCode: RSP.QUOTE_CHANGED,
      rspDesc: `结清金额已变化，最新应还 ${quote.total} 元，请确认新的金额后重新提交`,
    });
    expect(await tableCounts(t.db)).toEqual(before);

    const created = okResult(
      await settle(token, { loanId: loan.id, total: quote.total, channel: 'UNIONPAY' }),
    );
    expect(created.order).toMatchObject({
      purpose: 'SETTLEMENT',
      status: 'CREATED',
      loanId: loan.id,
      amount: quote.total,
      channel: 'UNIONPAY',
    });
    expect(created.cashierUrl).toContain(created.order.outTradeNo);
    // the order lapses with the quote, at the end of its Shanghai day
    expect(Date.parse(created.order.expiresAt)).toBeLessThanOrEqual(Date.parse(quote.validUntil));
    // nothing is settled before the money arrives; the quote shows the order waiting at the cashier
    expect((await loanOf(rowId)).loan.status).toBe('REPAYING');
    const waiting = okResult(await quoteOf(token, loan.id));
    expect(waiting.openOrder).toMatchObject({ outTradeNo: created.order.outTradeNo, amount: quote.total });
    // a second confirmation, an instalment or a fee paid meanwhile: 3808, pay or cancel the open one first
    const countsWaiting = await tableCounts(t.db);
    const again = await settle(token, { loanId: loan.id, total: quote.total, channel: 'ALIPAY' });
    expect(again.response.rspCode).toBe(RSP.PAY_LOAN_HAS_OPEN_ORDER);
    const repay = await payCalls(t).repayNow(token, { loanId: loan.id, seq: 2, channel: 'ALIPAY' });
    expect(repay.response).toEqual({
      rspCode: RSP.PAY_LOAN_HAS_OPEN_ORDER,
      rspDesc: '该贷款的提前结清正在等待支付，请先完成或取消提前结清的支付',
    });
    expect(await tableCounts(t.db)).toEqual(countsWaiting);

    okResult(await payCalls(t).cashier(token, created.order.outTradeNo));
    expect(await deliverNotifies(t)).toBe(1);
    const after = await loanOf(rowId);
    expect(after.loan.status).toBe('SETTLED');
    expect(after.rows.map((r) => r.status)).toEqual(['PAID', ...Array(5).fill('SETTLED_EARLY')]);
    expect(after.rows.reduce((s2, r) => s2 + r.paidPrincipalFen, 0)).toBe(10_000_000);
    expect(after.ledger.at(-1)).toMatchObject({
      type: 'EARLY_SETTLEMENT',
      amountFen: -(remaining + accrued + 50_000),
      principalFen: -remaining,
      interestFen: -accrued,
      penaltyFen: 0,
      feeFen: -50_000,
    });
    expect(after.ledger.at(-1)?.memo).toContain(created.order.outTradeNo);
    expect(after.fees).toEqual([expect.objectContaining({ kind: 'UPFRONT', paidFen: 50_000, waivedFen: 0 })]);
    expectSplitsAddUp(after.ledger);
    const requests = await t.db
      .select()
      .from(settlementRequests)
      .where(eq(settlementRequests.loanId, loan.id));
    const [order] = await t.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.outTradeNo, created.order.outTradeNo));
    expect(requests).toEqual([
      expect.objectContaining({
        status: 'SETTLED',
        totalFen: remaining + accrued + 50_000,
        asOfDate: quote.asOfDate,
        orderId: order?.id,
        bankStatus: 'ACCEPTED',
      }),
    ]);
    expect(order).toMatchObject({ status: 'PAID', unappliedFen: 0 });
    // the bank was told once, through one claim
    const calls = await t.db
      .select()
      .from(partnerCalls)
      .where(eq(partnerCalls.subject, `settlement-${requests[0]?.id}`));
    expect(calls.map((c) => [c.operation, c.state])).toEqual([['BANK_SETTLE', 'SUCCEEDED']]);
    for (const action of ['loan.early_settle_requested', 'loan.early_settled']) {
      const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, action));
      expect(audit.some((r) => r.userId === b.userId)).toBe(true);
    }

    // the record detail shows it; a settled loan cannot be quoted or settled again (3602)
    const detail = okResult(
      await call<LoanRecordDetail>(t.app, 'GET', '/loanMgr/loanRecordDetail', { rowId }, { token }),
    );
    expect(detail.loan?.status).toBe('SETTLED');
    expect(detail.instalments.slice(1).every((i) => i.outstanding === '0.00')).toBe(true);
    expect(detail.transactions[0]?.type).toBe('EARLY_SETTLEMENT');
    expect((await quoteOf(token, loan.id)).response.rspCode).toBe(RSP.LOAN_NOT_REPAYING);
    expect(
      (await settle(token, { loanId: loan.id, total: quote.total, channel: 'UNIONPAY' })).response.rspCode,
    ).toBe(RSP.LOAN_NOT_REPAYING);
    // and collections leave it alone
    await advanceAndCollect(t, 200 * DAY);
    expect((await loanOf(rowId)).ledger).toHaveLength(after.ledger.length);
  });

  it('an overdue loan’s quote includes the unpaid interest and the penalty to today', async () => {
    const b = await makeReadyBorrower(t, 'settle2');
    await makeHalfPayer(t, b.userId);
    const rowId = await disburseLoan(t, b, 'CGB-KJED', '100000', 3);
    const { rows, loan } = await loanOf(rowId);
    const first = rows[0];
    if (!first) throw new Error('no instalment');
    const toDue = Date.parse(`${first.dueDate}T02:00:00Z`) - t.clock.now().getTime();
    await advanceAndCollect(t, toDue + 2 * DAY);
    const token = await relogin(b);
    expect((await loanOf(rowId)).loan.status).toBe('OVERDUE');
    const quote = okResult(await quoteOf(token, loan.id));
    // 先息后本: the first instalment is interest only; half of it is unpaid; no principal overdue → no penalty
    const unpaidInterest = first.interestFen - Math.floor(first.interestFen / 2);
    const accrued = Math.round((10_000_000 * 0.0735 * 2) / 360);
    expect(quote).toMatchObject({
      principal: '100000.00',
      interest: fenToYuanText(unpaidInterest + accrued),
      penalty: '0.00',
      total: fenToYuanText(10_000_000 + unpaidInterest + accrued),
    });
  });

  it('penalty on overdue principal is in the quote and in the settlement line', async () => {
    const b = await makeReadyBorrower(t, 'settle6');
    await makeHalfPayer(t, b.userId);
    const rowId = await disburseLoan(t, b, 'CGB-DPJY', '100000', 6);
    const { rows, loan } = await loanOf(rowId);
    const first = rows[0];
    if (!first) throw new Error('no instalment');
    const toDue = Date.parse(`${first.dueDate}T02:00:00Z`) - t.clock.now().getTime();
    await advanceAndCollect(t, toDue + 3 * DAY);
    const token = await relogin(b);
    const half = Math.floor((first.principalFen + first.interestFen) / 2);
    const paidPrincipal = half - first.interestFen;
    const unpaidPrincipal = first.principalFen - paidPrincipal;
    const penalty = Math.round((unpaidPrincipal * 0.096 * 3) / 360);
    const accrued = Math.round(((10_000_000 - first.principalFen) * 0.096 * 3) / 360);
    const quote = okResult(await quoteOf(token, loan.id));
    expect(quote).toMatchObject({
      principal: fenToYuanText(10_000_000 - paidPrincipal),
      interest: fenToYuanText(accrued),
      fee: '500.00',
      penalty: fenToYuanText(penalty),
      total: fenToYuanText(10_000_000 - paidPrincipal + accrued + penalty + 50_000),
    });
    expect(penalty).toBeGreaterThan(0);
    await settleAndPay(token, loan.id, quote.total);
    const after = await loanOf(rowId);
    expect(after.rows[0]).toMatchObject({
      status: 'SETTLED_EARLY',
      penaltyFen: penalty,
      paidPenaltyFen: penalty,
    });
    expect(after.ledger.at(-1)).toMatchObject({ type: 'EARLY_SETTLEMENT', penaltyFen: -penalty });
    expect(after.loan).toMatchObject({ status: 'SETTLED', outstandingPrincipalFen: 0 });
  });

  it('bad input → 1001, unknown or foreign loans → 3601, no session 401, newbie 2005; nothing changes', async () => {
    const owner = await makeReadyBorrower(t, 'settle4');
    const other = await makeReadyBorrower(t, 'settle5');
    const rowId = await disburseLoan(t, owner, 'SHRB-DDD', '30000', 3);
    const { loan } = await loanOf(rowId);
    const newbie = await login(t.app, 'newbie', 'Newbie1234');
    const before = await tableCounts(t.db);
    for (const loanId of ['abc', '0', '-1', '1.5', 'x'.repeat(100_000)]) {
      expect((await quoteOf(owner.token, loanId)).response.rspCode).toBe(RSP.INVALID_INPUT);
    }
    expect(
      (await call(t.app, 'GET', '/loanMgr/settlementQuote', {}, { token: owner.token })).response.rspCode,
    ).toBe(RSP.INVALID_INPUT);
    for (const body of [
      {},
      { loanId: loan.id },
      { loanId: loan.id, total: 12 },
      { loanId: loan.id, total: 'abc' },
      { loanId: loan.id, total: '1.234' },
      { loanId: 'x', total: '1.00' },
      { loanId: loan.id, total: '1'.repeat(2000) },
      { loanId: loan.id, total: '1.00', extra: true },
      { loanId: loan.id, total: '1.00', channel: 'CASH' },
      { loanId: loan.id, total: '1.00', channel: null },
    ]) {
      const res = await settle(owner.token, body);
      expect(res.status).toBe(200);
      expect(res.response.rspCode, JSON.stringify(body).slice(0, 60)).toBe(RSP.INVALID_INPUT);
    }
    expect((await quoteOf(owner.token, 999_999)).response).toEqual({
      rspCode: RSP.LOAN_NOT_FOUND,
      rspDesc: '贷款不存在或无权查看',
    });
    const quote = okResult(await quoteOf(owner.token, loan.id));
    expect((await quoteOf(other.token, loan.id)).response.rspCode).toBe(RSP.LOAN_NOT_FOUND);
    expect(
      (await settle(other.token, { loanId: loan.id, total: quote.total, channel: 'UNIONPAY' })).response
        .rspCode,
    ).toBe(RSP.LOAN_NOT_FOUND);
    expect((await call(t.app, 'GET', '/loanMgr/settlementQuote', { loanId: loan.id })).status).toBe(401);
    expect(
      (
        await call(t.app, 'POST', '/loanMgr/earlySettle', {
          loanId: loan.id,
          total: quote.total,
          channel: 'UNIONPAY',
        })
      ).status,
    ).toBe(401);
    expect((await quoteOf(newbie, loan.id)).response.rspCode).toBe(RSP.MUST_CHANGE_PASSWORD);
    expect(
      (await settle(newbie, { loanId: loan.id, total: quote.total, channel: 'UNIONPAY' })).response.rspCode,
    ).toBe(RSP.MUST_CHANGE_PASSWORD);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});
