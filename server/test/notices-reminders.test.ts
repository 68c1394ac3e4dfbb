import { addDaysIso } from '@loan/domain';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxOutbox } from '../src/adapters/outbox/sandbox.ts';
import { instalments, noticeDeliveries, notices } from '../src/db/schema.ts';
import { collectDueInstalments } from '../src/modules/loans/collections.ts';
import { owedOfInstalments, planReminders } from '../src/modules/loans/reminders.ts';
import { deliverDueNotices } from '../src/modules/notices/deliver.ts';
import type { TestApp } from './helpers/app.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { setContacts } from './helpers/contacts.ts';
import { disburseLoan, makeHalfPayer } from './helpers/loans.ts';
import { loanIdOf, paymentSetup } from './helpers/payments.ts';

/**
 * The reminder calendar on a real loan: due reminders at D−3, D−1 and D0 from 09:00 Shanghai, once each; an
 * instalment paid after its reminder was planned sends nothing; an overdue instalment gets its notice at D+1
 * with the penalty to date and its bucket.
 */
let t: TestApp;
let fullPayer: number;
let halfPayer: number;
let firstDue: string;
const budget = () => new AbortController().signal;
const at = (date: string, time: string) => new Date(`${date}T${time}+08:00`);
const moveTo = (instant: Date) => t.clock.advance(instant.getTime() - t.clock.now().getTime());
const plan = async () => (await planReminders({ db: t.db, now: t.clock.now }, budget())).planned;

async function firstInstalment(loanId: number) {
  const [row] = await t.db
    .select()
    .from(instalments)
    .where(eq(instalments.loanId, loanId))
    .orderBy(asc(instalments.seq))
    .limit(1);
  if (!row) throw new Error('no instalment');
  return row;
}

beforeAll(async () => {
  const setup = await paymentSetup('remind1');
  t = setup.t;
  fullPayer = (await firstInstalment(setup.loanId)).id;
  firstDue = (await firstInstalment(setup.loanId)).dueDate;
  await setContacts(t, setup.b.userId, { phone: '13800138031', email: 'remind1@example.com' });
  const late = await makeReadyBorrower(t, 'remind2');
  await makeHalfPayer(t, late.userId);
  const lateLoan = await loanIdOf(t, await disburseLoan(t, late, 'YNIT-XT01', '120000', 12));
  halfPayer = (await firstInstalment(lateLoan)).id;
  expect((await firstInstalment(lateLoan)).dueDate).toBe(firstDue);
});
afterAll(async () => t.close());

const remindersOf = (instalmentId: number) =>
  t.db
    .select()
    .from(notices)
    .where(and(eq(notices.instalmentId, instalmentId), like(notices.eventKey, 'reminder:%')))
    .orderBy(asc(notices.id));

describe('the reminder calendar on a loan', () => {
  it('plans D−3 from 09:00, once, and nothing on the days between', async () => {
    moveTo(at(addDaysIso(firstDue, -3), '08:59:00'));
    expect(await plan()).toBe(0);
    moveTo(at(addDaysIso(firstDue, -3), '09:00:00'));
    expect(await plan()).toBe(2);
    expect(await plan()).toBe(0);
    const [d3] = await remindersOf(fullPayer);
    expect(d3).toMatchObject({ kind: 'DUE_SOON', eventKey: `reminder:${fullPayer}:-3` });
    expect(d3?.body).toContain(`3 天后（${firstDue}）`);
    expect(d3?.body).toContain('从您店铺的回款中自动扣收');
    moveTo(at(addDaysIso(firstDue, -2), '12:00:00'));
    expect(await plan()).toBe(0);
  });

  it('plans D−1 and D0; an instalment collected after its reminders were planned sends none of them', async () => {
    moveTo(at(addDaysIso(firstDue, -1), '09:30:00'));
    expect(await plan()).toBe(2);
    moveTo(at(firstDue, '09:00:00'));
    expect(await plan()).toBe(2);
    expect((await remindersOf(fullPayer)).map((n) => n.eventKey)).toEqual([
      `reminder:${fullPayer}:-3`,
      `reminder:${fullPayer}:-1`,
      `reminder:${fullPayer}:0`,
    ]);
    // 10:00: the store's payout pays the instalment in full (the half payer's only half)
    moveTo(at(firstDue, '10:00:00'));
    await collectDueInstalments({ db: t.db }, t.clock.now());
    const base = { db: t.db, now: t.clock.now, config: t.config, log: t.app.log };
    const ctx = { ...base, outbox: createSandboxOutbox({ ...base, keys: t.config, logMessages: false }) };
    await deliverDueNotices(ctx, owedOfInstalments({ db: t.db }), budget());
    const ids = (await remindersOf(fullPayer)).map((n) => n.id);
    const deliveries = await t.db
      .select()
      .from(noticeDeliveries)
      .where(inArray(noticeDeliveries.noticeId, ids));
    expect(deliveries).toHaveLength(6);
    expect(deliveries.every((d) => d.state === 'CANCELLED' && d.reason === '该期已还清，提醒不再发送')).toBe(
      true,
    );
  });

  it('a paid instalment gets no overdue notice; an unpaid one gets D+1 with its penalty and bucket', async () => {
    moveTo(at(addDaysIso(firstDue, 1), '09:00:00'));
    expect(await plan()).toBe(1);
    expect(await remindersOf(fullPayer)).toHaveLength(3);
    const overdue = (await remindersOf(halfPayer)).at(-1);
    expect(overdue).toMatchObject({
      kind: 'OVERDUE',
      category: 'OVERDUE',
      eventKey: `reminder:${halfPayer}:1`,
    });
    expect(overdue?.body).toContain('已逾期 1 天');
    expect(overdue?.body).toContain('M1（逾期 1–30 天）');
    const facts = overdue?.facts as { penaltyFen: number; owedFen: number };
    expect(facts.penaltyFen).toBeGreaterThan(0);
    expect(overdue?.body).toContain(`其中罚息 ${(facts.penaltyFen / 100).toFixed(2)} 元`);
    moveTo(at(addDaysIso(firstDue, 2), '09:00:00'));
    expect(await plan()).toBe(0);
  });
});
