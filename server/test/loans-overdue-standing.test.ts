import { addDaysIso, type LoanRecordItem, OPS_API } from '@loan/domain';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instalments, notices, receivingSettings } from '../src/db/schema.ts';
import { collectDueInstalments } from '../src/modules/loans/collections.ts';
import { planReminders } from '../src/modules/loans/reminders.ts';
import { call, createTestApp, login, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { disburseLoan } from './helpers/loans.ts';
import { makeOperator, ok, opsCall } from './helpers/operators.ts';
import { loanIdOf } from './helpers/payments.ts';

/**
 * A borrower who repays by themselves (主动还款) and does not: the reminder says they must pay through 立即还款,
 * the instalment turns overdue, and the loan's status follows its bucket in the borrower's records and in the
 * console's borrower page (M1 at D+1, M2 at D+31).
 */
let t: TestApp;
let b: ReadyBorrower;
let firstDue: string;
const at = (date: string, time: string) => new Date(`${date}T${time}+08:00`);
const moveTo = (instant: Date) => t.clock.advance(instant.getTime() - t.clock.now().getTime());

beforeAll(async () => {
  t = await createTestApp();
  b = await makeReadyBorrower(t, 'selfpayer');
  await t.db
    .insert(receivingSettings)
    .values({ userId: b.userId, paidMethod: 'ACTIVE_REPAY', updatedAt: t.clock.now() });
  const loanId = await loanIdOf(t, await disburseLoan(t, b, 'YNIT-XT01', '60000', 6));
  const [first] = await t.db
    .select()
    .from(instalments)
    .where(eq(instalments.loanId, loanId))
    .orderBy(asc(instalments.seq))
    .limit(1);
  firstDue = first?.dueDate ?? '';
});
afterAll(async () => t.close());

/** signed in again after the clock moved (sessions end after 30 idle minutes) */
const records = async () => {
  const token = await login(t.app, b.loginId, b.password);
  return okResult(
    await call<{ items: LoanRecordItem[] }>(t.app, 'GET', '/loanMgr/loanRecords', undefined, { token }),
  ).items;
};
let operators = 0;
const consoleLoans = async () => {
  operators += 1;
  const support = await makeOperator(t, `support-standing-${operators}`, ['support']);
  const page = await opsCall<{ loans: Array<{ status: string }> }>(
    t,
    'GET',
    OPS_API.borrowerDetail,
    { loginId: 'selfpayer' },
    support.opsToken,
  );
  return ok(page).loans;
};

describe('an instalment the borrower must pay themselves', () => {
  it('is reminded with 立即还款, not the payouts', async () => {
    moveTo(at(addDaysIso(firstDue, -1), '09:00:00'));
    await planReminders({ db: t.db, now: t.clock.now }, new AbortController().signal);
    const [reminder] = await t.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, b.userId), like(notices.eventKey, 'reminder:%')));
    expect(reminder?.body).toContain('需由您自行还款');
    expect(reminder?.body).toContain('立即还款');
    expect(reminder?.body).not.toContain('回款');
    expect((await records())[0]).toMatchObject({ recordStatus: 'REPAYING', overdueBucket: null });
  });

  it('turns overdue unpaid: the status names M1 the day after, M2 from day 31, in both views', async () => {
    moveTo(at(addDaysIso(firstDue, 1), '10:00:00'));
    await collectDueInstalments({ db: t.db }, t.clock.now());
    expect((await records())[0]).toMatchObject({ recordStatus: 'OVERDUE', overdueBucket: 'M1' });
    expect((await consoleLoans())[0]?.status).toBe('已逾期 · M1');
    moveTo(at(addDaysIso(firstDue, 31), '10:00:00'));
    await collectDueInstalments({ db: t.db }, t.clock.now());
    expect((await records())[0]).toMatchObject({ recordStatus: 'OVERDUE', overdueBucket: 'M2' });
    expect((await consoleLoans())[0]?.status).toBe('已逾期 · M2');
  });
});
