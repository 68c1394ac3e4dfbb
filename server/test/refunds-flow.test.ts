import { RSP } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError } from '../src/cli/user-commands.ts';
import {
  coupons,
  feeItems,
  ledgerTransactions,
  paymentOrders,
  refundApplications,
} from '../src/db/schema.ts';
import { applyRefundNotify } from '../src/modules/refunds/notify.ts';
import { applyRefundEvent } from '../src/modules/refunds/refund-event.ts';
import { refundWorkWaiting, sandboxReviewRefunds } from '../src/modules/refunds/sandbox-review.ts';
import { login, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import type { ReadyBorrower } from './helpers/borrower.ts';
import { DAY } from './helpers/loans.ts';
import {
  cliOperators,
  deliverGatewayNotifies,
  type PaidFee,
  paidUpfrontFee,
  type refundCalls,
  refundContext,
  refundSetup,
  refused,
  runRefundJob,
} from './helpers/refunds.ts';

/** A refund's whole life: review (operator or sandbox rule), the gateway's refund and its notify, the books. */
let t: TestApp;
let api: ReturnType<typeof refundCalls>;
let b: ReadyBorrower;
let paid: PaidFee;

beforeAll(async () => {
  ({ t, api, b, paid } = await refundSetup('refunder2'));
  cli = await cliOperators(t, 'refunds');
});
afterAll(async () => t.close());

let cli: Awaited<ReturnType<typeof cliOperators>>;

/** An operator's refund command, confirmed by a second operator (`request confirm`): what the checker saw. */
const operator = (...argv: string[]): Promise<string[]> => cli.twoStep(...argv);

const apply = (amount: string, reason = '重复缴费', outTradeNo = paid.outTradeNo) =>
  api.apply(b.token, { outTradeNo, amount, reason });

const refundLines = () =>
  t.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.userId, b.userId), eq(ledgerTransactions.type, 'REFUND')));

describe('the operator’s review', () => {
  it('rejects with a reason: 已拒绝, the reason shown, the amount refundable again', async () => {
    const d = okResult(await apply('200.00'));
    await expect(operator('refund', 'reject', d.refund.refundNo)).rejects.toThrow(CommandError);
    const out = await operator('refund', 'reject', d.refund.refundNo, '--reason', '该笔服务费已按合同收取');
    expect(out[0]).toContain('已拒绝');
    const after = okResult(await api.detail(b.token, d.refund.refundNo));
    expect(after.refund).toMatchObject({
      status: 'REJECTED',
      statusLabel: '已拒绝',
      reviewReason: '该笔服务费已按合同收取',
    });
    expect(after.timeline.at(-1)).toMatchObject({
      event: 'REJECT',
      actor: 'OPERATOR',
      actorLabel: '运营人员',
      reason: '该笔服务费已按合同收取',
    });
    expect(after.payment.refundable).toBe('1000.00');
    await expect(operator('refund', 'approve', d.refund.refundNo)).rejects.toThrow(
      /「已拒绝」，不能再审核 \(3909\)/,
    );
    await expect(operator('refund', 'approve', 'RF00000000000000000000')).rejects.toThrow(/3901/);
    await expect(operator('refund', 'hold', d.refund.refundNo)).rejects.toThrow(CommandError);
  });

  it('approves: 已提交 → 已同意 → 退款中 → 已退款, each change in the timeline; books written once', async () => {
    const d = okResult(await apply('300.00'));
    expect((await operator('refund', 'approve', d.refund.refundNo))[0]).toContain('已同意');
    expect(okResult(await api.detail(b.token, d.refund.refundNo)).refund.status).toBe('APPROVED');
    expect(await runRefundJob(t)).toEqual({ reviewed: 0, sent: 1 });
    const refunding = okResult(await api.detail(b.token, d.refund.refundNo));
    expect(refunding.refund).toMatchObject({ status: 'REFUNDING', statusLabel: '退款中', canCancel: false });
    expect(await deliverGatewayNotifies(t)).toBe(1);
    const done = okResult(await api.detail(b.token, d.refund.refundNo));
    expect(done.refund).toMatchObject({ status: 'REFUNDED', statusLabel: '已退款' });
    expect(done.refund.refundedAt).not.toBeNull();
    expect(done.timeline.map((e) => [e.fromState, e.event, e.toState, e.actor])).toEqual([
      [null, 'CREATE', 'SUBMITTED', 'BORROWER'],
      ['SUBMITTED', 'APPROVE', 'APPROVED', 'OPERATOR'],
      ['APPROVED', 'START_REFUND', 'REFUNDING', 'SYSTEM'],
      ['REFUNDING', 'CONFIRM', 'REFUNDED', 'GATEWAY'],
    ]);
    expect(done.payment).toMatchObject({ refunded: '300.00', refundable: '700.00' });
    const lines = await refundLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ loanId: paid.loanId, amountFen: 30_000, feeFen: 30_000 });
    expect(lines[0]?.memo).toContain(d.refund.refundNo);
    const [fee] = await t.db.select().from(feeItems).where(eq(feeItems.id, paid.feeItemId));
    expect(fee).toMatchObject({ paidFen: 100_000, refundedFen: 30_000 });
    // the payment's own ledger line is never edited
    const payments = await t.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.userId, b.userId), eq(ledgerTransactions.type, 'FEE_PAYMENT')));
    expect(payments.map((l) => l.amountFen)).toEqual([-100_000]);
  });

  it('applies a confirmation once: the same notify again changes nothing', async () => {
    const [row] = await t.db
      .select()
      .from(refundApplications)
      .where(eq(refundApplications.status, 'REFUNDED'));
    const again = await t.db.transaction((tx) =>
      applyRefundNotify(
        tx,
        {
          outRefundNo: row?.refundNo ?? '',
          amountFen: row?.amountFen ?? 0,
          gatewayRefundNo: 'X',
          refundedAt: t.clock.now(),
        },
        t.clock.now(),
      ),
    );
    expect(again.outcome).toBe('DUPLICATE');
    const wrong = await t.db.transaction((tx) =>
      applyRefundNotify(
        tx,
        {
          outRefundNo: 'RF00000000000000000000',
          amountFen: 1,
          gatewayRefundNo: null,
          refundedAt: t.clock.now(),
        },
        t.clock.now(),
      ),
    );
    expect(wrong).toEqual({ outcome: 'REFUSED', reason: '退款单不存在' });
    expect(await refundLines()).toHaveLength(1);
  });
});

describe('a refund left 退款中 without its call (a crash between the two)', () => {
  it('is sent again by the job after a minute, with the same refund number', async () => {
    const d = okResult(await apply('10.00'));
    await operator('refund', 'approve', d.refund.refundNo);
    const [row] = await t.db
      .select()
      .from(refundApplications)
      .where(eq(refundApplications.refundNo, d.refund.refundNo));
    if (!row) throw new Error('missing');
    await t.db.transaction((tx) =>
      applyRefundEvent(tx, row, 'START_REFUND', 'SYSTEM', { now: t.clock.now(), actorRef: null }),
    );
    expect(await runRefundJob(t)).toEqual({ reviewed: 0, sent: 0 });
    t.clock.advance(61_000);
    expect(await runRefundJob(t)).toEqual({ reviewed: 0, sent: 1 });
    await deliverGatewayNotifies(t);
    expect(okResult(await api.detail(b.token, d.refund.refundNo)).refund.status).toBe('REFUNDED');
  });
});

describe('the sandbox rule (3 s after submission)', () => {
  it('rejects a reason with 拒绝, approves the others and sends them to the gateway', async () => {
    const d = okResult(await apply('100.00', '测试拒绝流程'));
    expect(await runRefundJob(t)).toEqual({ reviewed: 0, sent: 0 });
    t.clock.advance(3000);
    expect(await runRefundJob(t)).toEqual({ reviewed: 1, sent: 0 });
    const rejected = okResult(await api.detail(b.token, d.refund.refundNo));
    expect(rejected.refund).toMatchObject({
      status: 'REJECTED',
      reviewReason: '沙箱规则：退款原因含「拒绝」，自动拒绝',
    });
    expect(rejected.timeline.at(-1)).toMatchObject({ actor: 'SYSTEM', actorLabel: '系统' });

    const ok = okResult(await apply('100.00', '多缴了'));
    t.clock.advance(3000);
    await runRefundJob(t);
    expect(okResult(await api.detail(b.token, ok.refund.refundNo)).refund.status).toBe('REFUNDING');
    await deliverGatewayNotifies(t);
    expect(okResult(await api.detail(b.token, ok.refund.refundNo)).refund.status).toBe('REFUNDED');
  });

  it('leaves a reason with 人工审核 to the operators, and offers the job nothing for it', async () => {
    const d = okResult(await apply('2.00', '请人工审核：重复缴费'));
    t.clock.advance(10_000);
    expect(await runRefundJob(t)).toEqual({ reviewed: 0, sent: 0 });
    expect(await refundWorkWaiting(refundContext(t))).toBe(false);
    expect(okResult(await api.detail(b.token, d.refund.refundNo)).refund.status).toBe('SUBMITTED');
    okResult(await api.cancel(b.token, d.refund.refundNo));
  });

  it('does nothing without the sandbox adapters', async () => {
    const d = okResult(await apply('1.00'));
    t.clock.advance(10_000);
    const ctx = { ...refundContext(t), config: { ...t.config, sandbox: false } };
    expect(await sandboxReviewRefunds(ctx)).toBe(0);
    expect(okResult(await api.detail(b.token, d.refund.refundNo)).refund.status).toBe('SUBMITTED');
    okResult(await api.cancel(b.token, d.refund.refundNo));
  });
});

describe('never more than was paid', () => {
  it('two applications at once on one payment: exactly one is filed', async () => {
    const answers = await Promise.all([apply('10.00'), apply('20.00'), apply('30.00')]);
    const codes = answers.map((a) => a.response.rspCode).sort();
    expect(codes).toEqual([RSP.OK, RSP.REFUND_OPEN_EXISTS, RSP.REFUND_OPEN_EXISTS]);
    const open = await t.db
      .select()
      .from(refundApplications)
      .where(eq(refundApplications.status, 'SUBMITTED'));
    expect(open).toHaveLength(1);
    okResult(await api.cancel(b.token, open[0]?.refundNo ?? ''));
  });

  it('refunds up to the last fen, then refuses even one fen (3904)', async () => {
    const [order] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, paid.orderId));
    const left = (order?.amountFen ?? 0) - (order?.refundedFen ?? 0);
    expect(left).toBe(59_000);
    expect(refused(await apply('590.01'))).toEqual({
      rspCode: RSP.REFUND_AMOUNT_ABOVE_REFUNDABLE,
      rspDesc: '退款金额不能超过可退金额 590.00 元',
    });
    const d = okResult(await apply('590.00'));
    t.clock.advance(3000);
    await runRefundJob(t);
    await deliverGatewayNotifies(t);
    expect(okResult(await api.detail(b.token, d.refund.refundNo)).payment).toMatchObject({
      refunded: '1000.00',
      refundable: '0.00',
    });
    expect(refused(await apply('0.01'))).toEqual({
      rspCode: RSP.REFUND_AMOUNT_ABOVE_REFUNDABLE,
      rspDesc: '退款金额不能超过可退金额 0.00 元',
    });
    const [fee] = await t.db.select().from(feeItems).where(eq(feeItems.id, paid.feeItemId));
    expect(fee).toMatchObject({ paidFen: 100_000, refundedFen: 100_000 });
    const sum = (await refundLines()).reduce((s, l) => s + l.amountFen, 0);
    expect(sum).toBe(100_000);
  });
});

describe('the coupon of a refunded payment', () => {
  async function coupon(validDays: number): Promise<number> {
    const now = t.clock.now();
    const [row] = await t.db
      .insert(coupons)
      .values({
        userId: b.userId,
        kind: 'AMOUNT_OFF',
        title: '服务费满减 100 元',
        amountOffFen: 10_000,
        thresholdFen: 0,
        validFrom: now,
        validUntil: new Date(now.getTime() + validDays * DAY),
        source: 'OPERATOR',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row?.id ?? 0;
  }

  async function refundAll(p: PaidFee): Promise<void> {
    const d = okResult(await apply((p.amountFen / 100).toFixed(2), '误缴', p.outTradeNo));
    t.clock.advance(3000);
    await runRefundJob(t);
    await deliverGatewayNotifies(t);
    expect(okResult(await api.detail(b.token, d.refund.refundNo)).refund.status).toBe('REFUNDED');
  }

  it('comes back on a full refund; an expired one stays used', async () => {
    const couponId = await coupon(30);
    const withCoupon = await paidUpfrontFee(t, b, couponId);
    expect(withCoupon.amountFen).toBe(90_000);
    const stateOf = async (id: number) =>
      (await t.db.select().from(coupons).where(eq(coupons.id, id)))[0]?.state;
    expect(await stateOf(couponId)).toBe('USED');
    await refundAll(withCoupon);
    expect(await stateOf(couponId)).toBe('AVAILABLE');

    const shortLived = await coupon(1);
    const second = await paidUpfrontFee(t, b, shortLived);
    t.clock.advance(2 * DAY);
    b.token = await login(t.app, b.loginId, b.password);
    await refundAll(second);
    expect(await stateOf(shortLived)).toBe('USED');
  });
});
