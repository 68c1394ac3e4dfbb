import {
  type CouponsUsed,
  type StatementFigures,
  type StatementLine,
  type StatementMonth,
  statementFigures,
} from '@loan/domain';
import { and, asc, count, eq, gte, lt, ne, notInArray, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { coupons, instalments, ledgerTransactions, loans, paymentOrders } from '../../db/schema.ts';
import { instalmentOwedFen } from '../loans/collections.ts';

/** What a statement says: the figures of the ledger, and the next due date with what it still asks. */
export interface StatementBuild {
  figures: StatementFigures;
  nextDueDate: string | null;
  nextDueFen: number | null;
}

const num = (value: string | number | null | undefined) => Number(value ?? 0);

/** The principal outstanding over all of the borrower's loans at an instant: the ledger's principal before it. */
export async function balanceAt(db: Database, userId: number, at: Date): Promise<number> {
  const [row] = await db
    .select({ principal: sum(ledgerTransactions.principalFen) })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.userId, userId), lt(ledgerTransactions.occurredAt, at)));
  return num(row?.principal);
}

const reversed = alias(ledgerTransactions, 'reversed');

/** The borrower's ledger lines of the month, with the type of the line a reversal takes back. */
export async function monthLines(
  db: Database,
  userId: number,
  bounds: Pick<StatementMonth, 'start' | 'end'>,
): Promise<StatementLine[]> {
  return db
    .select({
      type: ledgerTransactions.type,
      reversedType: reversed.type,
      amountFen: ledgerTransactions.amountFen,
      principalFen: ledgerTransactions.principalFen,
      interestFen: ledgerTransactions.interestFen,
      penaltyFen: ledgerTransactions.penaltyFen,
      feeFen: ledgerTransactions.feeFen,
    })
    .from(ledgerTransactions)
    .leftJoin(reversed, eq(reversed.id, ledgerTransactions.reversesId))
    .where(
      and(
        eq(ledgerTransactions.userId, userId),
        gte(ledgerTransactions.occurredAt, bounds.start),
        lt(ledgerTransactions.occurredAt, bounds.end),
      ),
    )
    .orderBy(asc(ledgerTransactions.occurredAt), asc(ledgerTransactions.id));
}

/**
 * The coupons used in the month: those whose payment was paid in it (the day its fee payment's ledger line has),
 * and what they took off (the order's discount).
 */
export async function couponsUsedIn(
  db: Database,
  userId: number,
  bounds: Pick<StatementMonth, 'start' | 'end'>,
): Promise<CouponsUsed> {
  const [row] = await db
    .select({ count: count(), fen: sum(paymentOrders.discountFen) })
    .from(coupons)
    .innerJoin(paymentOrders, eq(paymentOrders.id, coupons.usedOrderId))
    .where(
      and(
        eq(coupons.userId, userId),
        eq(coupons.state, 'USED'),
        gte(paymentOrders.paidAt, bounds.start),
        lt(paymentOrders.paidAt, bounds.end),
      ),
    );
  return { count: num(row?.count), fen: num(row?.fen) };
}

/**
 * The first due date on or after the next month's 1st among the borrower's open loans, and what the instalments
 * due that day still owe now (principal, interest, fee and penalty less what was paid or waived).
 */
export async function nextDue(
  db: Database,
  userId: number,
  fromDay: string,
): Promise<{ date: string; fen: number } | null> {
  const rows = await db
    .select({ instalment: instalments })
    .from(instalments)
    .innerJoin(loans, eq(loans.id, instalments.loanId))
    .where(
      and(
        eq(loans.userId, userId),
        ne(loans.status, 'SETTLED'),
        notInArray(instalments.status, ['PAID', 'SETTLED_EARLY']),
        gte(instalments.dueDate, fromDay),
      ),
    )
    .orderBy(asc(instalments.dueDate), asc(instalments.id));
  const owing = rows.map((r) => r.instalment).filter((i) => instalmentOwedFen(i) > 0);
  const first = owing[0];
  if (!first) return null;
  const sameDay = owing.filter((i) => i.dueDate === first.dueDate);
  return { date: first.dueDate, fen: sameDay.reduce((s, i) => s + instalmentOwedFen(i), 0) };
}

/** The statement of a borrower's month, from the ledger as it stands (call it inside the making transaction). */
export async function buildStatement(
  db: Database,
  userId: number,
  bounds: StatementMonth,
): Promise<StatementBuild> {
  const opening = await balanceAt(db, userId, bounds.start);
  const lines = await monthLines(db, userId, bounds);
  const used = await couponsUsedIn(db, userId, bounds);
  const due = await nextDue(db, userId, bounds.nextFirstDay);
  return {
    figures: statementFigures(opening, lines, used),
    nextDueDate: due?.date ?? null,
    nextDueFen: due?.fen ?? null,
  };
}
