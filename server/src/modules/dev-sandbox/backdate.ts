import { RSP } from '@loan/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { feeItems, instalments, loans } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';

/** A text date column "YYYY-MM-DD" moved `days` earlier, in SQL. */
const earlier = (
  column: typeof instalments.dueDate | typeof feeItems.dueDate | typeof loans.startDate,
  days: number,
) => sql`to_char(${column}::date - ${days}::int, 'YYYY-MM-DD')`;

/**
 * For developers and testers only (development, this machine): the loan of an application as if disbursed `days`
 * earlier, its value date, disbursement time and every due date (instalments and their fee items) moved back, so
 * that with the real clock its instalments fall due, and with 主动还款 fall overdue, without waiting a month. Nothing
 * else moves: the collections sandbox and the worklist then see it as they would see an old loan.
 */
export async function backdateLoan(db: Database, rowId: number, days: number) {
  return db.transaction(async (tx) => {
    const [loan] = await tx.select().from(loans).where(eq(loans.applicationId, rowId)).for('update');
    if (!loan) throw new ApiError(RSP.LOAN_NOT_FOUND);
    await tx
      .update(loans)
      .set({
        startDate: earlier(loans.startDate, days),
        disbursedAt: new Date(loan.disbursedAt.getTime() - days * 86_400_000),
      })
      .where(eq(loans.id, loan.id));
    await tx
      .update(instalments)
      .set({ dueDate: earlier(instalments.dueDate, days) })
      .where(eq(instalments.loanId, loan.id));
    await tx
      .update(feeItems)
      .set({ dueDate: earlier(feeItems.dueDate, days) })
      .where(eq(feeItems.loanId, loan.id));
    const [first] = await tx
      .select({ dueDate: sql<string>`min(${instalments.dueDate})` })
      .from(instalments)
      .where(eq(instalments.loanId, loan.id));
    return { loanId: loan.id, firstDue: first?.dueDate ?? null };
  });
}
