import { RSP } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, feeItems, instalments, opsRequests } from '../src/db/schema.ts';
import { createTestApp, login, type TestApp, tableCounts } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { advanceAndCollect, DAY, disburseLoan } from './helpers/loans.ts';
import { makeOperator, ok, type SignedInOperator } from './helpers/operators.ts';
import {
  deliverNotifies,
  feeItemsOf,
  instalmentsOf,
  ledgerOf,
  loanIdOf,
  payCalls,
} from './helpers/payments.ts';
import { borrowerFigures, repaysActively, waiverCalls } from './helpers/waivers.ts';

/**
 * 减免服务费/罚息 as maker-checker: a reviewer (fee.waive) asks, finance (refund.confirm) confirms; the waiver is
 * applied under the loan's lock to the exact fen and every figure the borrower reads drops by it; no ledger line
 * (no money moved) and the ledger still balances with what was paid; a penalty waived stays waived as it accrues.
 */
let t: TestApp;
let b: ReadyBorrower;
let rowId: number;
let loanId: number;
let reviewer: SignedInOperator;
let finance: SignedInOperator;
let finance2: SignedInOperator;
let round = 0;
const api = () => waiverCalls(t);

/** Operators signed in now (a day later their sessions have ended). */
async function signInOperators() {
  round += 1;
  reviewer = await makeOperator(t, `wv-rev-${round}`, ['reviewer']);
  finance = await makeOperator(t, `wv-fin-${round}`, ['finance']);
  finance2 = await makeOperator(t, `wv-fin2-${round}`, ['finance']);
}

const figures = () => borrowerFigures(t, b, rowId, loanId);
const feeItemOf = async (seq: number) => (await feeItemsOf(t, loanId)).find((f) => f.seq === seq);
const instalmentOf = async (seq: number) => (await instalmentsOf(t, loanId)).find((r) => r.seq === seq);

/** The ledger of the loan balances with the books: its fee and penalty parts are exactly what was paid in cash. */
async function expectLedgerBalances() {
  const ledger = await ledgerOf(t, loanId);
  const fees = await feeItemsOf(t, loanId);
  const rows = await instalmentsOf(t, loanId);
  const sum = <T>(list: T[], of: (x: T) => number) => list.reduce((s, x) => s + of(x), 0);
  // the ledger's parts are negative (out of the borrower's hands): they and the cash paid add up to nothing
  expect(sum(ledger, (l) => l.feeFen) + sum(fees, (f) => f.paidFen)).toBe(0);
  expect(sum(ledger, (l) => l.penaltyFen) + sum(rows, (r) => r.paidPenaltyFen)).toBe(0);
  for (const l of ledger) expect(l.principalFen + l.interestFen + l.penaltyFen + l.feeFen).toBe(l.amountFen);
  return ledger.length;
}

beforeAll(async () => {
  t = await createTestApp();
  b = await makeReadyBorrower(t, 'waiver_b');
  await repaysActively(t, b);
  // YNIT-XT01: 0.2 % of 120 000.00 a month as each instalment's fee (240.00)
  rowId = await disburseLoan(t, b, 'YNIT-XT01', '120000', 12);
  loanId = await loanIdOf(t, rowId);
  // past the second due date: instalments 1 and 2 overdue, their penalty accruing
  await advanceAndCollect(t, 70 * DAY);
  await signInOperators();
});
afterAll(() => t.close());

describe('a fee waiver, asked by one operator and confirmed by another', () => {
  it('drops what the borrower owes by exactly the amount on the fee list, loan page, quote and My account', async () => {
    const item = await feeItemOf(1);
    expect(item?.paidFen).toBe(0);
    const before = await figures();
    expect(before.feeOutstanding(1)).toBe(24000);
    const lines = await expectLedgerBalances();

    const made = ok(
      await api().ask(reviewer, {
        target: 'FEE',
        feeItemId: item?.id,
        amount: '100.05',
        reason: '系统故障致未能按时扣款',
      }),
    );
    expect(made.state).toBe('PENDING');
    // nothing changes before the check; the maker cannot check it
    expect((await figures()).feeOutstanding(1)).toBe(24000);
    expect((await api().confirm(reviewer, made.requestId)).response.rspCode).toBe(RSP.OPS_FORBIDDEN);
    // a second waiver of the same item waits for the first
    const twice = await api().ask(reviewer, {
      target: 'FEE',
      feeItemId: item?.id,
      amount: '1',
      reason: '再减',
    });
    expect(twice.response.rspCode).toBe(RSP.OPS_REQUEST_DUPLICATE);
    const listed = ok(await api().waivable(reviewer, b.loginId));
    expect(listed.fees.find((f) => f.seq === 1)).toMatchObject({
      owed: '240.00',
      pending: { requestId: made.requestId },
    });

    ok(await api().confirm(finance, made.requestId));
    const after = await figures();
    expect(before.feeOutstanding(1) - after.feeOutstanding(1)).toBe(10005);
    expect(after.feeWaived(1)).toBe(10005);
    expect(before.instalment(1).outstanding - after.instalment(1).outstanding).toBe(10005);
    expect(after.instalment(1).waived).toBe(10005);
    expect(before.quote.fee - after.quote.fee).toBe(10005);
    expect(before.quote.total - after.quote.total).toBe(10005);
    expect(before.feesDue - after.feesDue).toBe(10005);
    expect(before.overdue - after.overdue).toBe(10005);
    // no money moved: no ledger line, and the ledger still balances with the books
    expect(await expectLedgerBalances()).toBe(lines);
    const row = await instalmentOf(1);
    expect(row?.waivedFeeFen).toBe(10005);
    expect((await feeItemOf(1))?.waivedFen).toBe(10005);

    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ops.waiver.applied'));
    expect(audit).toMatchObject({ userId: b.userId, loginId: finance.loginId });
    expect(audit?.detail).toMatchObject({
      amountFen: 10005,
      changes: { owedFen: { before: 24000, after: 13995 } },
      maker: reviewer.loginId,
      checker: finance.loginId,
    });
  });

  it('refuses, in Chinese and changing nothing, a waiver above what is owed or of a bad amount', async () => {
    const item = await feeItemOf(1);
    const counts = await tableCounts(t.db);
    const above = await api().ask(reviewer, {
      target: 'FEE',
      feeItemId: item?.id,
      amount: '139.96',
      reason: '超额',
    });
    expect(above.response.rspCode).toBe(RSP.WAIVER_ABOVE_OWED);
    expect(above.response.rspDesc).toBe(
      '减免金额 139.96 元超过当前尚欠的 139.95 元（借款人可能已还部分款项），请按当前欠款重新申请',
    );
    for (const amount of ['0', '-1', '1.001', 'abc', '1e3']) {
      const bad = await api().ask(reviewer, { target: 'FEE', feeItemId: item?.id, amount, reason: '格式' });
      expect(bad.response, amount).toMatchObject({ rspCode: RSP.WAIVER_AMOUNT_INVALID });
    }
    const noReason = await api().ask(reviewer, {
      target: 'FEE',
      feeItemId: item?.id,
      amount: '1',
      reason: ' ',
    });
    expect(noReason.response.rspDesc).toMatch(/减免原因/);
    const unknown = await api().ask(reviewer, {
      target: 'FEE',
      feeItemId: 999_999,
      amount: '1',
      reason: 'x',
    });
    expect(unknown.response.rspCode).toBe(RSP.WAIVER_ITEM_NOT_FOUND);
    const noSeq = await api().ask(reviewer, { target: 'PENALTY', loanId, amount: '1', reason: 'x' });
    expect(noSeq.response.rspCode).toBe(RSP.INVALID_INPUT);
    expect(await tableCounts(t.db)).toEqual(counts);
  });

  it('never lets the maker confirm their own waiver, whatever their roles', async () => {
    const admin = await makeOperator(t, `wv-boss-${round}`, ['admin']);
    const item = await feeItemOf(3);
    const made = ok(
      await api().ask(admin, { target: 'FEE', feeItemId: item?.id, amount: '1', reason: '自批' }),
    );
    const self = await api().confirm(admin, made.requestId);
    expect(self.response.rspCode).toBe(RSP.OPS_SELF_CHECK);
    expect((await feeItemOf(3))?.waivedFen).toBe(0);
    ok(await api().decline(finance, made.requestId, '不予减免'));
    expect((await feeItemOf(3))?.waivedFen).toBe(0);
  });

  it('makes one decision when two checkers confirm at once', async () => {
    const item = await feeItemOf(2);
    const made = ok(
      await api().ask(reviewer, { target: 'FEE', feeItemId: item?.id, amount: '40', reason: '协商减免' }),
    );
    const answers = await Promise.all([
      api().confirm(finance, made.requestId),
      api().confirm(finance2, made.requestId),
    ]);
    expect(answers.map((a) => a.response.rspCode).sort()).toEqual([RSP.OK, RSP.OPS_REQUEST_CLOSED].sort());
    expect((await feeItemOf(2))?.waivedFen).toBe(4000);
    expect((await instalmentOf(2))?.waivedFeeFen).toBe(4000);
  });
});

describe('a penalty waiver', () => {
  it('forgives the penalty to date; the penalty accrued afterwards is owed, never the waived part again', async () => {
    const listed = ok(await api().waivable(reviewer, b.loginId));
    const penalty = listed.penalties.find((p) => p.seq === 2);
    expect(penalty?.owed).toMatch(/^[1-9]\d*\.\d{2}$/);
    const before = await figures();
    const made = ok(
      await api().ask(reviewer, {
        target: 'PENALTY',
        loanId,
        seq: 2,
        amount: penalty?.owed,
        reason: '疫情期间延期',
      }),
    );
    ok(await api().confirm(finance, made.requestId));
    const owedFen = Math.round(Number(penalty?.owed) * 100);
    const after = await figures();
    expect(before.instalment(2).outstanding - after.instalment(2).outstanding).toBe(owedFen);
    expect(before.quote.penalty - after.quote.penalty).toBe(owedFen);
    expect(before.overdue - after.overdue).toBe(owedFen);
    const waivedAt = await instalmentOf(2);
    expect(waivedAt?.waivedPenaltyFen).toBe(owedFen);
    expect(waivedAt?.penaltyFen).toBe(owedFen);
    await expectLedgerBalances();

    // three more days: the collections job accrues on; only those days are owed
    await advanceAndCollect(t, 3 * DAY);
    const later = await instalmentOf(2);
    expect(later?.penaltyFen).toBeGreaterThan(owedFen);
    expect(later?.waivedPenaltyFen).toBe(owedFen);
    const accrued = (later?.penaltyFen ?? 0) - owedFen;
    const next = await figures();
    expect(next.instalment(2).outstanding - after.instalment(2).outstanding).toBe(accrued);
    expect(next.quote.penalty - after.quote.penalty).toBeGreaterThanOrEqual(accrued);
    await signInOperators();
    const again = ok(await api().waivable(reviewer, b.loginId)).penalties.find((p) => p.seq === 2);
    expect(Math.round(Number(again?.owed) * 100)).toBe(accrued);
  });
});

describe('the borrower pays before the waiver is confirmed', () => {
  it('refuses to confirm while a payment is open, then once paid, with the figure owed now; nothing changed', async () => {
    const item = await feeItemOf(1);
    const owed = (item?.amountFen ?? 0) - (item?.waivedFen ?? 0);
    const made = ok(
      await api().ask(reviewer, {
        target: 'FEE',
        feeItemId: item?.id,
        amount: (owed / 100).toFixed(2),
        reason: '全免',
      }),
    );
    b.token = await login(t.app, b.loginId, b.password);
    const pay = payCalls(t);
    const order = okResult(await pay.repayNow(b.token, { loanId, seq: 1, channel: 'ALIPAY' }));
    const open = await api().confirm(finance, made.requestId);
    expect(open.response.rspCode).toBe(RSP.WAIVER_IN_PAYMENT);
    okResult(await pay.cashier(b.token, order.order.outTradeNo));
    await deliverNotifies(t);
    const paid = await api().confirm(finance, made.requestId);
    expect(paid.response).toEqual({
      rspCode: RSP.WAIVER_ABOVE_OWED,
      rspDesc: '该款项当前已无欠款（借款人可能已还清），无需减免，请驳回本申请',
    });
    const [row] = await t.db.select().from(opsRequests).where(eq(opsRequests.id, made.requestId));
    expect(row?.state).toBe('PENDING');
    expect((await feeItemOf(1))?.waivedFen).toBe(10005);
    ok(await api().decline(finance, made.requestId, '借款人已还清'));
    const [fee] = await t.db
      .select()
      .from(feeItems)
      .where(and(eq(feeItems.loanId, loanId), eq(feeItems.seq, 1)));
    expect(fee?.paidFen).toBe(owed);
    const [first] = await t.db
      .select()
      .from(instalments)
      .where(and(eq(instalments.loanId, loanId), eq(instalments.seq, 1)));
    expect(first?.status).toBe('PAID');
    await expectLedgerBalances();
  });
});
