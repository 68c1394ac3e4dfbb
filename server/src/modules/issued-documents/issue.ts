import { randomInt } from 'node:crypto';
import {
  ISSUED_DOCUMENT_PREFIXES,
  type IssuedDocumentFacts,
  type IssuedDocumentKind,
  shanghaiDate,
} from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { issuedDocuments } from '../../db/schema.ts';

/** Letters and digits nobody misreads on paper: no 0/O, 1/I/L. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

const randomText = (length: number) =>
  Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** HD + the Shanghai date + eight random letters or digits: HD20261127K7M2QX9P. */
export const newDocumentNo = (kind: IssuedDocumentKind, now: Date) =>
  `${ISSUED_DOCUMENT_PREFIXES[kind]}${shanghaiDate(now).replaceAll('-', '')}${randomText(8)}`;

export const newVerifyCode = () => randomText(8);

export interface IssueInput {
  kind: IssuedDocumentKind;
  /** what it is about: an order's out_trade_no, a contract number, a loan id */
  subjectId: string;
  userId: number;
  /** masked values only: a public verification shows them */
  facts: IssuedDocumentFacts;
  now: Date;
}

export interface IssuedDocument {
  docNo: string;
  verifyCode: string;
  issuedAt: Date;
}

/**
 * Registers a document and answers its number and verification code. The same subject asked again (a receipt
 * downloaded twice, two downloads at once) gets the first registration back, with its first issue time: one
 * document, one number, however often it is printed.
 */
export async function issueDocument(db: Database, input: IssueInput): Promise<IssuedDocument> {
  const where = and(eq(issuedDocuments.kind, input.kind), eq(issuedDocuments.subjectId, input.subjectId));
  const columns = {
    docNo: issuedDocuments.docNo,
    verifyCode: issuedDocuments.verifyCode,
    issuedAt: issuedDocuments.issuedAt,
  };
  const [kept] = await db.select(columns).from(issuedDocuments).where(where);
  if (kept) return kept;
  await db
    .insert(issuedDocuments)
    .values({
      docNo: newDocumentNo(input.kind, input.now),
      kind: input.kind,
      subjectId: input.subjectId,
      userId: input.userId,
      verifyCode: newVerifyCode(),
      facts: input.facts,
      issuedAt: input.now,
    })
    .onConflictDoNothing();
  const [issued] = await db.select(columns).from(issuedDocuments).where(where);
  if (!issued) throw new Error(`issued document ${input.kind} ${input.subjectId} not registered`);
  return issued;
}
