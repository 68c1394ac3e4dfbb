import { addDaysIso } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instalments, ledgerTransactions, loans } from '../src/db/schema.ts';
import { DEV_SANDBOX_COLLECT } from '../src/modules/dev-sandbox/routes.ts';
import { call, createTestApp, PRODUCTION_ENV, type TestApp, tableCounts } from './helpers/app.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { disburseLoan } from './helpers/loans.ts';

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
