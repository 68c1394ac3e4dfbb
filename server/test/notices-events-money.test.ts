import { formatYuan, type RefundState, shanghaiMinute, yuanToFen } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxGateway } from '../src/adapters/payments/sandbox.ts';
import { instalments, paymentNotifies, paymentOrders, refundApplications } from '../src/db/schema.ts';
import { PAY_SIGNATURE_HEADER, PAY_TIMESTAMP_HEADER, signNotify } from '../src/modules/payments/signature.ts';
import { applyRefundNotify } from '../src/modules/refunds/notify.ts';
import { sandboxReviewRefunds } from '../src/modules/refunds/sandbox-review.ts';
import { sendWaitingRefunds } from '../src/modules/refunds/start.ts';
import { createTestApp, login, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { disburseLoan, loanRows, settlementCalls } from './helpers/loans.ts';
import { noticesOf } from './helpers/notice-rows.ts';
import { deliverNotifies, giveCoupon, instalmentsOf, payCalls, reconcile } from './helpers/payments.ts';
import {
  deliverGatewayNotifies,
  type PaidFee,
  paidUpfrontFee,
  refundCalls,
  refundContext,
  runRefundJob,
} from './helpers/refunds.ts';

/**
 * The notices of money: a payment order turned PAID (what it paid, in Chinese), and a refund's stages; each once,
 * whatever the gateway repeats.
 */

let t: TestApp;
let b: ReadyBorrower;
let fee: PaidFee;

beforeAll(async () => {
  t = await createTestApp();
  b = await makeReadyBorrower(t, 'nem_payer');
  fee = await paidUpfrontFee(t, b);
});
afterAll(async () => t.close());

const orderRow = async (outTradeNo: string) => {
  const [row] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.outTradeNo, outTradeNo));
  if (!row?.paidAt) throw new Error(`order ${outTradeNo} not paid`);
  return { ...row, paidAt: row.paidAt };
};

const paymentNotices = (who: ReadyBorrower = b) => noticesOf(t, who.userId, 'PAYMENT_RECEIVED');

/** Posts a signed payment notify as the gateway would. */
async function gatewayNotify(body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(t.clock.now().getTime() / 1000));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/callbacks/payment',
    headers: {
      'content-type': 'application/json',
      [PAY_TIMESTAMP_HEADER]: ts,
      [PAY_SIGNATURE_HEADER]: signNotify(t.config.paymentNotifySecret, ts, raw),
    },
    payload: raw,
  });
  return (res.json() as { result: { outcome: string } | null }).result;
}

describe('a payment received', () => {
  it('a service fee: the amount, order number, Shanghai time and 服务费, by e-mail; a repeated notify adds none', async () => {
    const order = await orderRow(fee.outTradeNo);
    const [notice] = await paymentNotices();
    expect(await paymentNotices()).toHaveLength(1);
    expect(notice).toMatchObject({
      category: 'REPAYMENT',
      eventKey: `order:${fee.outTradeNo}:PAID`,
      title: '付款已到账',
      body: `已收到您的付款 1,000.00 元（服务费，订单号 ${fee.outTradeNo}，${shanghaiMinute(order.paidAt)}）。`,
      link: { page: 'TRADING' },
      // the kind goes by e-mail only
      deliveries: { email: 'PENDING' },
    });

    const [first] = await t.db
      .select()
      .from(paymentNotifies)
      .where(eq(paymentNotifies.outTradeNo, fee.outTradeNo));
    expect((await gatewayNotify(first?.payload ?? {}))?.outcome).toBe('DUPLICATE');
    await reconcile(t);
    expect(await paymentNotices()).toHaveLength(1);
  });

  it('an instalment repaid now: 第 1 期还款', async () => {
    const pay = payCalls(t);
    const created = okResult(await pay.repayNow(b.token, { loanId: fee.loanId, seq: 1, channel: 'ALIPAY' }));
    okResult(await pay.cashier(b.token, created.order.outTradeNo));
    await deliverNotifies(t);
    const order = await orderRow(created.order.outTradeNo);
    const [first] = await instalmentsOf(t, fee.loanId);
    expect(first?.status).toBe('PAID');
    const notice = (await paymentNotices()).find((n) => n.eventKey === `order:${order.outTradeNo}:PAID`);
    expect(notice?.body).toBe(
      `已收到您的付款 ${formatYuan(yuanToFen(created.order.amount))} 元（第 1 期还款，订单号 ${order.outTradeNo}，${shanghaiMinute(order.paidAt)}）。`,
    );
    expect(await paymentNotices()).toHaveLength(2);
  });

  it('a fee a coupon paid in full received no money: no notice', async () => {
    const other = await makeReadyBorrower(t, 'nem_free');
    const couponId = await giveCoupon(t, other.userId, {
      kind: 'FREE_FEE',
      title: '免服务费',
      amountOffFen: null,
      thresholdFen: null,
    });
    const free = await paidUpfrontFee(t, other, couponId);
    expect(free.amountFen).toBe(0);
    expect(await paymentNotices(other)).toEqual([]);
  });
});

describe('a refund’s progress', () => {
  const apply = async (amount: string, reason: string) => {
    b.token = await login(t.app, b.loginId, b.password);
    return okResult(await refundCalls(t).apply(b.token, { outTradeNo: fee.outTradeNo, amount, reason }))
      .refund;
  };
  const refundRow = async (refundNo: string) => {
    const [row] = await t.db
      .select()
      .from(refundApplications)
      .where(eq(refundApplications.refundNo, refundNo));
    if (!row) throw new Error(`no refund ${refundNo}`);
    return row;
  };
  const stagesOf = async (refundId: number) =>
    (await noticesOf(t, b.userId, 'REFUND_PROGRESS'))
      .filter((n) => n.facts.refundRowId === refundId)
      .map((n) => [n.facts.stage, n.title, n.body]);

  it('approved, then refunded: two notices; the gateway’s repeated confirmation adds none', async () => {
    const filed = await apply('300.00', '多缴了');
    t.clock.advance(3000);
    // the sandbox review approves it and sends it to the gateway at once
    expect((await runRefundJob(t)).reviewed).toBe(1);
    const row = await refundRow(filed.refundNo);
    expect(row.status).toBe('REFUNDING');
    expect(await stagesOf(row.id)).toEqual([
      ['APPROVED', '退款申请已通过', '您申请的退款 300.00 元 已审核通过，正在退回原付款账户。'],
    ]);
    expect(await deliverGatewayNotifies(t)).toBe(1);
    expect(await stagesOf(row.id)).toEqual([
      ['APPROVED', '退款申请已通过', '您申请的退款 300.00 元 已审核通过，正在退回原付款账户。'],
      ['REFUNDED', '退款已到账', '您申请的退款 300.00 元 已退回原付款账户。'],
    ]);
    const refunded = await onlyNoticeOfStage(row.id, 'REFUNDED');
    expect(refunded).toMatchObject({
      category: 'REFUND',
      eventKey: `refund:${row.id}:REFUNDED`,
      link: { page: 'REFUND' },
      deliveries: { sms: 'PENDING', email: 'PENDING' },
    });
    const again = await t.db.transaction((tx) =>
      applyRefundNotify(
        tx,
        {
          outRefundNo: row.refundNo,
          amountFen: row.amountFen,
          gatewayRefundNo: 'X',
          refundedAt: t.clock.now(),
        },
        t.clock.now(),
      ),
    );
    expect(again.outcome).toBe('DUPLICATE');
    expect(await stagesOf(row.id)).toHaveLength(2);
  });

  it('rejected with the reviewer’s reason', async () => {
    const filed = await apply('200.00', '测试拒绝');
    t.clock.advance(3000);
    await runRefundJob(t);
    const row = await refundRow(filed.refundNo);
    expect(row.status).toBe('REJECTED');
    expect(await stagesOf(row.id)).toEqual([
      [
        'REJECTED',
        '退款申请未通过',
        '您申请的退款 200.00 元 未获通过（沙箱规则：退款原因含「拒绝」，自动拒绝）。',
      ],
    ]);
  });

  it('failed at the gateway: told once, however often it fails again; then refunded', async () => {
    let refusing = true;
    const sandbox = createSandboxGateway(t.db);
    const ctx = {
      ...refundContext(t),
      gateway: {
        ...sandbox,
        refund: async (...args: Parameters<typeof sandbox.refund>) =>
          refusing ? { accepted: false as const, reason: '渠道维护中，暂不能退款' } : sandbox.refund(...args),
      },
    };
    const filed = await apply('100.00', '重复缴费');
    t.clock.advance(3000);
    expect(await sandboxReviewRefunds(ctx)).toBe(1);
    const row = await refundRow(filed.refundNo);
    expect(row.status).toBe('FAILED');
    t.clock.advance(61_000);
    expect(await sendWaitingRefunds(ctx)).toBe(1);
    expect((await refundRow(filed.refundNo)).status).toBe('FAILED');
    expect((await stagesOf(row.id)).map(([stage]) => stage)).toEqual(['APPROVED', 'FAILED']);
    expect((await onlyNoticeOfStage(row.id, 'FAILED')).body).toBe(
      '您申请的退款 100.00 元 未能退回原付款账户，平台将尽快处理并与您联系。',
    );
    refusing = false;
    t.clock.advance(121_000);
    expect(await sendWaitingRefunds(ctx)).toBe(1);
    await deliverGatewayNotifies(t);
    expect((await stagesOf(row.id)).map(([stage]) => stage)).toEqual(['APPROVED', 'FAILED', 'REFUNDED']);
  });

  async function onlyNoticeOfStage(refundId: number, stage: RefundState) {
    const rows = (await noticesOf(t, b.userId, 'REFUND_PROGRESS')).filter(
      (n) => n.facts.refundRowId === refundId && n.facts.stage === stage,
    );
    const [only] = rows;
    if (rows.length !== 1 || !only) throw new Error(`expected one ${stage} notice of refund ${refundId}`);
    return only;
  }
});

describe('early settlement', () => {
  const { quoteOf, settle, settleAndPay } = settlementCalls(() => t);

  it('paid: 提前结清', async () => {
    b.token = await login(t.app, b.loginId, b.password);
    const quote = okResult(await quoteOf(b.token, fee.loanId));
    const created = await settleAndPay(b.token, fee.loanId, quote.total);
    const order = await orderRow(created.order.outTradeNo);
    const notice = (await paymentNotices()).find((n) => n.eventKey === `order:${order.outTradeNo}:PAID`);
    expect(notice?.body).toContain(
      `（提前结清，订单号 ${order.outTradeNo}，${shanghaiMinute(order.paidAt)}）`,
    );
    expect(notice?.body).toContain(`已收到您的付款 ${formatYuan(yuanToFen(quote.total))} 元`);
  });

  it('money that settled nothing goes back by itself: only its outcome is told, no approval it never asked for', async () => {
    const late = await makeReadyBorrower(t, 'nem_late');
    const rowId = await disburseLoan(t, late, 'SHRB-DDD', '30000', 3);
    const { loan, rows } = await loanRows(t, rowId);
    const quote = okResult(await quoteOf(late.token, loan.id));
    const created = okResult(
      await settle(late.token, { loanId: loan.id, total: quote.total, channel: 'UNIONPAY' }),
    );
    // what is owed changed meanwhile: the money settles nothing and is refunded automatically
    await t.db
      .update(instalments)
      .set({ paidInterestFen: 1 })
      .where(eq(instalments.id, rows[0]?.id ?? 0));
    okResult(await payCalls(t).cashier(late.token, created.order.outTradeNo));
    await deliverNotifies(t);
    expect(await paymentNotices(late)).toHaveLength(1);
    const [auto] = await t.db
      .select()
      .from(refundApplications)
      .where(eq(refundApplications.userId, late.userId));
    expect(auto).toMatchObject({ source: 'AUTO', status: 'REFUNDING' });
    expect(await noticesOf(t, late.userId, 'REFUND_PROGRESS')).toEqual([]);
    await deliverGatewayNotifies(t);
    expect((await noticesOf(t, late.userId, 'REFUND_PROGRESS')).map((n) => n.facts.stage)).toEqual([
      'REFUNDED',
    ]);
  });
});
