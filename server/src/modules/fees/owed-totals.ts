import { addDaysIso, FEE_DUE_SOON_DAYS } from '@loan/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { feeItems } from '../../db/schema.ts';
import { owedSql } from './views.ts';

/** What a borrower's fee items still owe on a Shanghai day, in fen: 待缴 and its parts. */
export interface FeeOwedTotals {
  /** 待缴: everything owed and unpaid, whatever the due date (feeItemOwedFen summed) */
  owedFen: number;
  /** the items that owe something */
  owedCount: number;
  /** the part falling due within FEE_DUE_SOON_DAYS, today included (30 日内到期) */
  dueSoonFen: number;
  /** the part past its due date (逾期未缴) */
  overdueFen: number;
}

/**
 * The one computation of 待缴 behind the fee page, My account and (per loan, by the same domain rule
 * feeItemOwedFen) the loan detail: every fee item of the borrower, upfront and per instalment, whatever its
 * due date. `loanId` narrows it to one loan.
 */
export async function feeOwedTotals(
  db: Database,
  userId: number,
  today: string,
  loanId?: number,
): Promise<FeeOwedTotals> {
  const horizon = addDaysIso(today, FEE_DUE_SOON_DAYS - 1);
  const conditions: SQL[] = [eq(feeItems.userId, userId)];
  if (loanId !== undefined) conditions.push(eq(feeItems.loanId, loanId));
  const [row] = await db
    .select({
      owed: sql<string>`coalesce(sum(${owedSql}), 0)::text`,
      count: sql<string>`count(*) filter (where ${owedSql} > 0)::text`,
      dueSoon: sql<string>`coalesce(sum(case when ${feeItems.dueDate} >= ${today} and ${feeItems.dueDate} <= ${horizon}
        then ${owedSql} else 0 end), 0)::text`,
      overdue: sql<string>`coalesce(sum(case when ${feeItems.dueDate} < ${today} then ${owedSql} else 0 end), 0)::text`,
    })
    .from(feeItems)
    .where(and(...conditions));
  return {
    owedFen: Number(row?.owed ?? 0),
    owedCount: Number(row?.count ?? 0),
    dueSoonFen: Number(row?.dueSoon ?? 0),
    overdueFen: Number(row?.overdue ?? 0),
  };
}
