import type {
  BankCode,
  PaidMethod,
  PayoutPointing,
  SettlementCheckState,
  SubAccountState,
} from '@loan/domain';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerId, users } from './accounts.ts';
import { belongsTo, logId, moveColumns, serialId, timestamps, tz } from './columns.ts';

/**
 * The receiving account (/lock/*): collection sub-accounts at the partner banks with their event log, the
 * settlement-account checks (small deposits), each borrower's receiving settings, and the sandbox marketplace's
 * record of where a store's payouts go. Account numbers are sealed at rest (lib/at-rest.ts, the PII key).
 */

/** One request to open a collection sub-account; a change is a new row, the old one CLOSED (history kept). */
export const subAccounts = pgTable(
  'sub_accounts',
  {
    id: serialId(),
    userId: ownerId(),
    bank: text('bank').$type<BankCode>().notNull(),
    state: text('state').$type<SubAccountState>().notNull(),
    companyName: text('company_name').notNull(),
    uscc: text('uscc').notNull(),
    /** the bank's answer refers to it (the opening claim's idempotency key) */
    requestRef: text('request_ref').notNull(),
    /** sealed; null until opened */
    accountNoEnc: text('account_no_enc'),
    accountNoMasked: text('account_no_masked'),
    failReason: text('fail_reason'),
    requestedAt: tz('requested_at').notNull(),
    openedAt: tz('opened_at'),
    closedAt: tz('closed_at'),
    updatedAt: tz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('sub_accounts_request_ref_key').on(t.bank, t.requestRef),
    // one opening at a time, one account in use at a time
    uniqueIndex('sub_accounts_one_opening').on(t.userId).where(sql`state = 'OPENING'`),
    uniqueIndex('sub_accounts_one_open').on(t.userId).where(sql`state = 'OPEN'`),
    index('sub_accounts_user_idx').on(t.userId, t.id),
  ],
);

/** Every move of a sub-account (its event log). */
export const subAccountEvents = pgTable(
  'sub_account_events',
  {
    id: logId(),
    subAccountId: belongsTo('sub_account_id', () => subAccounts.id),
    /** actor BORROWER | BANK | SYSTEM */
    ...moveColumns(),
  },
  (t) => [index('sub_account_events_account_idx').on(t.subAccountId, t.id)],
);

/** A small-deposit check of the borrower's settlement (corporate) account; the newest one is the account. */
export const settlementChecks = pgTable(
  'settlement_checks',
  {
    id: serialId(),
    userId: ownerId(),
    /** the bank of the sub-account that sends the deposit */
    senderBank: text('sender_bank').$type<BankCode>().notNull(),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNoEnc: text('account_no_enc').notNull(),
    accountNoMasked: text('account_no_masked').notNull(),
    depositFen: integer('deposit_fen').notNull(),
    /** EXPIRED is derived from expires_at, never stored */
    state: text('state').$type<Exclude<SettlementCheckState, 'EXPIRED'>>().notNull(),
    wrongEntries: integer('wrong_entries').notNull().default(0),
    failReason: text('fail_reason'),
    expiresAt: tz('expires_at').notNull(),
    verifiedAt: tz('verified_at'),
    ...timestamps(),
  },
  (t) => [index('settlement_checks_user_idx').on(t.userId, t.id)],
);

/** Every amount entered against a check (the daily cap counts them). */
export const settlementEntries = pgTable(
  'settlement_entries',
  {
    id: logId(),
    checkId: belongsTo('check_id', () => settlementChecks.id),
    userId: integer('user_id').notNull(),
    amountFen: integer('amount_fen').notNull(),
    correct: integer('correct').notNull(),
    at: tz('at').notNull(),
  },
  (t) => [index('settlement_entries_user_idx').on(t.userId, t.at)],
);

/** Per borrower: the repayment method and what the marketplace last said about the payouts. */
export const receivingSettings = pgTable('receiving_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** null: never chosen (collections take from payouts) */
  paidMethod: text('paid_method').$type<PaidMethod>(),
  /** null: never checked */
  payoutState: text('payout_state').$type<PayoutPointing>(),
  payoutCheckedAt: tz('payout_checked_at'),
  payoutDestinationMasked: text('payout_destination_masked'),
  /** when the borrower was told of the current diversion (cleared once the payouts are pointed again) */
  divertedNotifiedAt: tz('diverted_notified_at'),
  updatedAt: tz('updated_at').notNull(),
});

/** The sandbox marketplace: where a seller's payouts go (set by the developers' route /dev/sandbox/pointPayouts). */
export const sandboxPayoutPointings = pgTable('sandbox_payout_pointings', {
  sellerId: text('seller_id').primaryKey(),
  /** SUB_ACCOUNT | OTHER | PENDING */
  target: text('target').notNull(),
  /** the destination account as the sandbox seller central holds it (sandbox data only) */
  accountNo: text('account_no'),
  updatedAt: tz('updated_at').notNull(),
});

export type SubAccountRow = typeof subAccounts.$inferSelect;
export type SettlementCheckRow = typeof settlementChecks.$inferSelect;
export type ReceivingSettingsRow = typeof receivingSettings.$inferSelect;
