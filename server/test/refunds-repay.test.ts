import { RSP } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeItems, instalments, ledgerTransactions, paymentOrders } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { disburseLoan } from './helpers/loans.ts';
import { deliverNotifies, loanIdOf, payCalls } from './helpers/payments.ts';
import { cliOperators, refundCalls, refused, runRefundJob } from './helpers/refunds.ts';

/**
 * An instalment repaid now (主动还款) carries its service fee: only that fee is refundable (principal, interest and
 * penalty repaid stay repaid), and its refund goes to the instalment's fee item.
 */
let t: TestApp;
let b: ReadyBorrower;
let loanId = 0;
let outTradeNo = '';

beforeAll(async () => {
  t = await createTestApp();
  b = await makeReadyBorrower(t, 'refunder3');
  // YNIT-XT01: 0.20 % a month on the principal with each instalment: 200.00 on 100 000.00
  loanId = await loanIdOf(t, await disburseLoan(t, b, 'YNIT-XT01', '100000', 6));
  const pay = payCalls(t);
  const created = okResult(await pay.repayNow(b.token, { loanId, seq: 1, channel: 'WECHAT' }));
  outTradeNo = created.order.outTradeNo;
  okResult(await pay.cashier(b.token, outTradeNo));
  t.clock.advance(1500);
  await deliverNotifies(t);
});
afterAll(async () => t.close());

describe('refunding an instalment repaid now', () => {
  it('offers only the fee it paid, then refunds it to the fee item', async () => {
    const api = refundCalls(t);
    const [order] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.outTradeNo, outTradeNo));
    expect(order).toMatchObject({ status: 'PAID', purpose: 'INSTALMENT', unappliedFen: 0 });
    expect(refused(await api.apply(b.token, { outTradeNo, amount: '200.01', reason: '服务费误收' }))).toEqual(
      {
        rspCode: RSP.REFUND_AMOUNT_ABOVE_REFUNDABLE,
        rspDesc: '退款金额不能超过可退金额 200.00 元',
      },
    );
    const d = okResult(await api.apply(b.token, { outTradeNo, amount: '200.00', reason: '服务费误收' }));
    expect(d.payment).toMatchObject({ purpose: 'INSTALMENT', refundable: '0.00' });
    // approved by one operator, confirmed by another (maker-checker in the shell)
    await (await cliOperators(t, 'repay')).twoStep('refund', 'approve', d.refund.refundNo);
    await runRefundJob(t);
    t.clock.advance(1500);
    await deliverNotifies(t);
    expect(okResult(await api.detail(b.token, d.refund.refundNo)).refund.status).toBe('REFUNDED');

    const [fee] = await t.db
      .select()
      .from(feeItems)
      .where(and(eq(feeItems.loanId, loanId), eq(feeItems.seq, 1)));
    expect(fee).toMatchObject({ amountFen: 20_000, paidFen: 20_000, refundedFen: 20_000 });
    const [first] = await t.db
      .select()
      .from(instalments)
      .where(and(eq(instalments.loanId, loanId), eq(instalments.seq, 1)));
    expect(first).toMatchObject({ status: 'PAID', paidFeeFen: 20_000 });
    const lines = await t.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.loanId, loanId), eq(ledgerTransactions.type, 'REFUND')));
    expect(lines.map((l) => [l.amountFen, l.feeFen, l.principalFen])).toEqual([[20_000, 20_000, 0]]);
  });
});
