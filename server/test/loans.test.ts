import {
  addDaysIso,
  BANK_CODES,
  buildSchedule,
  type EarlySettleResult,
  type LoanRecordDetail,
  RSP,
  type SettlementQuote,
  type TradingRecordPage,
} from '@loan/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankAdapter, BankAdapters } from '../src/adapters/banks/bank-adapter.ts';
import { createSandboxBanks } from '../src/adapters/banks/sandbox.ts';
import { deliverDueBankCallbacks } from '../src/adapters/banks/sandbox-delivery.ts';
import {
  applications,
  auditLog,
  feeItems,
  instalments,
  ledgerTransactions,
  loans,
  sandboxBankJobs,
  settlementRequests,
} from '../src/db/schema.ts';
import { call, createTestApp, login, type TestApp, tableCounts } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { advanceAndCollect, DAY, disburseLoan, makeHalfPayer } from './helpers/loans.ts';

let t: TestApp;
/** the sandbox banks, with a switch that makes them refuse early settlement */
const bankSwitch: { refuseSettle: boolean; whileSettling: (() => Promise<void>) | null } = {
  refuseSettle: false,
  whileSettling: null,
};

beforeAll(async () => {
  let inner: BankAdapters | null = null;
  const banks = Object.fromEntries(
    BANK_CODES.map((code) => {
      const get = () => {
        if (!inner) throw new Error('banks not ready');
        return inner[code];
      };
      const adapter: BankAdapter = {
        code,
        sandbox: true,
        submit: (s, now, key) => get().submit(s, now, key),
        query: (ref, now) => get().query(ref, now),
        cancel: (ref, reason, now, key) => get().cancel(ref, reason, now, key),
        contractSigned: (ref, now, key) => get().contractSigned(ref, now, key),
        openSubAccount: (r, now, key) => get().openSubAccount(r, now, key),
        sendSmallDeposit: (d, now, key) => get().sendSmallDeposit(d, now, key),
        settle: async (ref, total, now, key) => {
          await bankSwitch.whileSettling?.();
          return bankSwitch.refuseSettle
            ? { ok: false, reason: '该笔贷款本月已申请过提前还款' }
            : get().settle(ref, total, now, key);
        },
      };
      return [code, adapter];
    }),
  ) as unknown as BankAdapters;
  t = await createTestApp({ banks });
  inner = createSandboxBanks({ db: t.db, decisionDelayMs: t.config.sandboxDecisionDelayMs });
});
afterAll(async () => t.close());

async function loanOf(rowId: number) {
  const [loan] = await t.db.select().from(loans).where(eq(loans.applicationId, rowId));
  if (!loan) throw new Error('no loan');
  const rows = await t.db
    .select()
    .from(instalments)
    .where(eq(instalments.loanId, loan.id))
    .orderBy(asc(instalments.seq));
  const ledger = await t.db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.loanId, loan.id))
    .orderBy(asc(ledgerTransactions.id));
  const fees = await t.db
    .select()
    .from(feeItems)
    .where(eq(feeItems.loanId, loan.id))
    .orderBy(asc(feeItems.seq));
  return { loan, rows, ledger, fees };
}

/** Every ledger line's parts add up to its amount. */
function expectSplitsAddUp(
  ledger: {
    amountFen: number;
    principalFen: number;
    interestFen: number;
    penaltyFen: number;
    feeFen: number;
  }[],
) {
  for (const l of ledger) expect(l.principalFen + l.interestFen + l.penaltyFen + l.feeFen).toBe(l.amountFen);
}

describe('disbursement creates the loan', () => {
  it('loan, schedule equal to buildSchedule to the fen, disbursement line and per-instalment fee; a replay creates nothing', async () => {
    const b = await makeReadyBorrower(t, 'loan1');
    const rowId = await disburseLoan(t, b, 'YNIT-XT01', '120000', 12);
    const { loan, rows, ledger, fees } = await loanOf(rowId);
    expect(loan).toMatchObject({
      userId: b.userId,
      bank: 'YNIT',
      productCode: 'YNIT-XT01',
      principalFen: 12_000_000,
      annualRate: '0.168',
      method: 'EQUAL_INSTALMENT',
      termMonths: 12,
      startDate: '2026-03-02',
      status: 'REPAYING',
      outstandingPrincipalFen: 12_000_000,
    });
    const schedule = buildSchedule({
      principalFen: 12_000_000,
      annualRate: '0.168',
      months: 12,
      method: 'EQUAL_INSTALMENT',
      startDate: '2026-03-02',
      fee: { kind: 'PER_INSTALMENT', rate: '0.002' },
    });
    expect(rows.map((r) => [r.seq, r.dueDate, r.principalFen, r.interestFen, r.feeFen, r.status])).toEqual(
      schedule.instalments.map((i) => [i.period, i.dueDate, i.principalFen, i.interestFen, i.feeFen, 'DUE']),
    );
    expect(rows.reduce((s, r) => s + r.principalFen, 0)).toBe(12_000_000);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      type: 'DISBURSEMENT',
      amountFen: 12_000_000,
      principalFen: 12_000_000,
    });
    // one fee item per instalment, due with it, for the instalment's own fee: 0.2 % a month of 120,000.00
    expect(fees.map((f) => [f.kind, f.seq, f.dueDate, f.amountFen, f.instalmentId, f.paidFen])).toEqual(
      rows.map((r) => ['INSTALMENT', r.seq, r.dueDate, 24_000, r.id, 0]),
    );

    // the DISBURSE callback delivered again (a bank retry): DUPLICATE, nothing new
    const before = await tableCounts(t.db);
    const [app] = await t.db.select().from(applications).where(eq(applications.id, rowId));
    await t.db
      .update(sandboxBankJobs)
      .set({ deliveredAt: null })
      .where(
        and(
          eq(sandboxBankJobs.bankRef, app?.bankRef ?? ''),
          sql`${sandboxBankJobs.payload}->>'decision' = 'DISBURSE'`,
        ),
      );
    const delivered = await deliverDueBankCallbacks(t.app, {
      db: t.db,
      config: t.config,
      now: t.clock.now,
      log: t.app.log,
    });
    expect(delivered).toBe(1);
    expect(app?.state).toBe('DISBURSED');
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('an upfront fee is one fee item due 7 days after disbursement, which collections do not take', async () => {
    const b = await makeReadyBorrower(t, 'loan2');
    const rowId = await disburseLoan(t, b, 'CGB-DPJY', '100000', 6);
    const { rows, fees, loan } = await loanOf(rowId);
    expect(rows.every((r) => r.feeFen === 0)).toBe(true);
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({
      kind: 'UPFRONT',
      seq: 0,
      amountFen: 50_000,
      paidFen: 0,
      instalmentId: null,
      dueDate: addDaysIso(loan.startDate, 7),
    });
    await advanceAndCollect(t, 8 * DAY);
    const after = await loanOf(rowId);
    expect(after.fees[0]).toMatchObject({ paidFen: 0, discountFen: 0 });
    expect(after.ledger.map((l) => [l.type, l.amountFen, l.feeFen])).toEqual([
      ['DISBURSEMENT', 10_000_000, 0],
    ]);
  });
});

describe('collections sandbox', () => {
  it('pays every instalment in full on its due date; the last payment settles the loan', async () => {
    const b = await makeReadyBorrower(t, 'collect1');
    const rowId = await disburseLoan(t, b, 'SHRB-DDD', '30000', 3);
    const { rows } = await loanOf(rowId);
    // the day before the first due date: nothing
    const toDue = Date.parse(`${rows[0]?.dueDate}T02:00:00Z`) - t.clock.now().getTime();
    await advanceAndCollect(t, toDue - DAY);
    expect((await loanOf(rowId)).ledger).toHaveLength(1);
    await advanceAndCollect(t, DAY);
    expect((await loanOf(rowId)).ledger).toHaveLength(2);
    let state = await loanOf(rowId);
    expect(state.rows[0]).toMatchObject({ status: 'PAID', paidInterestFen: rows[0]?.interestFen });
    expect(state.loan.status).toBe('REPAYING');
    // jump past the end: both remaining instalments paid on their own due dates
    await advanceAndCollect(t, 70 * DAY);
    state = await loanOf(rowId);
    expect(state.rows.every((r) => r.status === 'PAID')).toBe(true);
    expect(state.loan).toMatchObject({ status: 'SETTLED', outstandingPrincipalFen: 0 });
    const repayments = state.ledger.filter((l) => l.type === 'REPAYMENT');
    expect(repayments.map((l) => l.occurredAt.toISOString())).toEqual(
      rows.map((r) => `${r.dueDate}T02:00:00.000Z`),
    );
    expect(repayments.reduce((s, l) => s - l.principalFen, 0)).toBe(3_000_000);
    expectSplitsAddUp(state.ledger);
    await advanceAndCollect(t, 40 * DAY);
    expect((await loanOf(rowId)).ledger).toHaveLength(state.ledger.length);
  });

  it("a store whose seller id ends in '7' pays half on the due date, is overdue with penalty, pays the rest 5 days later", async () => {
    const b = await makeReadyBorrower(t, 'collect2');
    await makeHalfPayer(t, b.userId);
    const rowId = await disburseLoan(t, b, 'SHRB-DDD', '30000', 3);
    const { rows, loan } = await loanOf(rowId);
    const first = rows[0];
    if (!first) throw new Error('no instalment');
    const toDue = Date.parse(`${first.dueDate}T02:00:00Z`) - t.clock.now().getTime();
    await advanceAndCollect(t, toDue);
    let state = await loanOf(rowId);
    // interest first (300 000 × 9 % / 12 = 2 250.00), then principal: owed 2 250.00 → half 1 125.00
    const half = Math.floor((first.interestFen + first.principalFen + first.feeFen) / 2);
    expect(state.rows[0]).toMatchObject({ status: 'OVERDUE', paidInterestFen: half, paidPrincipalFen: 0 });
    expect(state.loan.status).toBe('OVERDUE');
    // two days later: penalty on the unpaid principal (none for 先息后本's first period) – still overdue
    await advanceAndCollect(t, 2 * DAY);
    state = await loanOf(rowId);
    expect(state.rows[0]?.status).toBe('OVERDUE');
    await advanceAndCollect(t, 3 * DAY);
    state = await loanOf(rowId);
    expect(state.rows[0]).toMatchObject({ status: 'PAID', paidInterestFen: first.interestFen });
    expect(state.loan.status).toBe('REPAYING');
    const lines = state.ledger.filter((l) => l.type === 'REPAYMENT');
    expect(lines.map((l) => [l.amountFen, l.occurredAt.toISOString().slice(0, 10)])).toEqual([
      [-half, first.dueDate],
      [-(first.interestFen - half), addDaysIso(first.dueDate, 5)],
    ]);
    expect(loan.annualRate).toBe('0.09');
  });

  it('penalty interest accrues on unpaid principal at the loan rate / 360 per day while overdue', async () => {
    const b = await makeReadyBorrower(t, 'collect3');
    await makeHalfPayer(t, b.userId);
    const rowId = await disburseLoan(t, b, 'CGB-KJED', '100000', 3);
    const { rows } = await loanOf(rowId);
    // move to the last due date: instalments 1 and 2 are interest only and paid late; the third has principal
    const last = rows[2];
    if (!last) throw new Error('no instalment');
    const toDue = Date.parse(`${last.dueDate}T02:00:00Z`) - t.clock.now().getTime();
    await advanceAndCollect(t, toDue);
    let state = await loanOf(rowId);
    const owed = last.principalFen + last.interestFen;
    const half = Math.floor(owed / 2);
    const unpaidPrincipal = last.principalFen - (half - last.interestFen);
    expect(state.rows[2]).toMatchObject({
      status: 'OVERDUE',
      paidPrincipalFen: half - last.interestFen,
      penaltyFen: 0,
    });
    await advanceAndCollect(t, 3 * DAY);
    state = await loanOf(rowId);
    // 3 days at 7.35 % / 360, half-up to the fen
    const penalty3 = Math.round((unpaidPrincipal * 0.0735 * 3) / 360);
    expect(state.rows[2]?.penaltyFen).toBe(penalty3);
    expect(state.loan.status).toBe('OVERDUE');
    await advanceAndCollect(t, 2 * DAY);
    state = await loanOf(rowId);
    const penalty5 = Math.round((unpaidPrincipal * 0.0735 * 5) / 360);
    expect(state.rows[2]).toMatchObject({ status: 'PAID', penaltyFen: penalty5, paidPenaltyFen: penalty5 });
    expect(state.loan).toMatchObject({ status: 'SETTLED', outstandingPrincipalFen: 0 });
    const lastLine = state.ledger.at(-1);
    expect(lastLine).toMatchObject({
      type: 'REPAYMENT',
      amountFen: -(owed - half + penalty5),
      penaltyFen: -penalty5,
      principalFen: -unpaidPrincipal,
    });
    expectSplitsAddUp(state.ledger);
  });
});

const quoteOf = (token: string, loanId: unknown) =>
  call<SettlementQuote>(t.app, 'GET', '/loanMgr/settlementQuote', { loanId }, { token });
const settle = (token: string, body: Record<string, unknown>) =>
  call<EarlySettleResult>(t.app, 'POST', '/loanMgr/earlySettle', body, { token });
const relogin = async (b: ReadyBorrower) => login(t.app, b.loginId, b.password);

describe('the life of a loan through the API', () => {
  it('approval → sign → disbursement → partial and late collections with penalty → early settlement, as records show it', async () => {
    const b = await makeReadyBorrower(t, 'life7');
    await makeHalfPayer(t, b.userId);
    const rowId = await disburseLoan(t, b, 'YNIT-XT01', '120000', 12);
    const detailOf = async (token: string) =>
      okResult(await call<LoanRecordDetail>(t.app, 'GET', '/loanMgr/loanRecordDetail', { rowId }, { token }));
    const recordOf = async (token: string) =>
      okResult(
        await call<{ items: { rowId: number; recordStatus: string; outstandingPrincipal: string | null }[] }>(
          t.app,
          'GET',
          '/loanMgr/loanRecords',
          {},
          { token },
        ),
      ).items.find((i) => i.rowId === rowId);
    const fresh = await detailOf(b.token);
    const schedule = buildSchedule({
      principalFen: 12_000_000,
      annualRate: '0.168',
      months: 12,
      method: 'EQUAL_INSTALMENT',
      startDate: fresh.loan?.startDate ?? '',
      fee: { kind: 'PER_INSTALMENT', rate: '0.002' },
    });
    expect(fresh.instalments.map((i) => [i.dueDate, i.principal, i.interest, i.fee])).toEqual(
      schedule.instalments.map((i) => [
        i.dueDate,
        fenToYuanText(i.principalFen),
        fenToYuanText(i.interestFen),
        fenToYuanText(i.feeFen),
      ]),
    );
    expect(fresh.loan?.annualisedRate).toBe(schedule.annualisedRate.toFixed(4));

    // two days after the first due date: half paid, overdue, penalty accrued
    const first = schedule.instalments[0];
    if (!first) throw new Error('no instalment');
    await advanceAndCollect(t, Date.parse(`${first.dueDate}T02:00:00Z`) - t.clock.now().getTime() + 2 * DAY);
    let token = await relogin(b);
    const overdue = await detailOf(token);
    const i1 = overdue.instalments[0];
    const half = Math.floor(first.paymentFen / 2);
    const unpaidPrincipal = first.principalFen - (half - first.interestFen - first.feeFen);
    const penalty2 = Math.round((unpaidPrincipal * 0.168 * 2) / 360);
    expect(i1).toMatchObject({
      status: 'OVERDUE',
      paidInterest: fenToYuanText(first.interestFen),
      paidFee: fenToYuanText(first.feeFen),
      paidPrincipal: fenToYuanText(half - first.interestFen - first.feeFen),
      penalty: fenToYuanText(penalty2),
      outstanding: fenToYuanText(first.paymentFen - half + penalty2),
    });
    expect(overdue.loan?.status).toBe('OVERDUE');
    expect((await recordOf(token))?.recordStatus).toBe('OVERDUE');
    expect(overdue.transactions.map((l) => [l.type, l.memo])).toEqual([
      ['REPAYMENT', '第 1 期还款（部分）'],
      ['DISBURSEMENT', '放款'],
    ]);

    // five days after: the rest with 5 days' penalty; repaying again
    await advanceAndCollect(t, 3 * DAY);
    token = await relogin(b);
    const caughtUp = await detailOf(token);
    const penalty5 = Math.round((unpaidPrincipal * 0.168 * 5) / 360);
    expect(caughtUp.instalments[0]).toMatchObject({
      status: 'PAID',
      penalty: fenToYuanText(penalty5),
      paidPenalty: fenToYuanText(penalty5),
      outstanding: '0.00',
    });
    expect(caughtUp.loan?.status).toBe('REPAYING');
    expect(caughtUp.transactions[0]).toMatchObject({
      type: 'REPAYMENT',
      memo: '第 1 期还款（逾期）',
      amount: `-${fenToYuanText(first.paymentFen - half + penalty5)}`,
      penalty: `-${fenToYuanText(penalty5)}`,
    });
    const record = await recordOf(token);
    expect(record).toMatchObject({
      recordStatus: 'REPAYING',
      outstandingPrincipal: fenToYuanText(12_000_000 - first.principalFen),
    });

    // early settlement
    const quote = okResult(await quoteOf(token, caughtUp.loan?.loanId));
    // the 11 instalment fees not yet due are forgiven, and the quote says so
    expect(quote).toMatchObject({
      fee: '0.00',
      feeWaived: '2640.00',
      feeNote: '剩余 11 期服务费 2,640.00 元提前结清免收',
    });
    const result = okResult(await settle(token, { loanId: caughtUp.loan?.loanId, total: quote.total }));
    expect(result.loan.status).toBe('SETTLED');
    const settled = await detailOf(token);
    expect(settled.instalments.map((i) => i.status)).toEqual(['PAID', ...Array(11).fill('SETTLED_EARLY')]);
    expect(settled.loan?.serviceFee).toEqual({
      amount: '2880.00',
      status: 'PAID',
      discount: '0.00',
      paid: '240.00',
      refunded: '0.00',
      waived: '2640.00',
      outstanding: '0.00',
      rateLabel: '0.20%/月',
    });
    expect((await recordOf(token))?.recordStatus).toBe('SETTLED');
    const ledger = okResult(
      await call<TradingRecordPage>(t.app, 'GET', '/trading/tradingRecord', {}, { token }),
    );
    expect(ledger.items.map((l) => l.type)).toEqual([
      'EARLY_SETTLEMENT',
      'REPAYMENT',
      'REPAYMENT',
      'DISBURSEMENT',
    ]);
    expect(ledger.totals.principal).toBe('0.00');
  });
});

describe('early settlement', () => {
  it('quote = outstanding principal + interest since the last due date (360-day) + fees due + penalty; confirm settles', async () => {
    const b = await makeReadyBorrower(t, 'settle1');
    const rowId = await disburseLoan(t, b, 'CGB-DPJY', '100000', 6);
    const { rows, loan } = await loanOf(rowId);
    const first = rows[0];
    if (!first) throw new Error('no instalment');
    // the upfront fee, while the borrower has not paid it, is in every quote
    const early = okResult(await quoteOf(b.token, loan.id));
    expect(early).toMatchObject({ loanId: loan.id, principal: '100000.00', fee: '500.00', penalty: '0.00' });
    // first instalment paid on its due date, then 10 days more
    const toDue = Date.parse(`${first.dueDate}T02:00:00Z`) - t.clock.now().getTime();
    await advanceAndCollect(t, toDue + 10 * DAY);
    const token = await relogin(b);
    const remaining = 10_000_000 - first.principalFen;
    const accrued = Math.round((remaining * 0.096 * 10) / 360);
    const quote = okResult(await quoteOf(token, loan.id));
    expect(quote).toEqual({
      loanId: loan.id,
      asOfDate: addDaysIso(first.dueDate, 10),
      principal: fenToYuanText(remaining),
      interest: fenToYuanText(accrued),
      fee: '500.00',
      penalty: '0.00',
      total: fenToYuanText(remaining + accrued + 50_000),
      feeWaived: '0.00',
      feeNote: '',
    });

    // a total that is not the quote: 3603 naming the new total, nothing changes
    const before = await tableCounts(t.db);
    const wrong = await settle(token, { loanId: loan.id, total: '1.00' });
    expect(wrong.response).toEqual({
      rspCode: RSP.QUOTE_CHANGED,
      rspDesc: `结清金额已变化，最新应还 ${quote.total} 元，请确认新的金额后重新提交`,
    });
    expect(await tableCounts(t.db)).toEqual(before);

    const done = okResult(await settle(token, { loanId: loan.id, total: quote.total }));
    expect(done).toMatchObject({
      status: 'SETTLED',
      reason: null,
      loan: { loanId: loan.id, status: 'SETTLED', outstandingPrincipal: '0.00' },
    });
    const after = await loanOf(rowId);
    expect(after.loan.status).toBe('SETTLED');
    expect(after.rows.map((r) => r.status)).toEqual(['PAID', ...Array(5).fill('SETTLED_EARLY')]);
    expect(after.rows.reduce((s2, r) => s2 + r.paidPrincipalFen, 0)).toBe(10_000_000);
    expect(after.ledger.at(-1)).toMatchObject({
      type: 'EARLY_SETTLEMENT',
      amountFen: -(remaining + accrued + 50_000),
      principalFen: -remaining,
      interestFen: -accrued,
      penaltyFen: 0,
      feeFen: -50_000,
    });
    expect(after.fees).toEqual([expect.objectContaining({ kind: 'UPFRONT', paidFen: 50_000, waivedFen: 0 })]);
    expectSplitsAddUp(after.ledger);
    const requests = await t.db
      .select()
      .from(settlementRequests)
      .where(eq(settlementRequests.loanId, loan.id));
    expect(requests).toEqual([
      expect.objectContaining({
        status: 'SETTLED',
        totalFen: remaining + accrued + 50_000,
        asOfDate: quote.asOfDate,
      }),
    ]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'loan.early_settled'));
    expect(audit.some((r) => r.userId === b.userId)).toBe(true);

    // the record detail shows it; a settled loan cannot be quoted or settled again (3602)
    const detail = okResult(
      await call<LoanRecordDetail>(t.app, 'GET', '/loanMgr/loanRecordDetail', { rowId }, { token }),
    );
    expect(detail.loan?.status).toBe('SETTLED');
    expect(detail.instalments.slice(1).every((i) => i.outstanding === '0.00')).toBe(true);
    expect(detail.transactions[0]?.type).toBe('EARLY_SETTLEMENT');
    expect((await quoteOf(token, loan.id)).response.rspCode).toBe(RSP.LOAN_NOT_REPAYING);
    expect((await settle(token, { loanId: loan.id, total: quote.total })).response.rspCode).toBe(
      RSP.LOAN_NOT_REPAYING,
    );
    // and collections leave it alone
    await advanceAndCollect(t, 200 * DAY);
    expect((await loanOf(rowId)).ledger).toHaveLength(after.ledger.length);
  });

  it('an overdue loan’s quote includes the unpaid interest and the penalty to today', async () => {
    const b = await makeReadyBorrower(t, 'settle2');
    await makeHalfPayer(t, b.userId);
    const rowId = await disburseLoan(t, b, 'CGB-KJED', '100000', 3);
    const { rows, loan } = await loanOf(rowId);
    const first = rows[0];
    if (!first) throw new Error('no instalment');
    const toDue = Date.parse(`${first.dueDate}T02:00:00Z`) - t.clock.now().getTime();
    await advanceAndCollect(t, toDue + 2 * DAY);
    const token = await relogin(b);
    expect((await loanOf(rowId)).loan.status).toBe('OVERDUE');
    const quote = okResult(await quoteOf(token, loan.id));
    // 先息后本: the first instalment is interest only; half of it is unpaid; no principal overdue → no penalty
    const unpaidInterest = first.interestFen - Math.floor(first.interestFen / 2);
    const accrued = Math.round((10_000_000 * 0.0735 * 2) / 360);
    expect(quote).toMatchObject({
      principal: '100000.00',
      interest: fenToYuanText(unpaidInterest + accrued),
      penalty: '0.00',
      total: fenToYuanText(10_000_000 + unpaidInterest + accrued),
    });
  });

  it('penalty on overdue principal is in the quote and in the settlement line', async () => {
    const b = await makeReadyBorrower(t, 'settle6');
    await makeHalfPayer(t, b.userId);
    const rowId = await disburseLoan(t, b, 'CGB-DPJY', '100000', 6);
    const { rows, loan } = await loanOf(rowId);
    const first = rows[0];
    if (!first) throw new Error('no instalment');
    const toDue = Date.parse(`${first.dueDate}T02:00:00Z`) - t.clock.now().getTime();
    await advanceAndCollect(t, toDue + 3 * DAY);
    const token = await relogin(b);
    const half = Math.floor((first.principalFen + first.interestFen) / 2);
    const paidPrincipal = half - first.interestFen;
    const unpaidPrincipal = first.principalFen - paidPrincipal;
    const penalty = Math.round((unpaidPrincipal * 0.096 * 3) / 360);
    const accrued = Math.round(((10_000_000 - first.principalFen) * 0.096 * 3) / 360);
    const quote = okResult(await quoteOf(token, loan.id));
    expect(quote).toMatchObject({
      principal: fenToYuanText(10_000_000 - paidPrincipal),
      interest: fenToYuanText(accrued),
      fee: '500.00',
      penalty: fenToYuanText(penalty),
      total: fenToYuanText(10_000_000 - paidPrincipal + accrued + penalty + 50_000),
    });
    expect(penalty).toBeGreaterThan(0);
    okResult(await settle(token, { loanId: loan.id, total: quote.total }));
    const after = await loanOf(rowId);
    expect(after.rows[0]).toMatchObject({
      status: 'SETTLED_EARLY',
      penaltyFen: penalty,
      paidPenaltyFen: penalty,
    });
    expect(after.ledger.at(-1)).toMatchObject({ type: 'EARLY_SETTLEMENT', penaltyFen: -penalty });
    expect(after.loan).toMatchObject({ status: 'SETTLED', outstandingPrincipalFen: 0 });
  });

  it('a bank refusal answers REFUSED with the reason, records the request and changes no money', async () => {
    const b = await makeReadyBorrower(t, 'settle3');
    const rowId = await disburseLoan(t, b, 'SHRB-DDD', '30000', 3);
    const { loan, ledger } = await loanOf(rowId);
    const quote = okResult(await quoteOf(b.token, loan.id));
    bankSwitch.refuseSettle = true;
    try {
      const res = okResult(await settle(b.token, { loanId: loan.id, total: quote.total }));
      expect(res).toMatchObject({
        status: 'REFUSED',
        reason: '该笔贷款本月已申请过提前还款',
        loan: { status: 'REPAYING' },
      });
    } finally {
      bankSwitch.refuseSettle = false;
    }
    const after = await loanOf(rowId);
    expect(after.loan.status).toBe('REPAYING');
    expect(after.ledger).toHaveLength(ledger.length);
    const [request] = await t.db
      .select()
      .from(settlementRequests)
      .where(eq(settlementRequests.loanId, loan.id));
    expect(request).toMatchObject({ status: 'REFUSED', reason: '该笔贷款本月已申请过提前还款' });
  });

  it('a collection that lands while the bank answers makes the confirmation 3603, nothing paid twice', async () => {
    const b = await makeReadyBorrower(t, 'settle7');
    const rowId = await disburseLoan(t, b, 'SHRB-DDD', '30000', 3);
    const { rows, loan } = await loanOf(rowId);
    const first = rows[0];
    if (!first) throw new Error('no instalment');
    // the day before the first due date
    const toDue = Date.parse(`${first.dueDate}T02:00:00Z`) - t.clock.now().getTime();
    await advanceAndCollect(t, toDue - DAY);
    const token = await relogin(b);
    const quote = okResult(await quoteOf(token, loan.id));
    bankSwitch.whileSettling = async () => {
      await advanceAndCollect(t, DAY);
    };
    try {
      const res = await settle(token, { loanId: loan.id, total: quote.total });
      expect(res.response.rspCode).toBe(RSP.QUOTE_CHANGED);
    } finally {
      bankSwitch.whileSettling = null;
    }
    const after = await loanOf(rowId);
    expect(after.loan.status).toBe('REPAYING');
    expect(after.rows[0]?.status).toBe('PAID');
    expect(after.ledger.map((l) => l.type)).toEqual(['DISBURSEMENT', 'REPAYMENT']);
    const [request] = await t.db
      .select()
      .from(settlementRequests)
      .where(eq(settlementRequests.loanId, loan.id));
    expect(request?.status).toBe('REFUSED');
  });

  it('bad input → 1001, unknown or foreign loans → 3601, no session 401, newbie 2005; nothing changes', async () => {
    const owner = await makeReadyBorrower(t, 'settle4');
    const other = await makeReadyBorrower(t, 'settle5');
    const rowId = await disburseLoan(t, owner, 'SHRB-DDD', '30000', 3);
    const { loan } = await loanOf(rowId);
    const newbie = await login(t.app, 'newbie', 'Newbie1234');
    const before = await tableCounts(t.db);
    for (const loanId of ['abc', '0', '-1', '1.5', 'x'.repeat(100_000)]) {
      expect((await quoteOf(owner.token, loanId)).response.rspCode).toBe(RSP.INVALID_INPUT);
    }
    expect(
      (await call(t.app, 'GET', '/loanMgr/settlementQuote', {}, { token: owner.token })).response.rspCode,
    ).toBe(RSP.INVALID_INPUT);
    for (const body of [
      {},
      { loanId: loan.id },
      { loanId: loan.id, total: 12 },
      { loanId: loan.id, total: 'abc' },
      { loanId: loan.id, total: '1.234' },
      { loanId: 'x', total: '1.00' },
      { loanId: loan.id, total: '1'.repeat(2000) },
      { loanId: loan.id, total: '1.00', extra: true },
    ]) {
      const res = await settle(owner.token, body);
      expect(res.status).toBe(200);
      expect(res.response.rspCode, JSON.stringify(body).slice(0, 60)).toBe(RSP.INVALID_INPUT);
    }
    expect((await quoteOf(owner.token, 999_999)).response).toEqual({
      rspCode: RSP.LOAN_NOT_FOUND,
      rspDesc: '贷款不存在或无权查看',
    });
    const quote = okResult(await quoteOf(owner.token, loan.id));
    expect((await quoteOf(other.token, loan.id)).response.rspCode).toBe(RSP.LOAN_NOT_FOUND);
    expect((await settle(other.token, { loanId: loan.id, total: quote.total })).response.rspCode).toBe(
      RSP.LOAN_NOT_FOUND,
    );
    expect((await call(t.app, 'GET', '/loanMgr/settlementQuote', { loanId: loan.id })).status).toBe(401);
    expect(
      (await call(t.app, 'POST', '/loanMgr/earlySettle', { loanId: loan.id, total: quote.total })).status,
    ).toBe(401);
    expect((await quoteOf(newbie, loan.id)).response.rspCode).toBe(RSP.MUST_CHANGE_PASSWORD);
    expect((await settle(newbie, { loanId: loan.id, total: quote.total })).response.rspCode).toBe(
      RSP.MUST_CHANGE_PASSWORD,
    );
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

function fenToYuanText(value: number): string {
  return `${Math.trunc(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}
