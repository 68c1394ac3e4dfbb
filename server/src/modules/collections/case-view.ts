import {
  type BankScope,
  fenToYuan,
  maskName,
  overdueBucket,
  PARTNER_BANKS,
  shanghaiDate,
} from '@loan/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import {
  type CollectionActivityRow,
  collectionActivities,
  collectionCases,
  instalments,
  loanCertifications,
  loans,
  noticeDeliveries,
  notices,
  operators,
} from '../../db/schema.ts';
import { instalmentFeeOwedFen, OPEN_INSTALMENT } from '../loans/collections.ts';
import { instalmentToday } from '../loans/overdue-today.ts';
import { borrowerByLogin } from '../ops/borrower-profile.ts';
import type { ScopedOperator } from '../ops/data-scope.ts';
import { loanInScope } from './overdue-sql.ts';

/** The newest activities and notices a case page shows. */
const ACTIVITIES_SHOWN = 100;
const NOTICES_SHOWN = 30;

const bankName = (bank: string) => PARTNER_BANKS[bank as keyof typeof PARTNER_BANKS]?.name ?? bank;
const yuanOrNull = (fen: number | null) => (fen === null ? null : fenToYuan(fen));

/**
 * The borrower's instalments past due on `today` (of the loans at the operator's banks), oldest first, each with
 * its parts and penalty to today.
 */
async function overdueInstalments(db: Database, userId: number, today: string, banks: BankScope) {
  const rows = await db
    .select({
      instalment: instalments,
      annualRate: loans.annualRate,
      rowId: loans.applicationId,
      bank: loans.bank,
    })
    .from(instalments)
    .innerJoin(loans, eq(loans.id, instalments.loanId))
    .where(
      and(eq(loans.userId, userId), inArray(instalments.status, [...OPEN_INSTALMENT]), loanInScope(banks)),
    )
    .orderBy(asc(instalments.dueDate), asc(instalments.loanId), asc(instalments.seq));
  return rows.flatMap(({ instalment: row, annualRate, rowId, bank }) => {
    const now = instalmentToday(row, annualRate, today);
    if (now.days <= 0) return [];
    return [
      {
        loanId: row.loanId,
        rowId,
        bankName: bankName(bank),
        seq: row.seq,
        dueDate: row.dueDate,
        daysPastDue: now.days,
        principal: fenToYuan(row.principalFen - row.paidPrincipalFen),
        interest: fenToYuan(row.interestFen - row.paidInterestFen),
        fee: fenToYuan(instalmentFeeOwedFen(row)),
        penalty: fenToYuan(now.penaltyFen),
        owed: fenToYuan(now.owedFen),
        owedFen: now.owedFen,
      },
    ];
  });
}

/** The borrower's collections activities, newest first, with who recorded, was given or decided each. */
async function activitiesOf(db: Database, userId: number) {
  const rows = await db
    .select()
    .from(collectionActivities)
    .where(eq(collectionActivities.userId, userId))
    .orderBy(desc(collectionActivities.id))
    .limit(ACTIVITIES_SHOWN);
  const ids = [
    ...new Set(rows.flatMap((r) => [r.operatorId, r.assigneeId, r.decidedBy]).filter((id) => id !== null)),
  ];
  const names = ids.length
    ? await db
        .select({ id: operators.id, loginId: operators.loginId, name: operators.name })
        .from(operators)
        .where(inArray(operators.id, ids))
    : [];
  const who = (id: number | null) => {
    const found = names.find((n) => n.id === id);
    return found ? { loginId: found.loginId, name: found.name } : null;
  };
  return rows.map((r: CollectionActivityRow) => ({
    id: r.id,
    kind: r.kind,
    at: r.at.toISOString(),
    operator: who(r.operatorId),
    text: r.text,
    channel: r.channel,
    outcome: r.outcome,
    promisedDate: r.promisedDate,
    amount: yuanOrNull(r.amountFen),
    relief: r.relief,
    assignee: who(r.assigneeId),
    state: r.state,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decidedBy: who(r.decidedBy),
    decisionNote: r.decisionNote,
    repaid: yuanOrNull(r.repaidFen),
  }));
}

/** The message log: the borrower's newest notices and each one's SMS and e-mail delivery, as it stands. */
async function messagesOf(db: Database, userId: number) {
  const rows = await db
    .select()
    .from(notices)
    .where(eq(notices.userId, userId))
    .orderBy(desc(notices.id))
    .limit(NOTICES_SHOWN);
  const deliveries = rows.length
    ? await db
        .select()
        .from(noticeDeliveries)
        .where(
          inArray(
            noticeDeliveries.noticeId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(noticeDeliveries.id))
    : [];
  return rows.map((n) => ({
    noticeId: n.id,
    at: n.createdAt.toISOString(),
    title: n.title,
    category: n.category,
    read: n.readAt !== null,
    deliveries: deliveries
      .filter((d) => d.noticeId === n.id)
      .map((d) => ({
        channel: d.channel,
        state: d.state,
        attempts: d.attempts,
        sentAt: d.sentAt?.toISOString() ?? null,
        reason: d.reason,
      })),
  }));
}

/**
 * 催收案件: one borrower (in the operator's scope; 2313 otherwise) on Shanghai today: what is overdue, instalment by
 * instalment with penalty to today (the figures the borrower's own pages show), the open case, the activity
 * timeline and the message log (notices with their delivery states) beside the contact attempts.
 */
export async function collectionCase(
  ctx: Pick<AppContext, 'db' | 'now'>,
  operator: ScopedOperator,
  loginId: string,
) {
  const user = await borrowerByLogin(ctx, operator, loginId);
  const today = shanghaiDate(ctx.now());
  const overdue = await overdueInstalments(ctx.db, user.id, today, operator.bankScope);
  const assignee = alias(operators, 'assignee');
  const [open] = await ctx.db
    .select({ kase: collectionCases, loginId: assignee.loginId, name: assignee.name })
    .from(collectionCases)
    .leftJoin(assignee, eq(assignee.id, collectionCases.assignedOperatorId))
    .where(and(eq(collectionCases.userId, user.id), eq(collectionCases.state, 'OPEN')));
  const [certification] = await ctx.db
    .select({ companyName: loanCertifications.companyName })
    .from(loanCertifications)
    .where(eq(loanCertifications.userId, user.id));
  const days = Math.max(0, ...overdue.map((i) => i.daysPastDue));
  return {
    asOf: today,
    borrower: {
      loginId: user.loginId,
      name: maskName(user.userNameCn),
      companyName: certification?.companyName ?? null,
    },
    overdue: {
      amount: fenToYuan(overdue.reduce((s, i) => s + i.owedFen, 0)),
      daysPastDue: days,
      bucket: overdueBucket(days),
    },
    case: open
      ? {
          caseId: open.kase.id,
          assignee: open.loginId ? { loginId: open.loginId, name: open.name ?? '' } : null,
          nextAction: open.kase.nextAction,
          nextActionDate: open.kase.nextActionDate,
          openedAt: open.kase.openedAt.toISOString(),
        }
      : null,
    instalments: overdue.map(({ owedFen: _owed, ...line }) => line),
    activities: await activitiesOf(ctx.db, user.id),
    messages: await messagesOf(ctx.db, user.id),
  };
}
