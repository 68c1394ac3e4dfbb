import { addDaysIso, shanghaiDate, yuanToFen } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, collectionActivities, collectionCases } from '../src/db/schema.ts';
import { settleCollectionCases } from '../src/modules/collections/promises.ts';
import { createTestApp, login, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { activeBorrower, collectionCalls, operatorsOf } from './helpers/collections.ts';
import { advanceAndCollect, DAY } from './helpers/loans.ts';
import { ok } from './helpers/operators.ts';
import { deliverNotifies, payCalls } from './helpers/payments.ts';

/**
 * 承诺还款, decided by the engine after the promised Shanghai day has ended: KEPT when the borrower's repayments
 * (ledger lines) from the promise's making to the end of its day reach the amount, else BROKEN; once (a second run
 * changes nothing), audited with the borrower as subject; a case with nothing left to work is closed.
 */
let t: TestApp;
let keeper: Awaited<ReturnType<typeof activeBorrower>>;
let breaker: Awaited<ReturnType<typeof activeBorrower>>;
let signIn: ReturnType<typeof operatorsOf>;
const api = () => collectionCalls(t);
const today = () => shanghaiDate(t.clock.now());
const run = (budget?: AbortSignal) => settleCollectionCases({ db: t.db, now: t.clock.now }, budget);
const loan = { productCode: 'YNIT-XT01', amount: '120000', termMonths: 12 };

const promiseOf = async (userId: number) => {
  const [row] = await t.db
    .select()
    .from(collectionActivities)
    .where(and(eq(collectionActivities.userId, userId), eq(collectionActivities.kind, 'PROMISE')));
  return row;
};
const caseOf = async (userId: number) =>
  (await t.db.select().from(collectionCases).where(eq(collectionCases.userId, userId)))[0];

beforeAll(async () => {
  t = await createTestApp();
  signIn = operatorsOf(t);
  keeper = await activeBorrower(t, 'cl_keeper', loan);
  breaker = await activeBorrower(t, 'cl_breaker', loan, { uscc: '91440300MA5FCLBR3X' });
  // the first instalments a few days past due
  await advanceAndCollect(t, 35 * DAY);
}, 120_000);
afterAll(() => t.close());

describe('promises to pay, decided on their date', () => {
  it('marks a promise KEPT once its day has ended when the repayments reach the amount, once', async () => {
    const risk = await signIn('collections');
    const owed = ok(await api().case(risk, keeper.loginId)).overdue.amount;
    const promisedDate = addDaysIso(today(), 2);
    ok(await api().promise(risk, { loginId: keeper.loginId, promisedDate, amount: owed }));
    ok(
      await api().promise(await signIn('collections'), {
        loginId: breaker.loginId,
        promisedDate,
        amount: '500.00',
      }),
    );

    // the next day the borrower repays the overdue instalment at the cashier
    t.clock.advance(DAY);
    const token = await login(t.app, keeper.loginId, keeper.password);
    const pay = payCalls(t);
    const order = okResult(await pay.repayNow(token, { loanId: keeper.loanId, seq: 1, channel: 'ALIPAY' }));
    okResult(await pay.cashier(token, order.order.outTradeNo));
    await deliverNotifies(t);

    // on the promised date itself nothing is decided yet
    t.clock.advance(DAY);
    expect(today()).toBe(promisedDate);
    expect(await run()).toMatchObject({ decided: 0 });
    expect((await promiseOf(keeper.userId))?.state).toBe('PENDING');

    // the day after: decided, with what was repaid; the case with nothing left to work closed
    t.clock.advance(DAY);
    expect(await run()).toEqual({ decided: 2, closed: 1 });
    const kept = await promiseOf(keeper.userId);
    // what the cashier took: the overdue instalment with a day more of penalty, above the promised amount
    const paidFen = yuanToFen(order.order.amount);
    expect(paidFen).toBeGreaterThan(yuanToFen(owed));
    expect(kept).toMatchObject({ state: 'KEPT', repaidFen: paidFen });
    expect(kept?.decidedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(await caseOf(keeper.userId)).toMatchObject({ state: 'CLOSED' });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'collection.promise_kept'));
    expect(audit).toMatchObject({ operatorId: null, userId: null });
    expect(audit?.detail).toMatchObject({ subject: `borrower:${keeper.loginId}`, repaidFen: paidFen });

    // a second run changes nothing
    t.clock.advance(DAY);
    expect(await run()).toEqual({ decided: 0, closed: 0 });
    expect(await promiseOf(keeper.userId)).toEqual(kept);
  });

  it('marks a promise BROKEN when nothing was repaid, and keeps the case open while overdue', async () => {
    const broken = await promiseOf(breaker.userId);
    expect(broken).toMatchObject({ state: 'BROKEN', repaidFen: 0, amountFen: 50_000 });
    expect(await caseOf(breaker.userId)).toMatchObject({ state: 'OPEN' });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'collection.promise_broken'));
    expect(entries.map((e) => e.detail?.subject)).toEqual([`borrower:${breaker.loginId}`]);
    // the console shows the decision in the timeline, and a new promise may be made
    const risk = await signIn('collections');
    const view = ok(await api().case(risk, breaker.loginId));
    expect(view.activities.find((a) => a.kind === 'PROMISE')).toMatchObject({
      state: 'BROKEN',
      repaid: '0.00',
    });
    ok(await api().promise(risk, { loginId: breaker.loginId, promisedDate: today(), amount: '100.00' }));
  });

  it('takes no promise when the run’s budget has run out', async () => {
    t.clock.advance(2 * DAY);
    const spent = new AbortController();
    spent.abort();
    expect(await run(spent.signal)).toEqual({ decided: 0, closed: 0 });
    const pending = await t.db
      .select()
      .from(collectionActivities)
      .where(and(eq(collectionActivities.userId, breaker.userId), eq(collectionActivities.state, 'PENDING')));
    expect(pending.length).toBe(1);
    expect(await run()).toEqual({ decided: 1, closed: 0 });
  });
});
