import type { LoanContractView, ProductPricing } from '@loan/domain';
import { jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts.ts';
import { applications } from './applications.ts';
import { belongsTo, serialId, tz } from './columns.ts';

/**
 * The parts of LoanContractView kept with a signed contract besides its text, parties and key facts, and the
 * pricing it was rendered with (the loan made at disbursement follows it, whatever the product says by then).
 * The parties name the legal representative: they are sealed in their own column, as the text is.
 */
export type SignedContractDetails = { pricing: ProductPricing } & Pick<
  LoanContractView,
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
    id: serialId(),
    applicationId: belongsTo('application_id', () => applications.id),
    userId: ownerId(),
    contractNo: text('contract_no').notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    /** the text as signed, sealed bound to `loan_contracts:<id>:body` (applications/contract-kept.ts) */
    bodyEnc: text('body_enc').notNull(),
    /** sha256 of the plain text as shown and signed */
    textHash: text('text_hash').notNull(),
    /** the parties (LoanContractParties as JSON), sealed bound to `loan_contracts:<id>:parties` */
    partiesEnc: text('parties_enc').notNull(),
    keyFacts: jsonb('key_facts').$type<LoanContractView['keyFacts']>().notNull(),
    /** the rest of the contract's data as shown when signed (schedule, fees, masked account, deadline) */
    details: jsonb('details').$type<SignedContractDetails>().notNull(),
    signedAt: tz('signed_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('loan_contracts_application_key').on(t.applicationId)],
);

export type LoanContractRow = typeof loanContracts.$inferSelect;
