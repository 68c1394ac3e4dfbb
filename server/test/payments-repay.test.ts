import { RSP, type SettlementQuote } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectDueInstalments } from '../src/modules/loans/collections.ts';
import { call, login, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import type { ReadyBorrower } from './helpers/borrower.ts';
import { DAY } from './helpers/loans.ts';
import {
  deliverNotifies,
  feeItemsOf,
  instalmentsOf,
  ledgerOf,
  type payCalls,
  paymentSetup,
} from './helpers/payments.ts';

/** Repaying an instalment now: what it owes, collections leaving it alone, early settlement waiting. */
let t: TestApp;
let pay: ReturnType<typeof payCalls>;
let b: ReadyBorrower;
let loanId: number;

beforeAll(async () => {
  ({ t, pay, b, loanId } = await paymentSetup('repayer1'));
});
afterAll(() => t.close());

const repaymentsOf = async (seq: number) =>
  (await ledgerOf(t, loanId)).filter((l) => l.type === 'REPAYMENT' && l.memo?.includes(`第 ${seq} 期`));

describe('repay now', () => {
  it('pays the next instalment ahead: principal, interest and its fee item, one REPAYMENT line', async () => {
    expect((await pay.repayNow(b.token, { loanId, seq: 2, channel: 'ALIPAY' })).response.rspCode).toBe(
      RSP.PAY_INSTALMENT_NOT_DUE,
    );
    const [first] = await instalmentsOf(t, loanId);
    const created = okResult(await pay.repayNow(b.token, { loanId, seq: 1, channel: 'ALIPAY' }));
    const owed = (first?.principalFen ?? 0) + (first?.interestFen ?? 0) + (first?.feeFen ?? 0);
    expect(created.order).toMatchObject({ purpose: 'INSTALMENT', status: 'CREATED', loanId });
    expect(Number(created.order.amount.replace('.', ''))).toBe(owed);
    expect(created.order.items.map((i) => i.seq)).toEqual([1, 1]);

    // early settlement waits while an order of the loan is open
    const quote = okResult(
      await call<SettlementQuote>(t.app, 'GET', '/loanMgr/settlementQuote', { loanId }, { token: b.token }),
    );
    const settle = await call(
      t.app,
      'POST',
      '/loanMgr/earlySettle',
      { loanId, total: quote.total, channel: 'UNIONPAY' },
      { token: b.token },
    );
    expect(settle.response.rspCode).toBe(RSP.PAY_LOAN_HAS_OPEN_ORDER);

    okResult(await pay.cashier(b.token, created.order.outTradeNo));
    expect(await deliverNotifies(t)).toBe(1);
    const [paid] = await instalmentsOf(t, loanId);
    expect(paid).toMatchObject({
      status: 'PAID',
      paidPrincipalFen: first?.principalFen,
      paidFeeFen: first?.feeFen,
    });
    const [feeItem] = (await feeItemsOf(t, loanId)).filter((f) => f.seq === 1);
    expect(feeItem?.paidFen).toBe(first?.feeFen);
    const lines = await repaymentsOf(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      amountFen: -owed,
      principalFen: -(first?.principalFen ?? 0),
      interestFen: -(first?.interestFen ?? 0),
      feeFen: -(first?.feeFen ?? 0),
    });
    // collections on the due date take nothing more for it
    t.clock.advance(32 * DAY);
    await collectDueInstalments({ db: t.db }, t.clock.now());
    expect(await repaymentsOf(1)).toHaveLength(1);
    b.token = await login(t.app, b.loginId, b.password);
  });

  it('collections skip an instalment held by an open order; the order then pays it once', async () => {
    const rows = await instalmentsOf(t, loanId);
    const second = rows.find((r) => r.seq === 2);
    t.clock.advance(Date.parse(`${second?.dueDate}T02:00:00Z`) - t.clock.now().getTime() - DAY);
    b.token = await login(t.app, b.loginId, b.password);
    const created = okResult(await pay.repayNow(b.token, { loanId, seq: 2, channel: 'WECHAT' }));
    t.clock.advance(DAY);
    await collectDueInstalments({ db: t.db }, t.clock.now());
    expect(await repaymentsOf(2)).toHaveLength(0);
    b.token = await login(t.app, b.loginId, b.password);
    okResult(await pay.cashier(b.token, created.order.outTradeNo));
    await deliverNotifies(t);
    expect(await repaymentsOf(2)).toHaveLength(1);
    await collectDueInstalments({ db: t.db }, t.clock.now());
    expect(await repaymentsOf(2)).toHaveLength(1);
    expect((await instalmentsOf(t, loanId)).find((r) => r.seq === 2)?.status).toBe('PAID');
    // nothing owed on it any more
    expect((await pay.repayNow(b.token, { loanId, seq: 2, channel: 'WECHAT' })).response.rspCode).toBe(
      RSP.PAY_INSTALMENT_NOT_DUE,
    );
  });
});
