import type { BankCode, InstalmentStatus, LedgerType, LoanStatus, RepaymentMethod } from '@loan/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ownerId } from './accounts.ts';
import { applications } from './applications.ts';
import { belongsTo, logId, serialId, tz } from './columns.ts';

/** Loans after disbursement: instalments, the ledger and its daily totals, early settlement (fee items: fees.ts). */

/** A disbursed application becomes a loan (one per application). Money in fen, dates "YYYY-MM-DD" (Shanghai). */
export const loans = pgTable(
  'loans',
  {
    id: serialId(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    userId: ownerId(),
    bank: text('bank').$type<BankCode>().notNull(),
    productCode: text('product_code').notNull(),
    principalFen: bigint('principal_fen', { mode: 'number' }).notNull(),
    /** decimal string, as the product had it at disbursement */
    annualRate: text('annual_rate').notNull(),
    method: text('method').$type<RepaymentMethod>().notNull(),
    termMonths: integer('term_months').notNull(),
    /** value date (start of interest) */
    startDate: text('start_date').notNull(),
    status: text('status').$type<LoanStatus>().notNull(),
    outstandingPrincipalFen: bigint('outstanding_principal_fen', { mode: 'number' }).notNull(),
    disbursedAt: tz('disbursed_at').notNull(),
    /** the application's created_at, copied (it never changes): orders loan records filtered by loan status */
    appliedAt: tz('applied_at').notNull(),
    settledAt: tz('settled_at'),
    updatedAt: tz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('loans_application_key').on(t.applicationId),
    // the target of child tables' (loan_id, user_id) keys: a fee item's borrower is its loan's borrower
    uniqueIndex('loans_id_user_key').on(t.id, t.userId),
    foreignKey({
      name: 'loans_application_user_fk',
      columns: [t.applicationId, t.userId],
      foreignColumns: [applications.id, applications.userId],
    }),
    index('loans_user_idx').on(t.userId, t.id),
    // loan records filtered by the loan's status, in the order of the applications (newest first)
    index('loans_user_status_applied_idx').on(t.userId, t.status, t.appliedAt, t.applicationId),
    index('loans_user_bank_idx').on(t.userId, t.bank, t.id),
  ],
);

/** One row per instalment of a loan's schedule; paid parts grow as collections arrive. */
export const instalments = pgTable(
  'instalments',
  {
    id: serialId(),
    loanId: belongsTo('loan_id', () => loans.id),
    seq: integer('seq').notNull(),
    dueDate: text('due_date').notNull(),
    principalFen: bigint('principal_fen', { mode: 'number' }).notNull(),
    interestFen: bigint('interest_fen', { mode: 'number' }).notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    /** penalty interest accrued while overdue */
    penaltyFen: bigint('penalty_fen', { mode: 'number' }).notNull().default(0),
    paidPrincipalFen: bigint('paid_principal_fen', { mode: 'number' }).notNull().default(0),
    paidInterestFen: bigint('paid_interest_fen', { mode: 'number' }).notNull().default(0),
    paidFeeFen: bigint('paid_fee_fen', { mode: 'number' }).notNull().default(0),
    paidPenaltyFen: bigint('paid_penalty_fen', { mode: 'number' }).notNull().default(0),
    /** forgiven by an operator's confirmed waiver (maker-checker): owed = fee − paid − waived; kept in step with
     * the instalment's fee item's waived_fen by the one writer (fees/bookkeeping.ts recordFeeWaived) */
    waivedFeeFen: bigint('waived_fee_fen', { mode: 'number' }).notNull().default(0),
    /** penalty forgiven by an operator's waiver: owed = penalty − paid − waived, so accrual never re-adds it */
    waivedPenaltyFen: bigint('waived_penalty_fen', { mode: 'number' }).notNull().default(0),
    status: text('status').$type<InstalmentStatus>().notNull(),
    paidAt: tz('paid_at'),
  },
  (t) => [
    uniqueIndex('instalments_loan_seq_key').on(t.loanId, t.seq),
    index('instalments_due_idx').on(t.status, t.dueDate),
  ],
);

/**
 * The ledger: one immutable line per money movement (never updated or deleted; a correction is a new line
 * that reverses an old one through reversesId). amountFen is the whole movement, the parts split it.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: logId(),
    userId: ownerId(),
    loanId: integer('loan_id').references(() => loans.id),
    type: text('type').$type<LedgerType>().notNull(),
    /** into the borrower's hands positive (disbursement, refund), out of them negative (repayment, fee) */
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    principalFen: bigint('principal_fen', { mode: 'number' }).notNull().default(0),
    interestFen: bigint('interest_fen', { mode: 'number' }).notNull().default(0),
    penaltyFen: bigint('penalty_fen', { mode: 'number' }).notNull().default(0),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull().default(0),
    reversesId: bigint('reverses_id', { mode: 'number' }),
    memo: text('memo'),
    occurredAt: tz('occurred_at').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    index('ledger_user_time_idx').on(t.userId, t.occurredAt, t.id),
    index('ledger_user_type_time_idx').on(t.userId, t.type, t.occurredAt, t.id),
    index('ledger_loan_idx').on(t.loanId, t.id),
    /** the reports read the ledger of a day across borrowers */
    index('ledger_time_idx').on(t.occurredAt),
  ],
);

/**
 * The ledger summed per borrower, Shanghai day and type, kept by a trigger on every ledger insert (migration
 * 0006). Date filters are whole Shanghai days, so any filtered range's totals are exact sums of these rows:
 * the transaction list's totals read a few hundred rows instead of all of a borrower's ledger lines.
 */
export const ledgerDailyTotals = pgTable(
  'ledger_daily_totals',
  {
    userId: ownerId(),
    /** the Shanghai calendar day of occurred_at, YYYY-MM-DD */
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type').$type<LedgerType>().notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    principalFen: bigint('principal_fen', { mode: 'number' }).notNull(),
    interestFen: bigint('interest_fen', { mode: 'number' }).notNull(),
    penaltyFen: bigint('penalty_fen', { mode: 'number' }).notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    lineCount: integer('line_count').notNull(),
  },
  // migration 0007 makes the key carry the sums (INCLUDE …), which Drizzle cannot declare: the totals are an
  // index-only scan
  (t) => [primaryKey({ name: 'ledger_daily_totals_pkey', columns: [t.userId, t.day, t.type] })],
);

/** Early settlement: the quote the borrower confirmed, and what the bank answered. */
export const settlementRequests = pgTable(
  'settlement_requests',
  {
    id: serialId(),
    loanId: belongsTo('loan_id', () => loans.id),
    userId: ownerId(),
    principalFen: bigint('principal_fen', { mode: 'number' }).notNull(),
    interestFen: bigint('interest_fen', { mode: 'number' }).notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    penaltyFen: bigint('penalty_fen', { mode: 'number' }).notNull(),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull(),
    /** interest and fees paid ahead on instalments not yet due, credited against the total */
    interestCreditFen: bigint('interest_credit_fen', { mode: 'number' }).notNull().default(0),
    feeCreditFen: bigint('fee_credit_fen', { mode: 'number' }).notNull().default(0),
    /** fees of instalments not yet due, forgiven */
    feeWaivedFen: bigint('fee_waived_fen', { mode: 'number' }).notNull().default(0),
    /** the payment order that pays it (REQUESTED: open at the cashier) */
    orderId: integer('order_id'),
    /** what the bank answered when told of the paid settlement: ACCEPTED | REFUSED (null: not yet) */
    bankStatus: text('bank_status'),
    bankReason: text('bank_reason'),
    /** the date interest is counted to */
    asOfDate: text('as_of_date').notNull(),
    /** REQUESTED (waiting for its payment) | SETTLED | REFUSED (paid too late: refunded) | CANCELLED */
    status: text('status').notNull(),
    reason: text('reason'),
    requestedAt: tz('requested_at').notNull(),
    completedAt: tz('completed_at'),
  },
  (t) => [
    index('settlement_requests_loan_idx').on(t.loanId, t.id),
    // one open settlement per loan: concurrent confirmations make one request
    uniqueIndex('settlement_requests_open_key').on(t.loanId).where(sql`status = 'REQUESTED'`),
  ],
);
