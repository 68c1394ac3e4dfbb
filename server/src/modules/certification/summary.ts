import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { documents, loanCertifications } from '../../db/schema.ts';

export interface CertificationSummary {
  companyName: string;
  uscc: string;
  /** company name, USCC and the business licence */
  company: boolean;
  /** legal representative's name, ID number, phone and both sides of the ID card */
  legalPerson: boolean;
  /** a bank card is on file */
  bankCard: boolean;
  /** a sales statement is on file */
  salesStatement: boolean;
}

/**
 * What the user's certification covers, for the application's prerequisites; null when there is none.
 * Only documents of this user and of the right kind count. (A transaction handle has the Database type.)
 */
export async function certificationSummary(
  db: Database,
  userId: number,
): Promise<CertificationSummary | null> {
  const [row] = await db
    .select()
    .from(loanCertifications)
    .where(eq(loanCertifications.userId, userId))
    .limit(1);
  if (!row) return null;
  const ids = [row.licenceDocId, row.idFrontDocId, row.idBackDocId, row.salesDocId].filter(
    (id): id is number => id !== null,
  );
  const docs =
    ids.length === 0
      ? []
      : await db
          .select({ id: documents.id, userId: documents.userId, kind: documents.kind })
          .from(documents)
          .where(inArray(documents.id, ids));
  const has = (id: number | null, kind: string) =>
    id !== null && docs.some((d) => d.id === id && d.userId === userId && d.kind === kind);
  return {
    companyName: row.companyName,
    uscc: row.uscc,
    company: row.companyName !== '' && row.uscc !== '' && has(row.licenceDocId, 'BUSINESS_LICENCE'),
    legalPerson:
      row.legalNameEnc !== '' &&
      row.idNumberEnc !== '' &&
      row.legalPhoneEnc !== '' &&
      has(row.idFrontDocId, 'ID_CARD_FRONT') &&
      has(row.idBackDocId, 'ID_CARD_BACK'),
    bankCard: row.bankCardEnc !== null && row.bankCardEnc !== '',
    salesStatement: has(row.salesDocId, 'SALES_STATEMENT'),
  };
}
