import {
  addDaysIso,
  type BankScope,
  bigintToFen,
  OVERDUE_BUCKET_LAST_DAY,
  type OverdueBucket,
} from '@loan/domain';
import { and, eq, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { instalments, loans } from '../../db/schema.ts';
import { OPEN_INSTALMENT } from '../loans/collections.ts';

/**
 * What an open instalment owes on `today` (Shanghai) with its penalty counted to today, in SQL: the same figure as
 * instalmentToday (loans/overdue-today.ts) and the borrower's My account. penaltyAsOf's accrual, unpaid principal ×
 * the loan's annual rate × days / 360 rounded half-up, is done in exact integers (the rate's decimal text read
 * as numerator / 10^places; half-up of a/b as ⌊(2a + b) / 2b⌋), never in floating point, so sums are exact to the
 * fen. Reads `instalments` joined to `loans`.
 */
export function owedTodaySql(today: string): SQL<string> {
  const unpaid = sql`(${instalments.principalFen} - ${instalments.paidPrincipalFen})`;
  const days = sql`(${today}::date - ${instalments.dueDate}::date)`;
  const rateNum = sql`replace(${loans.annualRate}, '.', '')::numeric`;
  const rateDen = sql`('1' || repeat('0', length(split_part(${loans.annualRate}, '.', 2))))::numeric`;
  const accrued = sql`case when ${unpaid} > 0 and ${days} > 0
    then div(2 * ${unpaid}::numeric * ${rateNum} * ${days} + ${rateDen} * 360, 2 * ${rateDen} * 360)
    else 0 end`;
  const penaltyOwed = sql`greatest(0, greatest(${instalments.penaltyFen}, ${accrued})
    - ${instalments.paidPenaltyFen} - ${instalments.waivedPenaltyFen})`;
  const feeOwed = sql`greatest(0, ${instalments.feeFen} - ${instalments.paidFeeFen} - ${instalments.waivedFeeFen})`;
  return sql<string>`(${unpaid} + ${instalments.interestFen} - ${instalments.paidInterestFen}
    + ${feeOwed} + ${penaltyOwed})`;
}

/** The open instalments past their due date on `today` that still owe something (of loans not settled). */
export function overdueWhere(today: string, ...more: (SQL | undefined)[]): SQL | undefined {
  return and(
    inArray(instalments.status, [...OPEN_INSTALMENT]),
    lt(instalments.dueDate, today),
    ne(loans.status, 'SETTLED'),
    sql`${owedTodaySql(today)} > 0`,
    ...more,
  );
}

/** Of the loans at the banks of a data scope (null: every bank). */
export const loanInScope = (banks: BankScope | undefined) =>
  banks === null || banks === undefined ? undefined : inArray(loans.bank, [...banks]);

/**
 * Every overdue borrower on `today`, one row each: the oldest due date owing (it decides the days past due and the
 * bucket), what the overdue instalments owe with penalty to today (numeric text, exact) and how many they are;
 * only the loans at `banks` when given (a scoped operator sees the loans of their banks).
 */
export function overdueBorrowers(
  db: Database,
  today: string,
  { userId, banks }: { userId?: number; banks?: BankScope } = {},
) {
  return db
    .select({
      userId: sql<number>`${loans.userId}`.as('overdue_user_id'),
      oldestDue: sql<string>`min(${instalments.dueDate})`.as('oldest_due'),
      overdueFen: sql<string>`sum(${owedTodaySql(today)})::text`.as('overdue_fen'),
      instalmentCount: sql<number>`count(*)::int`.as('instalment_count'),
    })
    .from(instalments)
    .innerJoin(loans, eq(loans.id, instalments.loanId))
    .where(
      overdueWhere(today, userId === undefined ? undefined : eq(loans.userId, userId), loanInScope(banks)),
    )
    .groupBy(loans.userId)
    .as('overdue');
}

/** The oldest due dates (inclusive) of a bucket on `today`: days past due = today − oldest due date. */
export function bucketDueRange(bucket: OverdueBucket, today: string): { from: string | null; to: string } {
  const lastOf = { M1: 0, M2: OVERDUE_BUCKET_LAST_DAY.M1, M3: OVERDUE_BUCKET_LAST_DAY.M2 } as const;
  const firstDay = bucket === 'M3+' ? OVERDUE_BUCKET_LAST_DAY.M3 + 1 : lastOf[bucket] + 1;
  const lastDay = bucket === 'M3+' ? null : OVERDUE_BUCKET_LAST_DAY[bucket];
  return { from: lastDay === null ? null : addDaysIso(today, -lastDay), to: addDaysIso(today, -firstDay) };
}

/** The bucket of an oldest due date, in SQL (the same bounds as bucketDueRange). */
export function bucketSql(oldestDue: SQL | SQL.Aliased, today: string): SQL<OverdueBucket> {
  const edge = (bucket: 'M1' | 'M2' | 'M3') => bucketDueRange(bucket, today).from;
  return sql<OverdueBucket>`case when ${oldestDue} >= ${edge('M1')} then 'M1'
    when ${oldestDue} >= ${edge('M2')} then 'M2' when ${oldestDue} >= ${edge('M3')} then 'M3' else 'M3+' end`;
}

/** A sum of fen as PostgreSQL answers it (numeric text), as exact integer fen. */
export const fenOf = (text: string | null | undefined) => bigintToFen(BigInt(text ?? 0));

/** One borrower's overdue standing on `today` (of the loans at `banks` when given): null when nothing is past due. */
export async function overdueOf(db: Database, userId: number, today: string, banks?: BankScope) {
  const o = overdueBorrowers(db, today, { userId, banks });
  const [row] = await db.select().from(o);
  if (!row) return null;
  return { oldestDue: row.oldestDue, overdueFen: fenOf(row.overdueFen), instalments: row.instalmentCount };
}
