import { fenToYuan, isBankCode, type OwedInstalment, type OwedOverview, PARTNER_BANKS } from '@loan/domain';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { instalments, loans, products } from '../../db/schema.ts';
import { feeOwedTotals } from '../fees/owed-totals.ts';
import { OPEN_INSTALMENT } from '../loans/collections.ts';
import { instalmentToday } from '../loans/overdue-today.ts';

interface OpenLoan {
  id: number;
  applicationId: number;
  bank: string;
  annualRate: string;
  outstandingPrincipalFen: number;
  productName: string | null;
}

function bankName(code: string): string {
  return isBankCode(code) ? PARTNER_BANKS[code].name : code;
}

/** An owed instalment with its amount and penalty in fen, for the sums. */
type Owed = OwedInstalment & { fen: number; penaltyFen: number };

const withoutFen = ({ fen: _fen, penaltyFen: _penalty, ...item }: Owed): OwedInstalment => item;
const sumYuan = (items: readonly Owed[], pick: (item: Owed) => number = (i) => i.fen) =>
  fenToYuan(items.reduce((s, i) => s + pick(i), 0));

const byDue = (a: Owed, b: Owed) =>
  a.dueDate.localeCompare(b.dueDate) || a.loanId - b.loanId || a.seq - b.seq;

/**
 * What the borrower owes across all their loans on `today` (Shanghai):
 * - overdue: every open instalment whose due date has passed, with penalty to today and its days past due;
 * - next due: the open instalments of the earliest due date from today on (today's are not overdue yet: the
 *   collections take them during the day);
 * - outstanding principal and the count of loans not settled;
 * - fees due (待缴服务费): every fee item still owed, upfront and per instalment, whatever the due date, as the
 *   fee page's 待缴 counts it (feeOwedTotals). An instalment's fee is also part of that instalment's amount
 *   above: the figures are read side by side, never added.
 */
export async function owedOverview(db: Database, userId: number, today: string): Promise<OwedOverview> {
  const open: OpenLoan[] = await db
    .select({
      id: loans.id,
      applicationId: loans.applicationId,
      bank: loans.bank,
      annualRate: loans.annualRate,
      outstandingPrincipalFen: loans.outstandingPrincipalFen,
      productName: products.name,
    })
    .from(loans)
    .leftJoin(products, eq(products.productCode, loans.productCode))
    .where(and(eq(loans.userId, userId), ne(loans.status, 'SETTLED')))
    .orderBy(asc(loans.id));
  const byId = new Map(open.map((l) => [l.id, l]));
  const rows =
    open.length === 0
      ? []
      : await db
          .select()
          .from(instalments)
          .where(
            and(
              inArray(
                instalments.loanId,
                open.map((l) => l.id),
              ),
              inArray(instalments.status, [...OPEN_INSTALMENT]),
            ),
          );

  const overdue: Owed[] = [];
  const upcoming: Owed[] = [];
  for (const row of rows) {
    const loan = byId.get(row.loanId);
    if (!loan) continue;
    const now = instalmentToday(row, loan.annualRate, today);
    if (now.owedFen <= 0) continue;
    const item: Owed = {
      loanId: loan.id,
      rowId: loan.applicationId,
      productName: loan.productName ?? '',
      bankName: bankName(loan.bank),
      seq: row.seq,
      dueDate: row.dueDate,
      amount: fenToYuan(now.owedFen),
      penalty: fenToYuan(now.penaltyFen),
      overdueDays: now.days,
      fen: now.owedFen,
      penaltyFen: now.penaltyFen,
    };
    (row.dueDate < today ? overdue : upcoming).push(item);
  }
  overdue.sort(byDue);
  upcoming.sort(byDue);
  const nextDueDate = upcoming[0]?.dueDate ?? null;
  const next = upcoming.filter((i) => i.dueDate === nextDueDate);

  const fees = await feeOwedTotals(db, userId, today);

  return {
    nextDueDate,
    nextDueAmount: sumYuan(next),
    nextDueItems: next.map(withoutFen),
    outstandingPrincipal: fenToYuan(open.reduce((s, l) => s + l.outstandingPrincipalFen, 0)),
    overdueAmount: sumYuan(overdue),
    overduePenalty: sumYuan(overdue, (i) => i.penaltyFen),
    overdueDays: Math.max(0, ...overdue.map((i) => i.overdueDays)),
    overdueItems: overdue.map(withoutFen),
    feesDue: fenToYuan(fees.owedFen),
    feesDueCount: fees.owedCount,
    loansOutstanding: open.length,
  };
}
