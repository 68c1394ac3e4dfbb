import { RSP } from '@loan/domain';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueGatewayNotifies } from '../src/adapters/payments/sandbox-delivery.ts';
import {
  auditLog,
  paymentNotifies,
  paymentOrders,
  sandboxGatewayNotifies,
  sandboxGatewayOrders,
} from '../src/db/schema.ts';
import { PAY_SIGNATURE_HEADER, PAY_TIMESTAMP_HEADER, signNotify } from '../src/modules/payments/signature.ts';
import { login, MINUTE, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import type { ReadyBorrower } from './helpers/borrower.ts';
import {
  couponRow,
  deliverNotifies,
  feeItemsOf,
  giveCoupon,
  ledgerOf,
  type payCalls,
  paymentContext,
  paymentSetup,
  reconcile,
} from './helpers/payments.ts';

/** Paying fee items through the sandbox gateway: coupons, the cashier, notifies, closing, expiry, receipts. */
let t: TestApp;
let pay: ReturnType<typeof payCalls>;
let b: ReadyBorrower;
let loanId: number;
let upfrontId: number;
let firstFeeIds: number[];

beforeAll(async () => {
  ({ t, pay, b, loanId } = await paymentSetup('payer1'));
  const fees = await feeItemsOf(t, loanId);
  upfrontId = fees[0]?.id ?? 0;
  firstFeeIds = fees.map((f) => f.id);
  expect(fees.length).toBeGreaterThan(2);
});
afterAll(() => t.close());

/** Posts a signed notify as the gateway would. */
async function notify(body: Record<string, unknown>, at = t.clock.now(), path = '/api/callbacks/payment') {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(at.getTime() / 1000));
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      [PAY_TIMESTAMP_HEADER]: ts,
      [PAY_SIGNATURE_HEADER]: signNotify(t.config.paymentNotifySecret, ts, raw),
    },
    payload: raw,
  });
  return res.json() as { response: { rspCode: string; rspDesc: string }; result: { outcome: string } | null };
}

describe('a fee paid through the sandbox cashier', () => {
  it('with a coupon: one order, the cashier, the notify → PAID, coupon used, one ledger line, a receipt', async () => {
    const feeId = firstFeeIds[1] ?? 0;
    const couponId = await giveCoupon(t, b.userId, {
      amountOffFen: 100,
      thresholdFen: 0,
      title: '立减 1 元',
    });
    const created = okResult(await pay.create(b.token, { feeIds: [feeId], couponId, channel: 'ALIPAY' }));
    expect(created.order).toMatchObject({
      status: 'CREATED',
      discount: '1.00',
      couponId,
      purpose: 'FEE',
      loanId,
    });
    expect(created.cashierUrl).toBe(`/cashier?outTradeNo=${created.order.outTradeNo}`);
    expect((await couponRow(t, couponId)).state).toBe('LOCKED');
    // the same attempt again: the same order
    const again = okResult(await pay.create(b.token, { feeIds: [feeId], couponId, channel: 'ALIPAY' }));
    expect(again.order.outTradeNo).toBe(created.order.outTradeNo);

    okResult(await pay.cashier(b.token, created.order.outTradeNo, 'FAIL'));
    expect(okResult(await pay.order(b.token, created.order.outTradeNo)).status).toBe('CREATED');
    okResult(await pay.cashier(b.token, created.order.outTradeNo, 'PAY'));
    expect(await deliverNotifies(t)).toBe(1);
    const paid = okResult(await pay.order(b.token, created.order.outTradeNo));
    expect(paid).toMatchObject({ status: 'PAID', statusLabel: '已支付', unapplied: '0.00' });
    expect((await couponRow(t, couponId)).state).toBe('USED');
    const fee = (await feeItemsOf(t, loanId)).find((f) => f.id === feeId);
    expect(fee).toMatchObject({ discountFen: 100, paidFen: (fee?.amountFen ?? 0) - 100, couponId });
    const lines = (await ledgerOf(t, loanId)).filter((l) => l.type === 'FEE_PAYMENT');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      amountFen: -Number(paid.amount.replace('.', '')),
      feeFen: lines[0]?.amountFen,
    });
    expect(lines[0]?.memo).toContain('优惠券抵扣 1.00 元');

    // the same notify again (the gateway retries): one ledger line still
    const [first] = await t.db.select().from(paymentNotifies);
    const replay = await notify(first?.payload ?? {});
    expect(replay.result?.outcome).toBe('DUPLICATE');
    expect((await ledgerOf(t, loanId)).filter((l) => l.type === 'FEE_PAYMENT')).toHaveLength(1);
    expect(okResult(await pay.orders(b.token)).map((o) => o.outTradeNo)).toContain(created.order.outTradeNo);

    const receipt = await pay.receipt(b.token, created.order.outTradeNo);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    const pdf = receipt.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdf.toString('latin1');
    expect(text).toContain(created.order.outTradeNo);
    // from the sandbox gateway, marked as such (the note under the title; the keyword in its metadata)
    expect(text).toMatch(/\/Keywords \d+ 0 R/);
    expect(text).toContain('(SANDBOX)');
    // the Chinese font is embedded as a subset, not the whole 10 MB file
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/);
    expect(pdf.length).toBeLessThan(300_000);
  });

  it('a fully discounted fee completes at once, with no cashier', async () => {
    const feeId = firstFeeIds[2] ?? 0;
    const couponId = await giveCoupon(t, b.userId, {
      kind: 'FREE_FEE',
      title: '免服务费',
      amountOffFen: null,
      thresholdFen: null,
    });
    const created = okResult(await pay.create(b.token, { feeIds: [feeId], couponId, channel: 'WECHAT' }));
    expect(created.cashierUrl).toBeNull();
    expect(created.order).toMatchObject({ status: 'PAID', amount: '0.00' });
    expect((await couponRow(t, couponId)).state).toBe('USED');
    const again = await pay.create(b.token, { feeIds: [feeId], channel: 'WECHAT' });
    expect(again.response.rspCode).toBe(RSP.PAY_NOTHING_OWED);
  });

  it('a new attempt closes the old order (REPLACED) and gives its coupon back; the borrower may close one', async () => {
    const couponId = await giveCoupon(t, b.userId);
    const first = okResult(await pay.create(b.token, { feeIds: [upfrontId], couponId, channel: 'ALIPAY' }));
    const second = okResult(await pay.create(b.token, { feeIds: [upfrontId], channel: 'UNIONPAY' }));
    expect(second.order.outTradeNo).not.toBe(first.order.outTradeNo);
    const old = okResult(await pay.order(b.token, first.order.outTradeNo));
    expect(old).toMatchObject({ status: 'CLOSED', closeReason: 'REPLACED' });
    expect((await couponRow(t, couponId)).state).toBe('AVAILABLE');
    const [gw] = await t.db
      .select()
      .from(sandboxGatewayOrders)
      .where(eq(sandboxGatewayOrders.outTradeNo, first.order.outTradeNo));
    expect(gw?.status).toBe('CLOSED');
    const closed = okResult(await pay.close(b.token, second.order.outTradeNo));
    expect(closed).toMatchObject({ status: 'CLOSED', closeReason: 'BY_BORROWER' });
    expect((await pay.close(b.token, second.order.outTradeNo)).response.rspCode).toBe(RSP.PAY_ORDER_NOT_OPEN);
    expect((await pay.cashier(b.token, second.order.outTradeNo)).response.rspCode).toBe(
      RSP.PAY_ORDER_NOT_OPEN,
    );
    expect((await pay.receipt(b.token, second.order.outTradeNo)).json().response.rspCode).toBe(
      RSP.PAY_RECEIPT_NOT_READY,
    );
  });

  it('an order unpaid after 30 minutes is closed by reconciliation; one paid whose notify was lost is applied', async () => {
    const unpaid = okResult(await pay.create(b.token, { feeIds: [upfrontId], channel: 'ALIPAY' }));
    const other = okResult(await pay.create(b.token, { feeIds: [firstFeeIds[3] ?? 0], channel: 'ALIPAY' }));
    okResult(await pay.cashier(b.token, other.order.outTradeNo));
    t.clock.advance(31 * MINUTE);
    expect(await reconcile(t)).toBeGreaterThanOrEqual(2);
    // the session ran out meanwhile
    b.token = await login(t.app, b.loginId, b.password);
    expect(okResult(await pay.order(b.token, unpaid.order.outTradeNo))).toMatchObject({
      status: 'CLOSED',
      closeReason: 'EXPIRED',
    });
    expect(okResult(await pay.order(b.token, other.order.outTradeNo)).status).toBe('PAID');
    // the late notify changes nothing
    const before = (await ledgerOf(t, loanId)).length;
    await deliverNotifies(t);
    expect((await ledgerOf(t, loanId)).length).toBe(before);
  });

  it('a notify for a closed order is recorded and the money refunded automatically, never lost', async () => {
    const created = okResult(await pay.create(b.token, { feeIds: [upfrontId], channel: 'ALIPAY' }));
    // the borrower closes the order; the gateway accepts the close and yet takes the money (it should not)
    okResult(await pay.close(b.token, created.order.outTradeNo));
    await t.db
      .update(sandboxGatewayOrders)
      .set({ status: 'WAIT', closedAt: null })
      .where(eq(sandboxGatewayOrders.outTradeNo, created.order.outTradeNo));
    expect(
      await paymentContext(t).gateway.cashier(created.order.outTradeNo, 'PAY', t.clock.now()),
    ).toMatchObject({
      ok: true,
    });
    expect(await deliverNotifies(t)).toBe(1);
    const [order] = await t.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.outTradeNo, created.order.outTradeNo));
    expect(order).toMatchObject({
      status: 'CLOSED',
      unappliedFen: created.order.amount === '0.00' ? 0 : order?.amountFen,
    });
    expect(order?.paidAt).not.toBeNull();
    t.clock.advance(2000);
    expect(await deliverNotifies(t)).toBe(1);
    const [after] = await t.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, order?.id ?? 0));
    expect(after?.refundedFen).toBe(order?.amountFen);
    const refund = (await ledgerOf(t, loanId)).filter((l) => l.type === 'REFUND');
    expect(refund.map((l) => l.amountFen)).toContain(order?.amountFen);
  });
});

describe('notify checks', () => {
  it('refuses a bad signature, a stale timestamp and an amount not ours, changing nothing', async () => {
    const created = okResult(await pay.create(b.token, { feeIds: [upfrontId], channel: 'TRANSFER' }));
    const body = {
      notifyId: 'N-test-1',
      outTradeNo: created.order.outTradeNo,
      gatewayTradeNo: 'X1',
      tradeStatus: 'SUCCESS',
      amount: '0.01',
      paidAt: null,
    };
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/callbacks/payment',
      headers: {
        'content-type': 'application/json',
        [PAY_TIMESTAMP_HEADER]: '1',
        [PAY_SIGNATURE_HEADER]: 'ab',
      },
      payload: JSON.stringify(body),
    });
    expect(bad.json().response.rspCode).toBe(RSP.PAY_NOTIFY_BAD_SIGNATURE);
    const stale = await notify(body, new Date(t.clock.now().getTime() - 10 * MINUTE));
    expect(stale.response.rspCode).toBe(RSP.PAY_NOTIFY_STALE);
    const mismatch = await notify(body);
    expect(mismatch.response.rspCode).toBe(RSP.PAY_NOTIFY_MISMATCH);
    expect(mismatch.response.rspDesc).toMatch(/[\u4e00-\u9fff]/);
    expect(okResult(await pay.order(b.token, created.order.outTradeNo)).status).toBe('CREATED');
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'payment.notify_refused'));
    expect(audits).toHaveLength(1);
    expect((await notify(body)).response.rspCode).toBe(RSP.PAY_NOTIFY_MISMATCH);
    okResult(await pay.close(b.token, created.order.outTradeNo));
  });
});

describe('notify delivery', () => {
  it('retries a refused notify after 1 s, 2 s … until it is answered', async () => {
    const created = okResult(await pay.create(b.token, { feeIds: [upfrontId], channel: 'ALIPAY' }));
    okResult(await pay.cashier(b.token, created.order.outTradeNo));
    // a gateway whose signature our side does not accept (a wrong secret): refused, tried again later
    const wrong = {
      ...paymentContext(t),
      config: { ...t.config, paymentNotifySecret: 'not-the-secret-at-all-0123456789' },
    };
    expect(await deliverDueGatewayNotifies(t.app, wrong)).toBe(0);
    const [job] = await t.db
      .select()
      .from(sandboxGatewayNotifies)
      .where(isNull(sandboxGatewayNotifies.deliveredAt));
    expect(job).toMatchObject({ attempts: 1 });
    expect(job?.dueAt.getTime()).toBe(t.clock.now().getTime() + 1000);
    expect(await deliverDueGatewayNotifies(t.app, wrong)).toBe(0);
    t.clock.advance(1000);
    expect(await deliverDueGatewayNotifies(t.app, wrong)).toBe(0);
    const [again] = await t.db
      .select()
      .from(sandboxGatewayNotifies)
      .where(eq(sandboxGatewayNotifies.id, job?.id ?? 0));
    expect(again?.attempts).toBe(2);
    expect(again?.dueAt.getTime()).toBe(t.clock.now().getTime() + 2000);
    t.clock.advance(2000);
    expect(await deliverNotifies(t)).toBe(1);
    expect(okResult(await pay.order(b.token, created.order.outTradeNo)).status).toBe('PAID');
  });
});
