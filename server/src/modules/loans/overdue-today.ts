import { daysPastDue, fenToYuan, type LoanOverdueView } from '@loan/domain';
import type { InstalmentRow } from '../../db/schema.ts';
import { instalmentOwedFen, penaltyAsOf, penaltyOwedFen } from './collections.ts';

/**
 * What an open instalment stands at on `today` (Shanghai): what repaying it costs (POST /pay/repayNow prices the
 * same), the penalty interest of that counted to today, and the days past due. My account and the loan detail
 * read an overdue instalment from here.
 */
export interface InstalmentToday {
  owedFen: number;
  penaltyFen: number;
  days: number;
}

export function instalmentToday(row: InstalmentRow, annualRate: string, today: string): InstalmentToday {
  const owed = instalmentOwedFen(row);
  if (owed === 0) return { owedFen: 0, penaltyFen: 0, days: 0 };
  const penaltyFen = penaltyOwedFen({ ...row, penaltyFen: penaltyAsOf(row, annualRate, today) });
  const owedFen = owed - penaltyOwedFen(row) + penaltyFen;
  return { owedFen, penaltyFen, days: daysPastDue(row.dueDate, today, owedFen) };
}

/** A loan's instalments past due on `today`, oldest first, penalty to today; null when none is. */
export function loanOverdueView(
  rows: readonly InstalmentRow[],
  annualRate: string,
  today: string,
): LoanOverdueView | null {
  const overdue = rows
    .map((row) => ({ row, now: instalmentToday(row, annualRate, today) }))
    .filter(({ now }) => now.days > 0)
    .sort((a, b) => a.row.seq - b.row.seq);
  if (overdue.length === 0) return null;
  const sum = (pick: (now: InstalmentToday) => number) => overdue.reduce((s, { now }) => s + pick(now), 0);
  return {
    days: Math.max(...overdue.map(({ now }) => now.days)),
    amount: fenToYuan(sum((now) => now.owedFen)),
    penalty: fenToYuan(sum((now) => now.penaltyFen)),
    instalments: overdue.map(({ row, now }) => ({
      seq: row.seq,
      dueDate: row.dueDate,
      days: now.days,
      penalty: fenToYuan(now.penaltyFen),
      amount: fenToYuan(now.owedFen),
    })),
  };
}
