import type { IssuedDocumentFacts, IssuedDocumentKind } from '@loan/domain';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts.ts';
import { serialId, tz } from './columns.ts';

/**
 * Every document the portal issued (电子回单, 借款合同, 结清证明, 月度对账单): its number and verification code,
 * printed on it with a QR code, and the key facts a public verification shows, masked when written. One per
 * subject: the receipt of an order keeps its number however often it is downloaded.
 */
export const issuedDocuments = pgTable(
  'issued_documents',
  {
    id: serialId(),
    docNo: text('doc_no').notNull(),
    kind: text('kind').$type<IssuedDocumentKind>().notNull(),
    /** what it is about: the order's out_trade_no, the contract's number, the loan's id */
    subjectId: text('subject_id').notNull(),
    userId: ownerId(),
    /** printed on the document itself, so no secret beyond it: it stops guessing numbers, not the holder */
    verifyCode: text('verify_code').notNull(),
    facts: jsonb('facts').$type<IssuedDocumentFacts>().notNull(),
    issuedAt: tz('issued_at').notNull(),
  },
  (t) => [
    uniqueIndex('issued_documents_doc_no_key').on(t.docNo),
    uniqueIndex('issued_documents_subject_key').on(t.kind, t.subjectId),
    index('issued_documents_user_idx').on(t.userId),
    check(
      'issued_documents_kind_check',
      sql`${t.kind} in ('RECEIPT', 'CONTRACT', 'SETTLEMENT_CERT', 'STATEMENT')`,
    ),
  ],
);

export type IssuedDocumentRow = typeof issuedDocuments.$inferSelect;
