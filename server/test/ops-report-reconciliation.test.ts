import { addDaysIso, OPS_API, type ReconciliationReport, shanghaiDateTime } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxGateway } from '../src/adapters/payments/sandbox.ts';
import { ledgerTransactions, paymentOrders, refundApplications } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { disburseLoan } from './helpers/loans.ts';
import { makeOperator, ok } from './helpers/operators.ts';
import { deliverNotifies, giveCoupon, loanIdOf, payCalls } from './helpers/payments.ts';
import { lineOf, rebuilt } from './helpers/reconciliation.ts';
import { type PaidFee, paidUpfrontFee, refundCalls } from './helpers/refunds.ts';
import {
  cellYuan,
  exportedBook,
  financeToken,
  lastExportAudit,
  moveClockTo,
  payUpfrontFee,
  refundNow,
  relogin,
  report,
  rowOf,
  sheetRows,
} from './helpers/reports.ts';

/**
 * 每日对账 for a Shanghai day: each total rebuilt here from the rows (orders, refunds, ledger lines, the sandbox
 * gateway's own books), mismatches planted through the database found with their reasons, entries at 23:59 and
 * 00:01 on their own days, bad input refused in Chinese, the export equal to the JSON.
 */
let t: TestApp;
let a: ReadyBorrower;
let b: ReadyBorrower;
let c: ReadyBorrower;
let d: ReadyBorrower;
let e: ReadyBorrower;
let paidA: PaidFee;
let paidB: PaidFee;
let loanC: number;
let loanD: number;
let loanE: number;
/** the clock's first day: 2026-03-02 10:00 in Shanghai */
const DAY = '2026-03-02';

const reconciliation = async (query: Record<string, unknown>, token?: string) =>
  ok(
    await report<ReconciliationReport>(
      t,
      OPS_API.reportReconciliation,
      query,
      token ?? (await financeToken(t)),
    ),
  );

beforeAll(async () => {
  t = await createTestApp();
  a = await makeReadyBorrower(t, 'recona');
  b = await makeReadyBorrower(t, 'reconb');
  c = await makeReadyBorrower(t, 'reconc');
  d = await makeReadyBorrower(t, 'recond');
  e = await makeReadyBorrower(t, 'recone');
  paidA = await paidUpfrontFee(t, a);
  await refundNow(t, a, paidA.outTradeNo, '300.00');
  paidB = await paidUpfrontFee(t, b, await giveCoupon(t, b.userId));
  // an instalment repaid through the gateway (REPAYMENT), and two loans whose fees are paid later
  loanC = await loanIdOf(t, await disburseLoan(t, c, 'YNIT-XT01', '120000', 12));
  const repay = okResult(await payCalls(t).repayNow(c.token, { loanId: loanC, seq: 1, channel: 'WECHAT' }));
  okResult(await payCalls(t).cashier(c.token, repay.order.outTradeNo));
  await deliverNotifies(t);
  loanD = await loanIdOf(t, await disburseLoan(t, d, 'YNIT-XT02', '100000', 6));
  loanE = await loanIdOf(t, await disburseLoan(t, e, 'YNIT-XT02', '100000', 6));
});
afterAll(() => t.close());

describe('a day whose books agree', () => {
  it('totals each side as the rows do, to the fen, with no mismatch', async () => {
    const r = await reconciliation({ date: DAY });
    expect(r.date).toBe(DAY);
    expect(r.gatewayChecked).toBe(true);
    expect(r.totals).toEqual(await rebuilt(t, DAY));
    // the fee (1000.00), the coupon's order (980.00) and the repaid instalment; the 300.00 refund
    expect(r.totals.paidOrders.count).toBe(3);
    expect(r.totals.refunds).toEqual({ count: 1, amount: '300.00' });
    expect(r.totals.receiptDifference).toBe('0.00');
    expect(r.mismatches).toEqual([]);
  });

  it('shows yesterday (Shanghai) by default: nothing moved that day', async () => {
    const r = await reconciliation({});
    expect(r.date).toBe('2026-03-01');
    expect(r.totals.paidOrders).toEqual({ count: 0, amount: '0.00' });
    expect(r.mismatches).toEqual([]);
  });
});

describe('mismatches planted in the database', () => {
  it('finds each with its reason, and the totals still follow the rows', async () => {
    // the ledger refuses UPDATE and DELETE: what goes wrong is a paid mark without its line, a line too many, …
    const unpaid = okResult(
      await payCalls(t).repayNow(a.token, { loanId: paidA.loanId, seq: 1, channel: 'ALIPAY' }),
    );
    const forged = unpaid.order.outTradeNo;
    await t.db
      .update(paymentOrders)
      .set({ status: 'PAID', paidAt: t.clock.now() })
      .where(eq(paymentOrders.outTradeNo, forged));
    await t.db
      .update(paymentOrders)
      .set({ amountFen: paidA.amountFen + 1 })
      .where(eq(paymentOrders.outTradeNo, paidA.outTradeNo));
    const lineB = await lineOf(t, paidB.outTradeNo);
    const [twice] = await t.db
      .insert(ledgerTransactions)
      .values({ ...lineB, id: undefined, createdAt: t.clock.now() })
      .returning();
    // a refund marked done by hand: no ledger line gives the money back, the gateway never made it
    const pending = okResult(
      await refundCalls(t).apply(b.token, {
        outTradeNo: paidB.outTradeNo,
        amount: '100.00',
        reason: '重复缴费，请人工审核',
      }),
    );
    const handMade = pending.refund.refundNo;
    await t.db
      .update(refundApplications)
      .set({ status: 'REFUNDED', refundedAt: t.clock.now() })
      .where(eq(refundApplications.refundNo, handMade));
    // a ledger line naming an order nobody made
    const ghost = 'PAY20260302100000999999';
    await t.db.insert(ledgerTransactions).values({
      userId: c.userId,
      loanId: loanC,
      type: 'FEE_PAYMENT',
      amountFen: -12_345,
      feeFen: -12_345,
      memo: `服务费（订单 ${ghost}）`,
      occurredAt: t.clock.now(),
      createdAt: t.clock.now(),
    });
    // paid at the gateway's cashier; its notify not delivered yet
    const waiting = okResult(
      await payCalls(t).repayNow(b.token, { loanId: paidB.loanId, seq: 1, channel: 'ALIPAY' }),
    );
    okResult(await payCalls(t).cashier(b.token, waiting.order.outTradeNo));

    const r = await reconciliation({ date: DAY });
    expect(r.totals).toEqual(await rebuilt(t, DAY));
    const found = (kind: string, ref: string) =>
      r.mismatches.find((m) => m.kind === kind && (m.outTradeNo === ref || m.refundNo === ref));
    expect(found('ORDER_WITHOUT_LEDGER', forged)).toMatchObject({
      label: '已支付订单无账本收款',
      loginId: 'recona',
      ours: unpaid.order.amount,
      ledger: null,
      reason: `订单 ${forged} 已于当日支付 ${unpaid.order.amount} 元，但当日账本中没有该订单的收款记录`,
    });
    expect(found('GATEWAY_ORDER_MISSING', forged)?.reason).toContain('支付网关当日对账单中没有这笔收款');
    expect(found('ORDER_AMOUNT_DIFFERS', paidA.outTradeNo)).toMatchObject({
      ours: '1000.01',
      ledger: '1000.00',
      reason: `订单 ${paidA.outTradeNo} 支付 1000.01 元，账本收款 1000.00 元，相差 0.01 元`,
    });
    expect(found('GATEWAY_ORDER_AMOUNT_DIFFERS', paidA.outTradeNo)).toMatchObject({
      gateway: '1000.00',
      reason: '支付网关收款 1000.00 元，我方 1000.01 元，相差 -0.01 元',
    });
    expect(found('LEDGER_DUPLICATE', paidB.outTradeNo)).toMatchObject({
      ledgerIds: [lineB.id, twice?.id],
      ledger: '1960.00',
      reason: `订单 ${paidB.outTradeNo} 在当日账本中记了 2 笔收款，合计 1960.00 元（订单 980.00 元）`,
    });
    expect(found('REFUND_WITHOUT_LEDGER', handMade)).toMatchObject({
      label: '退款成功但账本未冲回',
      reason: `退款 ${handMade} 已于当日退回 100.00 元，但当日账本中没有对应的退款冲回记录`,
    });
    expect(found('GATEWAY_REFUND_MISSING', handMade)).toBeDefined();
    expect(found('LEDGER_WITHOUT_ORDER', ghost)).toMatchObject({
      ledger: '123.45',
      ours: null,
      reason: expect.stringContaining('但我方没有该订单'),
    });
    expect(found('GATEWAY_ORDER_UNRECORDED', waiting.order.outTradeNo)).toMatchObject({
      gateway: waiting.order.amount,
      reason: expect.stringContaining('我方订单状态为“待支付”，未记收款'),
    });
    expect(r.mismatches).toHaveLength(9);
    expect(r.totals.refundDifference).toBe('100.00');
    expect(r.totals.gatewayRefundDifference).toBe('-100.00');
  });

  it('says so when the gateway gives no statement, without failing the report', async () => {
    const broken = await createTestApp({
      gateway: (db) => ({
        ...createSandboxGateway(db),
        statement: () => Promise.reject(new Error('connect ECONNREFUSED gateway')),
      }),
    });
    try {
      const token = (await makeOperator(broken, 'recon-broken', ['finance'])).opsToken;
      const r = ok(
        await report<ReconciliationReport>(broken, OPS_API.reportReconciliation, { date: DAY }, token),
      );
      expect(r).toMatchObject({
        gatewayChecked: false,
        gatewayNote: expect.stringContaining('暂时无法获取'),
      });
      expect(r.totals.gatewayOrders).toBeNull();
      expect(r.mismatches.some((m) => m.kind.startsWith('GATEWAY_'))).toBe(false);
    } finally {
      await broken.close();
    }
  });
});

describe('the Shanghai day', () => {
  it('puts a payment at 23:59 on its day and one at 00:01 on the next', async () => {
    moveClockTo(t, DAY, '23:59:00');
    const late = await payUpfrontFee(t, await relogin(t, d), loanD);
    moveClockTo(t, addDaysIso(DAY, 1), '00:01:00');
    const early = await payUpfrontFee(t, await relogin(t, e), loanE);
    const [lateRow] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.outTradeNo, late));
    const [earlyRow] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.outTradeNo, early));
    expect(shanghaiDateTime(lateRow?.paidAt as Date)).toBe(`${DAY} 23:59:00`);
    expect(shanghaiDateTime(earlyRow?.paidAt as Date)).toBe(`${addDaysIso(DAY, 1)} 00:01:00`);

    const token = await financeToken(t);
    const first = await reconciliation({ date: DAY }, token);
    const next = await reconciliation({ date: addDaysIso(DAY, 1) }, token);
    expect(first.totals).toEqual(await rebuilt(t, DAY));
    expect(next.totals).toEqual(await rebuilt(t, addDaysIso(DAY, 1)));
    expect(next.totals.paidOrders).toEqual({ count: 1, amount: '1000.00' });
    expect(next.totals.ledgerReceipts).toEqual({ count: 1, amount: '1000.00' });
    expect(next.totals.gatewayOrders).toEqual({ count: 1, amount: '1000.00' });
    expect(next.mismatches).toEqual([]);
    expect(first.mismatches.some((m) => m.outTradeNo === late)).toBe(false);
    const lateLine = await lineOf(t, late);
    expect(first.mismatches.flatMap((m) => m.ledgerIds)).not.toContain(lateLine.id);
  });
});

describe('the reconciliation exported', () => {
  it('holds the JSON report’s totals and mismatches, and is audited', async () => {
    const token = await financeToken(t);
    const json = await reconciliation({ date: DAY }, token);
    const book = await exportedBook(t, OPS_API.reportReconciliationExport, { date: DAY }, token);
    const summary = sheetRows(book, '汇总');
    expect(rowOf(summary, '对账日期（北京时间）')[1]).toBe(DAY);
    const tally = (label: string) =>
      rowOf(summary, label)
        .slice(1, 3)
        .map((v, i) => (i === 0 ? v : cellYuan(v)));
    expect(tally('已支付订单')).toEqual([json.totals.paidOrders.count, json.totals.paidOrders.amount]);
    expect(tally('账本收款')).toEqual([json.totals.ledgerReceipts.count, json.totals.ledgerReceipts.amount]);
    expect(tally('退款成功')).toEqual([json.totals.refunds.count, json.totals.refunds.amount]);
    expect(tally('账本退款冲回')).toEqual([
      json.totals.ledgerRefunds.count,
      json.totals.ledgerRefunds.amount,
    ]);
    expect(tally('支付网关收款')).toEqual([
      json.totals.gatewayOrders?.count,
      json.totals.gatewayOrders?.amount,
    ]);
    expect(cellYuan(rowOf(summary, '收款差额（订单 − 账本）')[2])).toBe(json.totals.receiptDifference);
    expect(cellYuan(rowOf(summary, '当日净收款（收款 − 退款）')[2])).toBe(json.totals.net);
    const details = sheetRows(book, '差异明细');
    expect(details[0]?.[0]).toBe('差异类型');
    expect(details.slice(1).map((row) => row[8])).toEqual(json.mismatches.map((m) => m.reason));
    expect(details.slice(1).map((row) => cellYuan(row[4]))).toEqual(json.mismatches.map((m) => m.ours));
    expect(await lastExportAudit(t)).toMatchObject({
      detail: { report: 'reconciliation', date: DAY, mismatches: json.mismatches.length },
    });
  });

  it('is named after its day', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api${OPS_API.reportReconciliationExport}`,
      query: { date: DAY },
      headers: { opsToken: await financeToken(t) },
    });
    expect(res.headers['content-disposition']).toContain(`reconciliation-${DAY}.xlsx`);
  });
});
