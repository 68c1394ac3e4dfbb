import { addDaysIso, buildSchedule } from '@loan/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueBankCallbacks } from '../src/adapters/banks/sandbox-delivery.ts';
import { applications, sandboxBankJobs } from '../src/db/schema.ts';
import { createTestApp, type TestApp, tableCounts } from './helpers/app.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import {
  advanceAndCollect,
  DAY,
  disburseLoan,
  expectSplitsAddUp,
  loanRows,
  makeHalfPayer,
} from './helpers/loans.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const loanOf = (rowId: number) => loanRows(t, rowId);

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
