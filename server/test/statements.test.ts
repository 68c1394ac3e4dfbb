import { RSP, type StatementFigures, statementMonth } from '@loan/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ledgerTransactions,
  loans,
  type MonthlyStatementRow,
  monthlyStatements,
  notices,
  users,
} from '../src/db/schema.ts';
import { type BackgroundContext, backgroundJobs, JOB, JOB_PERIOD_SECONDS } from '../src/jobs/background.ts';
import { figuresOf } from '../src/modules/statements/file.ts';
import {
  borrowersWithoutStatement,
  makeDueStatements,
  makeStatement,
} from '../src/modules/statements/make.ts';
import { call, type TestApp } from './helpers/app.ts';
import { okResult } from './helpers/applications.ts';
import { feeItemsOf, instalmentsOf } from './helpers/payments.ts';
import {
  runStatementsAt,
  type StatementSetup,
  statementContext,
  statementOf,
  statementSetup,
  statementsOf,
} from './helpers/statements.ts';

/**
 * The 月度对账单 made by the background job's sweep from the ledger: a month with a disbursement and a fee paid with
 * a coupon, a month of collections (half on the due date, the rest late with penalty), each figure rebuilt here
 * from the ledger lines by SQL of its own, once per borrower and month however often or concurrently it runs, and
 * announced in the message centre.
 */
let s: StatementSetup;
let t: TestApp;
beforeAll(async () => {
  s = await statementSetup('stmt_make');
  t = s.t;
});
afterAll(() => t.close());

type Figures = StatementFigures;

/** Each figure summed here from the ledger lines and the coupons, by SQL of this test's own. */
async function rebuilt(userId: number, month: string): Promise<Figures> {
  const bounds = statementMonth(month);
  if (!bounds) throw new Error(month);
  const start = bounds.start.toISOString();
  const end = bounds.end.toISOString();
  const ledger = await t.db.execute(sql`
    with l as (
      select *, occurred_at >= ${start}::timestamptz and occurred_at < ${end}::timestamptz as m,
        amount_fen - principal_fen - interest_fen - penalty_fen - fee_fen as rest
      from ledger_transactions where user_id = ${userId}
    )
    select
      coalesce(sum(principal_fen) filter (where occurred_at < ${start}::timestamptz), 0)::bigint as opening,
      coalesce(sum(principal_fen) filter (where occurred_at < ${end}::timestamptz), 0)::bigint as closing,
      coalesce(sum(principal_fen) filter (where m and type = 'DISBURSEMENT'), 0)::bigint as disbursed,
      coalesce(-sum(principal_fen) filter (where m and type <> 'DISBURSEMENT'), 0)::bigint as principal,
      coalesce(-sum(interest_fen) filter (where m), 0)::bigint as interest,
      coalesce(-sum(penalty_fen) filter (where m), 0)::bigint as penalty,
      coalesce(-sum(fee_fen) filter (where m and type in ('REPAYMENT', 'EARLY_SETTLEMENT')), 0)::bigint as fee,
      coalesce(-sum(fee_fen) filter (where m and type in ('FEE_PAYMENT', 'COUPON')), 0)::bigint as fees_paid,
      coalesce(sum(fee_fen) filter (where m and type = 'REFUND'), 0)::bigint as fees_refunded,
      coalesce(-sum(rest) filter (where m and type not in ('REFUND', 'DISBURSEMENT')), 0)::bigint as unapplied,
      coalesce(sum(rest) filter (where m and type in ('REFUND', 'DISBURSEMENT')), 0)::bigint as other_refunded,
      count(*) filter (where m)::int as lines,
      count(*) filter (where type = 'REVERSAL')::int as reversals
    from l`);
  const coupons = await t.db.execute(sql`
    select count(*)::int as count, coalesce(sum(o.discount_fen), 0)::bigint as fen
    from coupons c join payment_orders o on o.id = c.used_order_id
    where c.user_id = ${userId} and c.state = 'USED'
      and o.paid_at >= ${start}::timestamptz and o.paid_at < ${end}::timestamptz`);
  const [r] = (ledger as unknown as { rows: Record<string, string | number>[] }).rows;
  const [c] = (coupons as unknown as { rows: Record<string, string | number>[] }).rows;
  if (!r || !c) throw new Error('no sums');
  // no reversal is ever written: the SQL above would have to follow reverses_id for one
  expect(Number(r.reversals)).toBe(0);
  return {
    openingFen: Number(r.opening),
    disbursedFen: Number(r.disbursed),
    repaidPrincipalFen: Number(r.principal),
    repaidInterestFen: Number(r.interest),
    repaidPenaltyFen: Number(r.penalty),
    repaidFeeFen: Number(r.fee),
    feesPaidFen: Number(r.fees_paid),
    feesRefundedFen: Number(r.fees_refunded),
    unappliedPaidFen: Number(r.unapplied),
    otherRefundedFen: Number(r.other_refunded),
    couponsUsedCount: Number(c.count),
    couponsUsedFen: Number(c.fen),
    closingFen: Number(r.closing),
    lineCount: Number(r.lines),
  };
}

describe('the statements of a month', () => {
  it('March: the disbursement and a fee paid with a coupon, the next due date and what it asks', async () => {
    const march = await statementOf(t, s.b.userId, '2026-03');
    const [fee] = await feeItemsOf(t, s.loanId);
    const [first] = await instalmentsOf(t, s.loanId);
    expect(figuresOf(march)).toEqual({
      openingFen: 0,
      disbursedFen: 12_000_000,
      repaidPrincipalFen: 0,
      repaidInterestFen: 0,
      repaidPenaltyFen: 0,
      repaidFeeFen: 0,
      feesPaidFen: (fee?.amountFen ?? 0) - s.couponFen,
      feesRefundedFen: 0,
      unappliedPaidFen: 0,
      otherRefundedFen: 0,
      couponsUsedCount: 1,
      couponsUsedFen: s.couponFen,
      closingFen: 12_000_000,
      lineCount: 2,
    });
    // made on 1 April, before the first due date: its principal and interest (its fee was paid ahead)
    expect(march.nextDueDate).toBe('2026-04-02');
    expect(march.nextDueFen).toBe((first?.principalFen ?? 0) + (first?.interestFen ?? 0));
    expect(march.createdAt.toISOString()).toBe('2026-03-31T18:00:00.000Z');
    expect(march.docNo).toMatch(/^DZ20260401[0-9A-Z]{8}$/);
  });

  it('April: the collections by part, penalty included; the balance follows the loan', async () => {
    const april = await statementOf(t, s.b.userId, '2026-04');
    const [first, second] = await instalmentsOf(t, s.loanId);
    expect(first?.status).toBe('PAID');
    expect(april).toMatchObject({
      openingFen: 12_000_000,
      disbursedFen: 0,
      repaidPrincipalFen: first?.principalFen,
      repaidInterestFen: first?.interestFen,
      repaidPenaltyFen: first?.paidPenaltyFen,
      repaidFeeFen: 0,
      feesPaidFen: 0,
      couponsUsedCount: 0,
      lineCount: 2,
      nextDueDate: '2026-05-02',
      nextDueFen: (second?.principalFen ?? 0) + (second?.interestFen ?? 0) + (second?.feeFen ?? 0),
    });
    expect(april.repaidPenaltyFen).toBeGreaterThan(0);
    expect(april.closingFen).toBe(12_000_000 - (first?.principalFen ?? 0));
    const [loan] = await t.db.select().from(loans).where(eq(loans.id, s.loanId));
    expect(april.closingFen).toBe(loan?.outstandingPrincipalFen);
    // the months chain: one's closing is the next one's opening
    expect(april.openingFen).toBe((await statementOf(t, s.b.userId, '2026-03')).closingFen);
  });

  it('every figure is what the ledger lines sum to, rebuilt here by SQL of its own', async () => {
    const rows = await statementsOf(t, s.b.userId);
    expect(rows.map((r) => r.month)).toEqual(['2026-03', '2026-04']);
    for (const row of rows) expect(figuresOf(row), row.month).toEqual(await rebuilt(s.b.userId, row.month));
    // and the ledger has lines in both months
    const lines = await t.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.userId, s.b.userId));
    expect(lines.length).toBe(4);
  });

  it('announces each statement in the message centre, once, with its figures', async () => {
    for (const row of await statementsOf(t, s.b.userId)) {
      const found = await t.db
        .select()
        .from(notices)
        .where(eq(notices.eventKey, `statement:${row.id}`));
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({
        userId: s.b.userId,
        kind: 'STATEMENT_READY',
        category: 'STATEMENT',
        title: `${row.month} 月度对账单`,
        facts: {
          statementId: row.id,
          month: row.month,
          closingFen: row.closingFen,
          nextDueDate: row.nextDueDate,
        },
      });
      expect(found[0]?.body).toContain(row.nextDueDate ?? '');
    }
  });

  it('gives none to a borrower with neither activity nor balance', async () => {
    const [demo] = await t.db.select({ id: users.id }).from(users).where(eq(users.loginId, 'demo'));
    expect(await statementsOf(t, demo?.id ?? 0)).toEqual([]);
    expect(await borrowersWithoutStatement(t.db, '2026-04', 0, 100)).toEqual([]);
  });

  it('is a background job, looked for hourly', () => {
    const jobs = backgroundJobs({} as never, statementContext(t) as unknown as BackgroundContext);
    expect(jobs.find((j) => j.name === JOB.statements)?.everySeconds).toBe(3600);
    expect(JOB_PERIOD_SECONDS.statements).toBe(3600);
  });
});

describe('once per borrower and month', () => {
  it('a second run makes nothing; concurrent makers and the job make one statement and one notice', async () => {
    expect(await makeDueStatements(statementContext(t))).toEqual({ month: '2026-04', made: 0 });
    // May: no line (the second instalment is not collected here), but a balance: the borrower gets one
    const june = await runStatementsAt(t, '2026-06-01', '00:30:00');
    expect(june).toEqual({ month: '2026-04', made: 0 });
    t.clock.advance(3600_000);
    expect(await borrowersWithoutStatement(t.db, '2026-05', 0, 100)).toEqual([s.b.userId]);
    const ctx = statementContext(t);
    const [first, job1, second, job2] = await Promise.all([
      makeStatement(ctx, s.b.userId, '2026-05', t.clock.now()),
      makeDueStatements(ctx),
      makeStatement(ctx, s.b.userId, '2026-05', t.clock.now()),
      makeDueStatements(ctx),
    ]);
    expect([first, second].filter((m) => m !== null).length + job1.made + job2.made).toBe(1);
    const rows = await t.db
      .select()
      .from(monthlyStatements)
      .where(and(eq(monthlyStatements.userId, s.b.userId), eq(monthlyStatements.month, '2026-05')));
    expect(rows).toHaveLength(1);
    const [may] = rows;
    expect(may).toMatchObject({ lineCount: 0, disbursedFen: 0, repaidPrincipalFen: 0 });
    expect(may?.openingFen).toBe(may?.closingFen);
    expect(figuresOf(may as MonthlyStatementRow)).toEqual(await rebuilt(s.b.userId, '2026-05'));
    const announced = await t.db
      .select()
      .from(notices)
      .where(eq(notices.eventKey, `statement:${may?.id}`));
    expect(announced).toHaveLength(1);
    // the next due date is looked for from 1 June on (May's instalment, not collected here, is past due)
    const [, mayInstalment] = await instalmentsOf(t, s.loanId);
    expect(mayInstalment?.status).toBe('DUE');
    expect(may?.nextDueDate).toBe('2026-06-02');
  });
});

describe('the developers’ trigger', () => {
  it('makes the statements due on a given day, for one borrower or all; a bad date is 1001', async () => {
    const make = (body: Record<string, unknown>) => call(t.app, 'POST', '/dev/sandbox/statements', body);
    expect(okResult(await make({ asOf: '2026-07-01', loginId: 'STMT_MAKE' }))).toEqual({
      month: '2026-06',
      made: 1,
    });
    expect(okResult(await make({ asOf: '2026-07-01' }))).toEqual({ month: '2026-06', made: 0 });
    expect((await statementOf(t, s.b.userId, '2026-06')).lineCount).toBe(0);
    expect((await make({ asOf: '2026-02-30' })).response.rspCode).toBe(RSP.INVALID_INPUT);
    expect((await make({ asOf: '2026-07-01', loginId: 'nobody' })).response.rspCode).toBe(RSP.INVALID_INPUT);
  });
});
