import { addDaysIso, shanghaiDate } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxBanks } from '../src/adapters/banks/sandbox.ts';
import { deliverDueBankCallbacks } from '../src/adapters/banks/sandbox-delivery.ts';
import { feeItems, instalments, ledgerTransactions, loans, sandboxBankJobs } from '../src/db/schema.ts';
import { overdueOf } from '../src/modules/collections/overdue-sql.ts';
import {
  DEV_SANDBOX_BACKDATE,
  DEV_SANDBOX_BANK_HOLD,
  DEV_SANDBOX_COLLECT,
} from '../src/modules/dev-sandbox/routes.ts';
import { call, createTestApp, PRODUCTION_ENV, type TestApp, tableCounts } from './helpers/app.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { disburseLoan } from './helpers/loans.ts';
import { repaysActively } from './helpers/waivers.ts';

/** The developers' collection trigger: what the browser tests use to let a month pass. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`POST ${DEV_SANDBOX_COLLECT}`, () => {
  it('collects the instalments due by the given day, as the sandbox loop would on that day', async () => {
    const borrower = await makeReadyBorrower(t, 'dev_collect');
    const rowId = await disburseLoan(t, borrower, 'CGB-KJED', '200000.00', 6);
    const [loan] = await t.db.select().from(loans).where(eq(loans.applicationId, rowId));
    if (!loan) throw new Error('no loan');
    const rows = await t.db.select().from(instalments).where(eq(instalments.loanId, loan.id));
    const first = rows.find((r) => r.seq === 1);
    if (!first) throw new Error('no first instalment');

    // the day before the first due date: nothing is due yet
    const early = await call<{ ledgerLines: number }>(t.app, 'POST', DEV_SANDBOX_COLLECT, {
      asOf: addDaysIso(first.dueDate, -1),
    });
    expect(early.response.rspCode).toBe('0000');
    const repaymentsBefore = await t.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.type, 'REPAYMENT'));
    expect(repaymentsBefore).toHaveLength(0);

    const due = await call<{ ledgerLines: number }>(t.app, 'POST', DEV_SANDBOX_COLLECT, {
      asOf: first.dueDate,
    });
    expect(due.result.ledgerLines).toBeGreaterThan(0);
    const [paid] = await t.db.select().from(instalments).where(eq(instalments.id, first.id));
    expect(paid?.status).toBe('PAID');
    const repayments = await t.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.type, 'REPAYMENT'));
    expect(repayments).toHaveLength(1);
    expect(repayments[0]?.amountFen).toBe(-(first.principalFen + first.interestFen + first.feeFen));
  });

  it('refuses a date that is not a date and changes nothing', async () => {
    const before = await tableCounts(t.db);
    for (const asOf of ['2026-02-30', 'tomorrow!', '2026/12/01']) {
      const res = await call(t.app, 'POST', DEV_SANDBOX_COLLECT, { asOf });
      expect(res.response.rspCode).toBe('1001');
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({ env: { ...PRODUCTION_ENV } });
    const res = await prod.app.inject({ method: 'POST', url: `/api${DEV_SANDBOX_COLLECT}`, payload: {} });
    expect(res.statusCode).toBe(404);
    await prod.close();
  });
});

describe(`POST ${DEV_SANDBOX_BANK_HOLD}`, () => {
  /** A submission to the sandbox CGB about application `applicationId`: its decision becomes due after the delay. */
  async function submitted(applicationId: number): Promise<string> {
    const banks = createSandboxBanks({ db: t.db, decisionDelayMs: t.config.sandboxDecisionDelayMs });
    const answer = await banks.CGB.submit(
      {
        applicationId,
        bank: 'CGB',
        productCode: 'CGB-KJED',
        productType: 'CREDIT',
        amountFen: 100_000_00,
        termMonths: 6,
        purpose: '备货',
        companyName: '测试公司',
        uscc: '91350100M000100Y43',
        annualSalesFen: 2_400_000_00,
      },
      t.clock.now(),
      `hold-test-${applicationId}`,
    );
    if (!answer.accepted) throw new Error('not accepted');
    return answer.bankRef;
  }
  const delivered = async (bankRef: string) =>
    (await t.db.select().from(sandboxBankJobs).where(eq(sandboxBankJobs.bankRef, bankRef))).every(
      (job) => job.deliveredAt !== null,
    );
  const deliverDue = () =>
    deliverDueBankCallbacks(t.app, { db: t.db, config: t.config, now: t.clock.now, log: t.app.log });

  it('keeps a due answer about the held application back until it is released; others go as before', async () => {
    const held = await call<{ rowId: number; held: boolean }>(t.app, 'POST', DEV_SANDBOX_BANK_HOLD, {
      rowId: 9101,
      hold: true,
    });
    expect(held.result).toEqual({ rowId: 9101, held: true });
    const heldRef = await submitted(9101);
    const otherRef = await submitted(9102);
    t.clock.advance(t.config.sandboxDecisionDelayMs + 1000);
    await deliverDue();
    expect(await delivered(otherRef)).toBe(true);
    expect(await delivered(heldRef)).toBe(false);
    // however long it waits
    t.clock.advance(3600_000);
    await deliverDue();
    expect(await delivered(heldRef)).toBe(false);

    const released = await call(t.app, 'POST', DEV_SANDBOX_BANK_HOLD, { rowId: 9101, hold: false });
    expect(released.response.rspCode).toBe('0000');
    await deliverDue();
    expect(await delivered(heldRef)).toBe(true);
  });

  it('refuses what is not an application number and a hold, and changes nothing', async () => {
    const before = await tableCounts(t.db);
    for (const body of [
      { rowId: 0, hold: true },
      { rowId: 'x', hold: true },
      { rowId: 5 },
      { rowId: 5, hold: 'yes' },
    ]) {
      const res = await call(t.app, 'POST', DEV_SANDBOX_BANK_HOLD, body);
      expect(res.response.rspCode).toBe('1001');
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({ env: { ...PRODUCTION_ENV } });
    const res = await prod.app.inject({
      method: 'POST',
      url: `/api${DEV_SANDBOX_BANK_HOLD}`,
      payload: { rowId: 1, hold: true },
    });
    expect(res.statusCode).toBe(404);
    await prod.close();
  });
});

describe(`POST ${DEV_SANDBOX_BACKDATE}`, () => {
  it('moves a loan back as if disbursed days earlier: its value date and every due date; overdue with 主动还款', async () => {
    const borrower = await makeReadyBorrower(t, 'dev_backdate');
    const rowId = await disburseLoan(t, borrower, 'YNIT-XT01', '60000', 6);
    await repaysActively(t, borrower);
    const [loan] = await t.db.select().from(loans).where(eq(loans.applicationId, rowId));
    if (!loan) throw new Error('no loan');
    const dues = async () =>
      (await t.db.select().from(instalments).where(eq(instalments.loanId, loan.id)))
        .map((r) => r.dueDate)
        .sort();
    const feeDues = async () =>
      (await t.db.select().from(feeItems).where(eq(feeItems.loanId, loan.id))).map((r) => r.dueDate).sort();
    const before = { dues: await dues(), fees: await feeDues() };
    const today = shanghaiDate(t.clock.now());
    expect(await overdueOf(t.db, borrower.userId, today)).toBeNull();

    const moved = await call<{ loanId: number; firstDue: string }>(t.app, 'POST', DEV_SANDBOX_BACKDATE, {
      rowId,
      days: 45,
    });
    expect(moved.result).toEqual({ loanId: loan.id, firstDue: addDaysIso(before.dues[0] ?? '', -45) });
    expect(await dues()).toEqual(before.dues.map((d) => addDaysIso(d, -45)));
    expect(await feeDues()).toEqual(before.fees.map((d) => addDaysIso(d, -45)));
    const [after] = await t.db.select().from(loans).where(eq(loans.id, loan.id));
    expect(after?.startDate).toBe(addDaysIso(loan.startDate, -45));
    expect(after?.disbursedAt.getTime()).toBe(loan.disbursedAt.getTime() - 45 * 86_400_000);
    expect((await overdueOf(t.db, borrower.userId, today))?.oldestDue).toBe(
      addDaysIso(before.dues[0] ?? '', -45),
    );
  });

  it('refuses an application without a loan and what is not a number of days, and changes nothing', async () => {
    const before = await tableCounts(t.db);
    const unknown = await call(t.app, 'POST', DEV_SANDBOX_BACKDATE, { rowId: 987_654, days: 10 });
    expect(unknown.response.rspCode).toBe('3601');
    for (const body of [{ rowId: 1, days: 0 }, { rowId: 1, days: 'x' }, { rowId: 1 }]) {
      expect((await call(t.app, 'POST', DEV_SANDBOX_BACKDATE, body)).response.rspCode).toBe('1001');
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({ env: { ...PRODUCTION_ENV } });
    const res = await prod.app.inject({
      method: 'POST',
      url: `/api${DEV_SANDBOX_BACKDATE}`,
      payload: { rowId: 1, days: 1 },
    });
    expect(res.statusCode).toBe(404);
    await prod.close();
  });
});
