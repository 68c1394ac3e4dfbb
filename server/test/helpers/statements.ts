import { type StatementPage, shanghaiInstant } from '@loan/domain';
import { and, asc, eq } from 'drizzle-orm';
import { type MonthlyStatementRow, monthlyStatements } from '../../src/db/schema.ts';
import { collectDueInstalments } from '../../src/modules/loans/collections.ts';
import { makeDueStatements, type StatementContext } from '../../src/modules/statements/make.ts';
import { call, createTestApp, login, type TestApp } from './app.ts';
import { okResult } from './applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './borrower.ts';
import { disburseLoan, makeHalfPayer } from './loans.ts';
import { deliverNotifies, feeItemsOf, giveCoupon, loanIdOf, payCalls } from './payments.ts';

/** What the statements' job uses, on the test app's database and clock. */
export function statementContext(t: TestApp): StatementContext {
  return { db: t.db, now: t.clock.now, config: t.config, log: t.app.log };
}

/** Moves the test clock to a Shanghai date and time (never back). */
export function moveTo(t: TestApp, date: string, time = '10:00:00'): void {
  const ms = shanghaiInstant(date, time).getTime() - t.clock.now().getTime();
  if (ms < 0) throw new Error(`the clock is past ${date} ${time}`);
  t.clock.advance(ms);
}

/** Runs the statements' job as it would run at that moment. */
export async function runStatementsAt(t: TestApp, date: string, time = '02:00:00') {
  moveTo(t, date, time);
  return makeDueStatements(statementContext(t));
}

export async function statementOf(t: TestApp, userId: number, month: string): Promise<MonthlyStatementRow> {
  const [row] = await t.db
    .select()
    .from(monthlyStatements)
    .where(and(eq(monthlyStatements.userId, userId), eq(monthlyStatements.month, month)));
  if (!row) throw new Error(`no statement of ${month} for user ${userId}`);
  return row;
}

export function statementsOf(t: TestApp, userId: number) {
  return t.db
    .select()
    .from(monthlyStatements)
    .where(eq(monthlyStatements.userId, userId))
    .orderBy(asc(monthlyStatements.month));
}

export function statementCalls(t: TestApp) {
  return {
    list: (token: string, query: Record<string, unknown> = {}) =>
      call<StatementPage>(t.app, 'GET', '/account/statements', query, { token }),
    pdf: (token: string, id: unknown) =>
      t.app.inject({
        method: 'GET',
        url: '/api/account/statementPdf',
        query: { id: String(id) },
        headers: { accessToken: token },
      }),
  };
}

export interface StatementSetup {
  t: TestApp;
  b: ReadyBorrower;
  loanId: number;
  /** what the coupon took off the fee paid in March */
  couponFen: number;
}

/**
 * A borrower whose store pays half on each due date and the rest 5 days late, with a 12-month YNIT loan of
 * 120000.00 disbursed on 2026-03-02 and the first instalment's service fee paid on the fee page the same day with a
 * coupon of 20.00; March's statements made on 2026-04-01 02:00, then April's collections (half on the due date,
 * the rest late with penalty) and April's statements made on 2026-05-01 02:00. The borrower is signed in anew.
 */
export async function statementSetup(loginId: string): Promise<StatementSetup> {
  const t = await createTestApp();
  const b = await makeReadyBorrower(t, loginId);
  await makeHalfPayer(t, b.userId);
  const loanId = await loanIdOf(t, await disburseLoan(t, b, 'YNIT-XT01', '120000', 12));
  const [fee] = await feeItemsOf(t, loanId);
  if (!fee) throw new Error('no fee item');
  const couponFen = 2000;
  const couponId = await giveCoupon(t, b.userId, { amountOffFen: couponFen, thresholdFen: 0 });
  const pay = payCalls(t);
  const created = okResult(await pay.create(b.token, { feeIds: [fee.id], couponId, channel: 'ALIPAY' }));
  okResult(await pay.cashier(b.token, created.order.outTradeNo, 'PAY'));
  if ((await deliverNotifies(t)) !== 1) throw new Error('the fee payment was not notified');
  await runStatementsAt(t, '2026-04-01');
  // April's collections: the first due date, and the rest 5 days later
  moveTo(t, '2026-04-20');
  await collectDueInstalments({ db: t.db }, t.clock.now());
  await runStatementsAt(t, '2026-05-01');
  return { t, b: { ...b, token: await login(t.app, b.loginId, b.password) }, loanId, couponFen };
}
