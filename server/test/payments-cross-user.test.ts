import { RSP, rspText } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, call, createTestApp, type TestApp, tableCounts } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { disburseLoan } from './helpers/loans.ts';
import { deliverNotifies, feeItemsOf, giveCoupon, loanIdOf, payCalls } from './helpers/payments.ts';

/**
 * A second borrower with the first borrower's order numbers, fee ids, loan id and coupon: refused exactly like
 * a missing one, nothing changed, nothing of the first borrower's in the answer. And every payment call's bad
 * input: a Chinese refusal, nothing changed.
 */
let t: TestApp;
let pay: ReturnType<typeof payCalls>;
let owner: ReadyBorrower;
let intruder: ReadyBorrower;
const ids = { loanId: 0, feeIds: [] as number[], couponId: 0, paid: '', open: '' };

beforeAll(async () => {
  t = await createTestApp();
  pay = payCalls(t);
  owner = await makeReadyBorrower(t, 'payowner1');
  intruder = await makeReadyBorrower(t, 'payintruder1');
  ids.loanId = await loanIdOf(t, await disburseLoan(t, owner, 'YNIT-XT01', '120000', 12));
  ids.feeIds = (await feeItemsOf(t, ids.loanId)).map((f) => f.id);
  ids.couponId = await giveCoupon(t, owner.userId, {
    amountOffFen: 100,
    thresholdFen: 0,
    title: '机密立减券',
  });
  const paid = okResult(await pay.create(owner.token, { feeIds: [ids.feeIds[1]], channel: 'ALIPAY' }));
  okResult(await pay.cashier(owner.token, paid.order.outTradeNo));
  await deliverNotifies(t);
  ids.paid = paid.order.outTradeNo;
  ids.open = okResult(
    await pay.create(owner.token, { feeIds: [ids.feeIds[2]], channel: 'WECHAT' }),
  ).order.outTradeNo;
});
afterAll(() => t.close());

async function refusedQuietly(label: string, send: () => Promise<ApiAnswer<unknown>>) {
  const before = await tableCounts(t.db);
  const res = await send();
  expect(res.status, label).toBe(200);
  expect(res.response.rspCode, label).not.toBe(RSP.OK);
  expect(res.response.rspDesc, label).toMatch(/[\u4e00-\u9fff]/);
  expect(res.result, label).toBeNull();
  expect(JSON.stringify(res), label).not.toContain('机密立减券');
  const after = await tableCounts(t.db);
  expect({ ...after, audit_log: 0 }, label).toEqual({ ...before, audit_log: 0 });
  return res;
}

const code = (c: string) => ({ rspCode: c, rspDesc: rspText(c as never) });

describe('a second borrower with the first borrower’s payments', () => {
  it('answers like a missing order, fee, loan or coupon', async () => {
    const tk = intruder.token;
    const missing = 'PAY20260302100000999999';
    for (const no of [ids.paid, ids.open, missing]) {
      expect((await refusedQuietly(`order ${no}`, () => pay.order(tk, no))).response).toEqual(
        code(RSP.PAY_ORDER_NOT_FOUND),
      );
      expect((await refusedQuietly(`close ${no}`, () => pay.close(tk, no))).response).toEqual(
        code(RSP.PAY_ORDER_NOT_FOUND),
      );
      expect((await refusedQuietly(`cashier ${no}`, () => pay.cashier(tk, no))).response).toEqual(
        code(RSP.PAY_ORDER_NOT_FOUND),
      );
      const receipt = await pay.receipt(tk, no);
      expect(receipt.json().response).toEqual(code(RSP.PAY_ORDER_NOT_FOUND));
    }
    for (const feeIds of [[ids.feeIds[3]], [ids.feeIds[2]], [999_999]]) {
      expect(
        (await refusedQuietly(`fees ${feeIds}`, () => pay.create(tk, { feeIds, channel: 'ALIPAY' })))
          .response,
      ).toEqual(code(RSP.PAY_FEE_NOT_FOUND));
    }
    for (const loanId of [ids.loanId, 999_999]) {
      expect(
        (
          await refusedQuietly(`repay ${loanId}`, () =>
            pay.repayNow(tk, { loanId, seq: 1, channel: 'ALIPAY' }),
          )
        ).response,
      ).toEqual(code(RSP.LOAN_NOT_FOUND));
    }
    expect(okResult(await pay.orders(tk))).toEqual([]);
    // the owner's orders are untouched
    expect(okResult(await pay.order(owner.token, ids.open)).status).toBe('CREATED');
    expect(okResult(await pay.order(owner.token, ids.paid)).status).toBe('PAID');
  });

  it('cannot use the first borrower’s coupon on its own fee', async () => {
    const mine = await loanIdOf(t, await disburseLoan(t, intruder, 'YNIT-XT01', '120000', 12));
    const [fee] = await feeItemsOf(t, mine);
    const res = await refusedQuietly('foreign coupon', () =>
      pay.create(intruder.token, { feeIds: [fee?.id], couponId: ids.couponId, channel: 'ALIPAY' }),
    );
    expect(res.response.rspCode).toBe(RSP.PAY_COUPON_NOT_APPLICABLE);
  });
});

describe('bad input to the payment calls', () => {
  it('is refused in Chinese and changes nothing', async () => {
    const tk = owner.token;
    const post = (path: string, body: Record<string, unknown>) => () =>
      call(t.app, 'POST', path, body, { token: tk });
    const get = (path: string, query: Record<string, unknown>) => () =>
      call(t.app, 'GET', path, query, { token: tk });
    const cases: Array<[string, () => Promise<ApiAnswer<unknown>>]> = [
      ['no fee ids', post('/pay/createOrder', { feeIds: [], channel: 'ALIPAY' })],
      ['fee ids as text', post('/pay/createOrder', { feeIds: 'x', channel: 'ALIPAY' })],
      ['unknown channel', post('/pay/createOrder', { feeIds: [ids.feeIds[4]], channel: 'PAYPAL' })],
      [
        'negative coupon',
        post('/pay/createOrder', { feeIds: [ids.feeIds[4]], couponId: -1, channel: 'ALIPAY' }),
      ],
      [
        'extra field',
        post('/pay/createOrder', { feeIds: [ids.feeIds[4]], channel: 'ALIPAY', amount: '0.01' }),
      ],
      ['repay seq 0', post('/pay/repayNow', { loanId: ids.loanId, seq: 0, channel: 'ALIPAY' })],
      ['repay no loan', post('/pay/repayNow', { seq: 1, channel: 'ALIPAY' })],
      ['close without number', post('/pay/closeOrder', {})],
      ['close a number too long', post('/pay/closeOrder', { outTradeNo: 'P'.repeat(40) })],
      ['cashier unknown action', post('/pay/sandboxCashier', { outTradeNo: ids.open, action: 'STEAL' })],
      ['order without number', get('/pay/order', {})],
      ['order of garbage', get('/pay/order', { outTradeNo: "' or 1=1 --" })],
    ];
    for (const [label, send] of cases) await refusedQuietly(label, send);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/callbacks/payment',
      headers: { 'content-type': 'application/json' },
      payload: '{"notifyId":"x"}',
    });
    expect(unsigned.json().response.rspCode).toBe(RSP.PAY_NOTIFY_BAD_SIGNATURE);
    expect(unsigned.json().response.rspDesc).toMatch(/[\u4e00-\u9fff]/);
  });
});
