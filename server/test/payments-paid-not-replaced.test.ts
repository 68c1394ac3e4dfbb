import { RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxGateway } from '../src/adapters/payments/sandbox.ts';
import type { Database } from '../src/db/client.ts';
import {
  paymentNotifies,
  paymentOrders,
  refundApplications,
  sandboxGatewayOrders,
} from '../src/db/schema.ts';
import type { TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import type { ReadyBorrower } from './helpers/borrower.ts';
import {
  deliverNotifies,
  feeItemsOf,
  instalmentsOf,
  ledgerOf,
  type payCalls,
  paymentSetup,
  reconcile,
} from './helpers/payments.ts';

/**
 * An order the borrower paid at the cashier, whose notify has not arrived yet, is never replaced by a new
 * attempt nor cancelled: the gateway refuses to close it, so the payment is applied and the new attempt refused
 * (3815); with the gateway unreachable nothing is replaced and reconciliation asks it at once.
 */
let t: TestApp;
let pay: ReturnType<typeof payCalls>;
let b: ReadyBorrower;
let loanId: number;
/** while true the gateway answers neither close nor query (the cashier still takes money) */
let outage = false;

function flakyGateway(db: Database) {
  const sandbox = createSandboxGateway(db);
  const down = () => Promise.reject(new Error('connect ECONNREFUSED gateway'));
  return {
    ...sandbox,
    closeOrder: (outTradeNo: string, key: string, now: Date) =>
      outage ? down() : sandbox.closeOrder(outTradeNo, key, now),
    queryOrder: (outTradeNo: string, now: Date) => (outage ? down() : sandbox.queryOrder(outTradeNo, now)),
  };
}

beforeAll(async () => {
  ({ t, pay, b, loanId } = await paymentSetup('paidonce1', { gateway: flakyGateway }));
});
afterAll(() => t.close());

const ordersOfLoan = () => t.db.select().from(paymentOrders).where(eq(paymentOrders.loanId, loanId));
const repaymentsOf = async (seq: number) =>
  (await ledgerOf(t, loanId)).filter((l) => l.type === 'REPAYMENT' && l.memo?.includes(`第 ${seq} 期`));
const instalment = async (seq: number) => (await instalmentsOf(t, loanId)).find((r) => r.seq === seq);

/** Opens an order for instalment `seq` and pays it at the sandbox cashier; its notify is held back. */
async function paidAtCashier(seq: number) {
  const created = okResult(await pay.repayNow(b.token, { loanId, seq, channel: 'ALIPAY' }));
  okResult(await pay.cashier(b.token, created.order.outTradeNo));
  return created.order.outTradeNo;
}

/** The order paid once: the instalment PAID, one REPAYMENT line, no other order, nothing refunded. */
async function expectPaidOnce(seq: number, outTradeNo: string, ordersBefore: number) {
  expect(okResult(await pay.order(b.token, outTradeNo)).status).toBe('PAID');
  expect((await instalment(seq))?.status).toBe('PAID');
  expect(await repaymentsOf(seq)).toHaveLength(1);
  expect(await ordersOfLoan()).toHaveLength(ordersBefore);
  expect(await t.db.select().from(refundApplications)).toEqual([]);
}

/** The held notify arrives: recorded, and it changes nothing. */
async function expectLateNotifyChangesNothing(seq: number, outTradeNo: string, ordersBefore: number) {
  expect(await deliverNotifies(t)).toBe(1);
  const [notify] = await t.db
    .select()
    .from(paymentNotifies)
    .where(eq(paymentNotifies.outTradeNo, outTradeNo));
  expect(notify?.outcome).toBe('IGNORED');
  await expectPaidOnce(seq, outTradeNo, ordersBefore);
}

describe('a payment made at the cashier before its notify', () => {
  it('is applied, not replaced, when the borrower repays again with another channel', async () => {
    const outTradeNo = await paidAtCashier(1);
    const orders = (await ordersOfLoan()).length;
    const again = await pay.repayNow(b.token, { loanId, seq: 1, channel: 'WECHAT' });
    expect(again.response.rspCode).toBe(RSP.PAY_CONFIRMING);
    expect(again.response.rspDesc).toContain(outTradeNo);
    await expectPaidOnce(1, outTradeNo, orders);
    await expectLateNotifyChangesNothing(1, outTradeNo, orders);
  });

  it('is applied, not replaced, when the borrower pays an overlapping fee item', async () => {
    const outTradeNo = await paidAtCashier(2);
    const orders = (await ordersOfLoan()).length;
    const fee = (await feeItemsOf(t, loanId)).find((f) => f.kind === 'INSTALMENT' && f.seq === 2);
    const feeOrder = await pay.create(b.token, { feeIds: [fee?.id], channel: 'UNIONPAY' });
    expect(feeOrder.response.rspCode).toBe(RSP.PAY_CONFIRMING);
    await expectPaidOnce(2, outTradeNo, orders);
    const [paidFee] = (await feeItemsOf(t, loanId)).filter((f) => f.id === fee?.id);
    expect(paidFee?.paidFen).toBe(fee?.amountFen);
    await expectLateNotifyChangesNothing(2, outTradeNo, orders);
  });

  it('is applied, not closed, when the borrower cancels it (取消支付)', async () => {
    const outTradeNo = await paidAtCashier(3);
    const orders = (await ordersOfLoan()).length;
    const cancelled = await pay.close(b.token, outTradeNo);
    expect(cancelled.response.rspCode).toBe(RSP.PAY_ORDER_NOT_OPEN);
    expect(cancelled.response.rspDesc).toContain('已支付成功');
    await expectPaidOnce(3, outTradeNo, orders);
    await expectLateNotifyChangesNothing(3, outTradeNo, orders);
  });

  it('is left open when the gateway does not answer; reconciliation then applies it', async () => {
    const outTradeNo = await paidAtCashier(4);
    const orders = (await ordersOfLoan()).length;
    outage = true;
    const again = await pay.repayNow(b.token, { loanId, seq: 4, channel: 'WECHAT' });
    expect(again.response).toMatchObject({ rspCode: RSP.PAY_CONFIRMING });
    expect(again.response.rspDesc).toContain('有一笔支付正在确认中');
    expect(okResult(await pay.order(b.token, outTradeNo)).status).toBe('CREATED');
    expect(await ordersOfLoan()).toHaveLength(orders);
    expect((await instalment(4))?.status).not.toBe('PAID');

    outage = false;
    expect(await reconcile(t)).toBeGreaterThanOrEqual(1);
    await expectPaidOnce(4, outTradeNo, orders);
    await expectLateNotifyChangesNothing(4, outTradeNo, orders);
  });

  it('an unpaid order cancelled while the gateway does not answer is closed by reconciliation, as cancelled', async () => {
    const created = okResult(await pay.repayNow(b.token, { loanId, seq: 5, channel: 'ALIPAY' }));
    const { outTradeNo } = created.order;
    outage = true;
    expect((await pay.close(b.token, outTradeNo)).response.rspCode).toBe(RSP.PAY_CONFIRMING);
    expect(okResult(await pay.order(b.token, outTradeNo)).status).toBe('CREATED');
    outage = false;
    expect(await reconcile(t)).toBeGreaterThanOrEqual(1);
    const [order] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.outTradeNo, outTradeNo));
    expect(order).toMatchObject({ status: 'CLOSED', closeReason: 'BY_BORROWER', paidAt: null });
    const [there] = await t.db
      .select()
      .from(sandboxGatewayOrders)
      .where(eq(sandboxGatewayOrders.outTradeNo, outTradeNo));
    expect(there?.status).toBe('CLOSED');
  });
});
