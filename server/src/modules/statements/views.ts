import { fenToYuan, type StatementSummary } from '@loan/domain';
import type { MonthlyStatementRow } from '../../db/schema.ts';

/** A statement as the borrower's list shows it: the month, its figures in yuan, the next due date. */
export function statementSummary(row: MonthlyStatementRow): StatementSummary {
  return {
    id: row.id,
    month: row.month,
    opening: fenToYuan(row.openingFen),
    disbursed: fenToYuan(row.disbursedFen),
    repaidPrincipal: fenToYuan(row.repaidPrincipalFen),
    repaidInterest: fenToYuan(row.repaidInterestFen),
    repaidPenalty: fenToYuan(row.repaidPenaltyFen),
    repaidFee: fenToYuan(row.repaidFeeFen),
    feesPaid: fenToYuan(row.feesPaidFen),
    feesRefunded: fenToYuan(row.feesRefundedFen),
    couponsUsed: fenToYuan(row.couponsUsedFen),
    closing: fenToYuan(row.closingFen),
    nextDueDate: row.nextDueDate,
    nextDueAmount: row.nextDueFen === null ? null : fenToYuan(row.nextDueFen),
    docNo: row.docNo,
    createdAt: row.createdAt.toISOString(),
  };
}
