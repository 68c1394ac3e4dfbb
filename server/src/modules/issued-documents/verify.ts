import { timingSafeEqual } from 'node:crypto';
import {
  DOCUMENT_NO_PATTERN,
  ISSUED_DOCUMENT_LABELS,
  RSP,
  shanghaiDate,
  VERIFY_CODE_PATTERN,
  type VerifiedDocument,
  type VerifyDocumentQuery,
} from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { issuedDocuments } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';

const DOC_NO = new RegExp(DOCUMENT_NO_PATTERN);
const CODE = new RegExp(VERIFY_CODE_PATTERN);

const sameCode = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The masked key facts of an issued document, to whoever has its number and verification code. An unknown number,
 * a wrong code and a malformed one get the same answer (4101), so the answer tells nothing about which numbers exist.
 */
export async function verifyDocument(db: Database, query: VerifyDocumentQuery): Promise<VerifiedDocument> {
  const docNo = query.docNo.trim().toUpperCase();
  const code = query.code.trim().toUpperCase();
  if (!DOC_NO.test(docNo) || !CODE.test(code)) throw new ApiError(RSP.DOCUMENT_NOT_VERIFIED);
  const [row] = await db.select().from(issuedDocuments).where(eq(issuedDocuments.docNo, docNo));
  if (!row || !sameCode(row.verifyCode, code)) throw new ApiError(RSP.DOCUMENT_NOT_VERIFIED);
  return {
    kind: row.kind,
    kindLabel: ISSUED_DOCUMENT_LABELS[row.kind],
    docNo: row.docNo,
    issueDate: shanghaiDate(row.issuedAt),
    amount: row.facts.amount,
    payer: row.facts.payer,
    payee: row.facts.payee,
  };
}
