import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts.ts';
import { fen, serialId, tz } from './columns.ts';

/**
 * 月度对账单: one per borrower and Shanghai month (modules/statements), made once the month is over, never changed.
 * The figures are domain statementFigures of the ledger (money in fen, each a positive amount in its direction);
 * the balance is the principal outstanding over all of the borrower's loans, opening at the month's first instant
 * and closing at the next month's. docNo and verifyCode are its issued document's (kind STATEMENT).
 */
export const monthlyStatements = pgTable(
  'monthly_statements',
  {
    id: serialId(),
    userId: ownerId(),
    /** "YYYY-MM" (Shanghai) */
    month: text('month').notNull(),
    openingFen: fen('opening_fen').notNull(),
    disbursedFen: fen('disbursed_fen').notNull(),
    repaidPrincipalFen: fen('repaid_principal_fen').notNull(),
    repaidInterestFen: fen('repaid_interest_fen').notNull(),
    repaidPenaltyFen: fen('repaid_penalty_fen').notNull(),
    /** instalment fees paid with repayments */
    repaidFeeFen: fen('repaid_fee_fen').notNull(),
    /** service fees paid on the fee page, in cash */
    feesPaidFen: fen('fees_paid_fen').notNull(),
    feesRefundedFen: fen('fees_refunded_fen').notNull(),
    /** money paid that settled nothing (refundable) */
    unappliedPaidFen: fen('unapplied_paid_fen').notNull(),
    /** refunds not of a fee (of such money) */
    otherRefundedFen: fen('other_refunded_fen').notNull(),
    couponsUsedCount: integer('coupons_used_count').notNull(),
    couponsUsedFen: fen('coupons_used_fen').notNull(),
    closingFen: fen('closing_fen').notNull(),
    /** the ledger lines of the month */
    lineCount: integer('line_count').notNull(),
    /** the first due date from the next month's 1st on, "YYYY-MM-DD"; null: nothing due */
    nextDueDate: text('next_due_date'),
    /** what the instalments due that day still owed when the statement was made */
    nextDueFen: bigint('next_due_fen', { mode: 'number' }),
    docNo: text('doc_no').notNull(),
    verifyCode: text('verify_code').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    // once per borrower and month, whatever the number of servers; also the borrower's list, newest month first
    uniqueIndex('monthly_statements_user_month_key').on(t.userId, t.month),
    uniqueIndex('monthly_statements_doc_no_key').on(t.docNo),
    check('monthly_statements_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check(
      'monthly_statements_balance_check',
      sql`${t.closingFen} = ${t.openingFen} + ${t.disbursedFen} - ${t.repaidPrincipalFen}`,
    ),
    check('monthly_statements_next_due_check', sql`(${t.nextDueDate} is null) = (${t.nextDueFen} is null)`),
  ],
);

export type MonthlyStatementRow = typeof monthlyStatements.$inferSelect;
