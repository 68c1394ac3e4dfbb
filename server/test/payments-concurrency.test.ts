import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentNotifies, paymentOrders } from '../src/db/schema.ts';
import { collectDueInstalments } from '../src/modules/loans/collections.ts';
import { PAY_SIGNATURE_HEADER, PAY_TIMESTAMP_HEADER, signNotify } from '../src/modules/payments/signature.ts';
import { login, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import type { ReadyBorrower } from './helpers/borrower.ts';
import { DAY } from './helpers/loans.ts';
import {
  couponRow,
  deliverNotifies,
  feeItemsOf,
  giveCoupon,
  instalmentsOf,
  ledgerOf,
  type payCalls,
  paymentSetup,
} from './helpers/payments.ts';

/** Exactly one effect when things arrive at the same moment (PGlite here, PostgreSQL in CI). */
let t: TestApp;
let pay: ReturnType<typeof payCalls>;
let b: ReadyBorrower;
let loanId: number;
let feeIds: number[];

beforeAll(async () => {
  ({ t, pay, b, loanId } = await paymentSetup('racer1'));
  feeIds = (await feeItemsOf(t, loanId)).map((f) => f.id);
});
afterAll(() => t.close());

const openOrders = () =>
  t.db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, b.userId), eq(paymentOrders.status, 'CREATED')));

describe('at the same moment', () => {
  it('two pays for the same items make one open order', async () => {
    const body = { feeIds: [feeIds[5], feeIds[6]], channel: 'ALIPAY' };
    const answers = await Promise.all([
      pay.create(b.token, body),
      pay.create(b.token, body),
      pay.create(b.token, body),
    ]);
    const numbers = new Set(answers.map((a) => okResult(a).order.outTradeNo));
    expect(numbers.size).toBe(1);
    expect(await openOrders()).toHaveLength(1);
    // different channels at once: still one open order in the end
    await Promise.all([
      pay.create(b.token, { ...body, channel: 'WECHAT' }),
      pay.create(b.token, { ...body, channel: 'UNIONPAY' }),
    ]);
    expect(await openOrders()).toHaveLength(1);
    for (const order of await openOrders()) okResult(await pay.close(b.token, order.outTradeNo));
  });

  it('one coupon on two orders: one wins, the other is refused and holds nothing', async () => {
    const couponId = await giveCoupon(t, b.userId, {
      amountOffFen: 500,
      thresholdFen: 0,
      title: '立减 5 元',
    });
    const answers = await Promise.all([
      pay.create(b.token, { feeIds: [feeIds[7]], couponId, channel: 'ALIPAY' }),
      pay.create(b.token, { feeIds: [feeIds[8]], couponId, channel: 'ALIPAY' }),
    ]);
    const won = answers.filter((a) => a.response.rspCode === '0000');
    expect(won).toHaveLength(1);
    expect(answers.find((a) => a.response.rspCode !== '0000')?.response.rspCode).toBe('3804');
    const coupon = await couponRow(t, couponId);
    expect(coupon).toMatchObject({ state: 'LOCKED' });
    expect(await openOrders()).toHaveLength(1);
    expect((await openOrders())[0]?.couponId).toBe(couponId);
  });

  it('a notify delivered twice at once writes one ledger line', async () => {
    const [open] = await openOrders();
    okResult(await pay.cashier(b.token, open?.outTradeNo ?? ''));
    const body = JSON.stringify({
      notifyId: 'N-twice',
      outTradeNo: open?.outTradeNo,
      gatewayTradeNo: `SBX${open?.outTradeNo.slice(3)}`,
      tradeStatus: 'SUCCESS',
      amount: ((open?.amountFen ?? 0) / 100).toFixed(2),
      paidAt: t.clock.now().toISOString(),
    });
    const ts = String(Math.floor(t.clock.now().getTime() / 1000));
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/callbacks/payment',
        headers: {
          'content-type': 'application/json',
          [PAY_TIMESTAMP_HEADER]: ts,
          [PAY_SIGNATURE_HEADER]: signNotify(t.config.paymentNotifySecret, ts, body),
        },
        payload: body,
      });
    const answers = await Promise.all([send(), send(), send()]);
    const outcomes = answers.map((r) => r.json().result?.outcome).sort();
    expect(outcomes).toEqual(['APPLIED', 'DUPLICATE', 'DUPLICATE']);
    // and the sandbox's own notify of the same payment changes nothing either
    await deliverNotifies(t);
    expect((await ledgerOf(t, loanId)).filter((l) => l.type === 'FEE_PAYMENT')).toHaveLength(1);
    expect(await t.db.select().from(paymentNotifies)).toHaveLength(2);
  });

  it('repay now against collections on the due date: exactly one payment of the instalment', async () => {
    const [first] = await instalmentsOf(t, loanId);
    t.clock.advance(Date.parse(`${first?.dueDate}T02:00:00Z`) - t.clock.now().getTime() + 60_000);
    b.token = await login(t.app, b.loginId, b.password);
    const [repay] = await Promise.all([
      pay.repayNow(b.token, { loanId, seq: 1, channel: 'ALIPAY' }),
      collectDueInstalments({ db: t.db }, t.clock.now()),
    ]);
    if (repay.response.rspCode === '0000') {
      okResult(await pay.cashier(b.token, repay.result.order.outTradeNo));
      await deliverNotifies(t);
    } else {
      expect(repay.response.rspCode).toBe('3807');
    }
    await collectDueInstalments({ db: t.db }, t.clock.now());
    t.clock.advance(DAY);
    await collectDueInstalments({ db: t.db }, t.clock.now());
    const lines = (await ledgerOf(t, loanId)).filter(
      (l) => l.type === 'REPAYMENT' && l.memo?.includes('第 1 期'),
    );
    expect(lines).toHaveLength(1);
    expect((await instalmentsOf(t, loanId))[0]?.status).toBe('PAID');
    const [order] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.purpose, 'INSTALMENT'));
    if (order) expect(order.unappliedFen).toBe(0);
  });
});
