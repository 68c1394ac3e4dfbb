import type { LoanContractView, ProductPricing } from '@loan/domain';
import { integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { applications } from './applications.ts';
import { tz } from './columns.ts';

/**
 * The parts of LoanContractView kept with a signed contract besides its text and key facts, and the pricing it
 * was rendered with (the loan made at disbursement follows it, whatever the product says by then).
 */
export type SignedContractDetails = { pricing: ProductPricing } & Pick<
  LoanContractView,
  | 'parties'
  | 'assumedStartDate'
  | 'schedule'
  | 'serviceFeeLabel'
  | 'upfrontFee'
  | 'penaltyText'
  | 'receivingAccount'
  | 'signDeadline'
>;

/**
 * The 借款合同 as the borrower signed it: the whole text, its sha256, the template version and the key facts, with
 * when, from where and on what device. Written once, in the transaction of the SIGN event; never re-rendered.
 */
export const loanContracts = pgTable(
  'loan_contracts',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contractNo: text('contract_no').notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    textHash: text('text_hash').notNull(),
    keyFacts: jsonb('key_facts').$type<LoanContractView['keyFacts']>().notNull(),
    /** the rest of the contract's data as shown when signed (parties, schedule, fees, account, deadline) */
    details: jsonb('details').$type<SignedContractDetails>().notNull(),
    signedAt: tz('signed_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('loan_contracts_application_key').on(t.applicationId)],
);

export type LoanContractRow = typeof loanContracts.$inferSelect;
