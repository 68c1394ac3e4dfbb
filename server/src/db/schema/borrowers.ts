import type { AgreementKind, DocumentKind, StoreAuthStatus } from '@loan/domain';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts.ts';
import { serialId, timestamps, tz } from './columns.ts';

/** What a borrower brings: the store, agreements accepted, documents and the loan certification. */

/** The borrower's marketplace store and its authorisation (docs/PRODUCT.md §3 storeInfo / shopAuth). One per user. */
export const sellerStores = pgTable(
  'seller_stores',
  {
    id: serialId(),
    userId: ownerId(),
    sellerId: text('seller_id').notNull(),
    sellerName: text('seller_name').notNull(),
    /** marketplace ids the seller participates in */
    marketplaceIds: jsonb('marketplace_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** the authorisation token, AES-256-GCM with STORE_TOKEN_KEY; never returned */
    tokenEnc: text('token_enc'),
    /** as last determined */
    status: text('status').$type<StoreAuthStatus>().notNull(),
    /** trailing twelve months' sales reported by the marketplace, in fen (the sandbox banks' credit rule) */
    annualSalesFen: bigint('annual_sales_fen', { mode: 'number' }).notNull().default(0),
    authorisedAt: tz('authorised_at'),
    expiresAt: tz('expires_at'),
    checkedAt: tz('checked_at'),
    updatedAt: tz('updated_at').notNull(),
  },
  (t) => [uniqueIndex('seller_stores_user_key').on(t.userId)],
);

/** Versioned agreement texts; the newest published version of a kind is current. */
export const agreementVersions = pgTable(
  'agreement_versions',
  {
    id: serialId(),
    kind: text('kind').$type<AgreementKind>().notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** sha256 hex of the body as shown */
    textHash: text('text_hash').notNull(),
    publishedAt: tz('published_at').notNull(),
  },
  (t) => [uniqueIndex('agreement_versions_kind_version_key').on(t.kind, t.version)],
);

/** Who accepted which version's text, when and from where. Never updated or deleted. */
export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    id: serialId(),
    userId: ownerId(),
    versionId: integer('version_id')
      .notNull()
      .references(() => agreementVersions.id),
    kind: text('kind').$type<AgreementKind>().notNull(),
    textHash: text('text_hash').notNull(),
    acceptedAt: tz('accepted_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('agreement_acceptances_user_version_key').on(t.userId, t.versionId)],
);

/** Uploaded documents (business licence, ID card sides, sales statement), stored through the file adapter. */
export const documents = pgTable(
  'documents',
  {
    id: serialId(),
    userId: ownerId(),
    kind: text('kind').$type<DocumentKind>().notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    fileName: text('file_name').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [index('documents_user_idx').on(t.userId)],
);

/** The borrower's loan certification (company, legal representative, bank card). One per user. */
export const loanCertifications = pgTable(
  'loan_certifications',
  {
    id: serialId(),
    userId: ownerId(),
    companyName: text('company_name').notNull(),
    uscc: text('uscc').notNull(),
    /**
     * AES-256-GCM with the PII keyring, bound to `loan_certifications:<user id>:<column>`; only masked forms leave
     * the server (the legal representative's name in full only into the loan contract)
     */
    legalNameEnc: text('legal_name_enc').notNull(),
    idNumberEnc: text('id_number_enc').notNull(),
    legalPhoneEnc: text('legal_phone_enc').notNull(),
    bankCardEnc: text('bank_card_enc'),
    bankName: text('bank_name'),
    licenceDocId: integer('licence_doc_id').references(() => documents.id),
    idFrontDocId: integer('id_front_doc_id').references(() => documents.id),
    idBackDocId: integer('id_back_doc_id').references(() => documents.id),
    salesDocId: integer('sales_doc_id').references(() => documents.id),
    ...timestamps(),
  },
  (t) => [uniqueIndex('loan_certifications_user_key').on(t.userId)],
);
