import { RSP, rspText } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, refundApplications } from '../src/db/schema.ts';
import { type ApiAnswer, call, type TestApp, tableCounts } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import type { ReadyBorrower } from './helpers/borrower.ts';
import { type PaidFee, type refundCalls, refundSetup, refused, runRefundJob } from './helpers/refunds.ts';

/** The borrower's refund calls one by one: what they answer, what they refuse and that a refusal changes nothing. */
let t: TestApp;
let api: ReturnType<typeof refundCalls>;
let b: ReadyBorrower;
let paid: PaidFee;

beforeAll(async () => {
  ({ t, api, b, paid } = await refundSetup('refunder1'));
});
afterAll(async () => t.close());

/** A refused call: HTTP 200, the code and Chinese reason, and not one row more or less anywhere. */
async function expectRefused(
  send: () => Promise<ApiAnswer<unknown>>,
  rspCode: string,
  rspDesc?: string | RegExp,
): Promise<void> {
  const before = await tableCounts(t.db);
  const rows = await t.db.select().from(refundApplications);
  const res = await send();
  expect(res.status).toBe(200);
  const answer = refused(res);
  expect(answer.rspCode).toBe(rspCode);
  expect(answer.rspDesc).toMatch(/[\u4e00-\u9fa5]/);
  if (typeof rspDesc === 'string') expect(answer.rspDesc).toBe(rspDesc);
  if (rspDesc instanceof RegExp) expect(answer.rspDesc).toMatch(rspDesc);
  expect(await tableCounts(t.db)).toEqual(before);
  expect(await t.db.select().from(refundApplications)).toEqual(rows);
}

const apply = (body: Record<string, unknown>) =>
  api.apply(b.token, { outTradeNo: paid.outTradeNo, amount: '100.00', reason: '重复缴费', ...body });

describe('POST /refund/apply', () => {
  it('refuses bad input with a clear Chinese reason and changes nothing', async () => {
    await expectRefused(
      () => apply({ amount: '1000.01' }),
      RSP.REFUND_AMOUNT_ABOVE_REFUNDABLE,
      '退款金额不能超过可退金额 1000.00 元',
    );
    for (const amount of ['0', '0.00', '-1', '1.001', 'abc', '', '1e3']) {
      await expectRefused(
        () => apply({ amount }),
        RSP.REFUND_AMOUNT_INVALID,
        rspText(RSP.REFUND_AMOUNT_INVALID),
      );
    }
    for (const reason of ['', '   ']) {
      await expectRefused(() => apply({ reason }), RSP.REFUND_REASON_INVALID, '请填写退款原因');
    }
    await expectRefused(
      () => apply({ reason: '退'.repeat(201) }),
      RSP.REFUND_REASON_INVALID,
      '退款原因不能超过 200 个字',
    );
    await expectRefused(
      () => api.apply(b.token, { outTradeNo: paid.outTradeNo, amount: '1.00' }),
      RSP.INVALID_INPUT,
      'reason 不能为空',
    );
    await expectRefused(() => apply({ reason: '退'.repeat(401) }), RSP.INVALID_INPUT, /reason/);
    await expectRefused(
      () => apply({ outTradeNo: 'PAY20260302100000999999' }),
      RSP.REFUND_PAYMENT_NOT_FOUND,
      '支付订单不存在或无权查看',
    );
    await expectRefused(() => apply({ evidenceDocumentId: 999_999 }), RSP.REFUND_EVIDENCE_NOT_FOUND);
    await expectRefused(() => apply({ extra: 1 }), RSP.INVALID_INPUT, '不支持的字段：extra');
  });

  it('files the application: 已提交, the payment’s refundable amount less it, one timeline entry', async () => {
    const [doc] = await t.db.select().from(documents).where(eq(documents.userId, b.userId)).limit(1);
    const d = okResult(
      await apply({ amount: '100.5', reason: '  误缴服务费  ', evidenceDocumentId: doc?.id }),
    );
    expect(d.refund).toMatchObject({
      outTradeNo: paid.outTradeNo,
      amount: '100.50',
      status: 'SUBMITTED',
      statusLabel: '已提交',
      source: 'BORROWER',
      reason: '误缴服务费',
      reviewReason: null,
      refundedAt: null,
      canCancel: true,
    });
    expect(d.refund.refundNo).toMatch(/^RF\d{20}$/);
    expect(d.payment).toMatchObject({
      amount: '1000.00',
      refunded: '0.00',
      refundable: '899.50',
      purpose: 'FEE',
    });
    expect(d.evidence).toEqual({ documentId: doc?.id, fileName: doc?.fileName });
    expect(d.timeline).toEqual([
      expect.objectContaining({
        fromState: null,
        toState: 'SUBMITTED',
        event: 'CREATE',
        eventLabel: '提交申请',
        actor: 'BORROWER',
        actorLabel: '借款人',
        reason: '误缴服务费',
      }),
    ]);
  });

  it('refuses a second open refund of the same payment (3905)', async () => {
    await expectRefused(
      () => apply({ amount: '1.00' }),
      RSP.REFUND_OPEN_EXISTS,
      rspText(RSP.REFUND_OPEN_EXISTS),
    );
  });
});

describe('POST /refund/cancel and GET /refund/detail', () => {
  it('cancels before the review: 已撤销 with who, when and why; a second cancel is refused (3910)', async () => {
    const [open] = okResult(await api.list(b.token)).items;
    const d = okResult(await api.cancel(b.token, open?.refundNo ?? ''));
    expect(d.refund).toMatchObject({ status: 'CANCELLED', statusLabel: '已撤销', canCancel: false });
    expect(d.payment.refundable).toBe('1000.00');
    expect(d.timeline.map((e) => [e.event, e.actor, e.toState])).toEqual([
      ['CREATE', 'BORROWER', 'SUBMITTED'],
      ['CANCEL', 'BORROWER', 'CANCELLED'],
    ]);
    expect(d.timeline[1]?.reason).toBe('借款人撤销申请');
    await expectRefused(
      () => api.cancel(b.token, open?.refundNo ?? ''),
      RSP.REFUND_CLOSED,
      '退款申请已结束（已撤销），无法撤销申请',
    );
  });

  it('refuses to cancel after the review (3908)', async () => {
    const d = okResult(await apply({ amount: '50.00' }));
    t.clock.advance(3000);
    expect(await runRefundJob(t)).toMatchObject({ reviewed: 1 });
    await expectRefused(
      () => api.cancel(b.token, d.refund.refundNo),
      RSP.REFUND_ALREADY_REVIEWED,
      '退款申请已审核（退款中），无法撤销申请',
    );
  });

  it('answers 3901 for a refund number that is malformed or unknown', async () => {
    for (const refundNo of ['RF20260302100000999999', 'nonsense', 'RF1']) {
      await expectRefused(
        () => api.detail(b.token, refundNo),
        RSP.REFUND_NOT_FOUND,
        '退款申请不存在或无权查看',
      );
      await expectRefused(() => api.cancel(b.token, refundNo), RSP.REFUND_NOT_FOUND);
    }
    await expectRefused(() => api.detail(b.token, ''), RSP.INVALID_INPUT);
  });
});

describe('GET /refund/list', () => {
  it('lists newest first, filters by status and pages by cursor', async () => {
    const all = okResult(await api.list(b.token));
    expect(all.items.map((i) => i.status)).toEqual(['REFUNDING', 'CANCELLED']);
    expect(all.nextCursor).toBeNull();
    const cancelled = okResult(await api.list(b.token, { status: 'CANCELLED' }));
    expect(cancelled.items.map((i) => i.status)).toEqual(['CANCELLED']);
    const first = okResult(await api.list(b.token, { limit: 1 }));
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const second = okResult(await api.list(b.token, { limit: 1, cursor: first.nextCursor }));
    expect(second.items.map((i) => i.refundNo)).toEqual([all.items[1]?.refundNo]);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a bad cursor, limit or status (1001)', async () => {
    await expectRefused(
      () => api.list(b.token, { cursor: 'bm9wZQ' }),
      RSP.INVALID_INPUT,
      '分页参数无效，请从第一页重新查询',
    );
    await expectRefused(() => api.list(b.token, { limit: 0 }), RSP.INVALID_INPUT);
    await expectRefused(() => api.list(b.token, { status: 'PAID' }), RSP.INVALID_INPUT);
  });

  it('needs a session', async () => {
    const res = await call(t.app, 'GET', '/refund/list');
    expect(res.status).toBe(401);
  });
});
