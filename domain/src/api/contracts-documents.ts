/**
 * The documents the portal issues (电子回单, 借款合同, 结清证明, 月度对账单) and their public verification (GET
 * /docs/verify, no session): whoever holds a document types its number and verification code and sees its key
 * facts, masked.
 */

export const ISSUED_DOCUMENT_KINDS = ['RECEIPT', 'CONTRACT', 'SETTLEMENT_CERT', 'STATEMENT'] as const;
export type IssuedDocumentKind = (typeof ISSUED_DOCUMENT_KINDS)[number];

export const ISSUED_DOCUMENT_LABELS: Readonly<Record<IssuedDocumentKind, string>> = {
  RECEIPT: '电子回单',
  CONTRACT: '借款合同',
  SETTLEMENT_CERT: '结清证明',
  STATEMENT: '月度对账单',
};

/** The first letters of a document number, by kind: HD20261127K7M2QX9P. */
export const ISSUED_DOCUMENT_PREFIXES: Readonly<Record<IssuedDocumentKind, string>> = {
  RECEIPT: 'HD',
  CONTRACT: 'HT',
  SETTLEMENT_CERT: 'JQ',
  STATEMENT: 'DZ',
};

/** A document number: two letters of its kind, the Shanghai issue date, eight letters or digits. */
export const DOCUMENT_NO_PATTERN = '^[A-Z]{2}[0-9]{8}[0-9A-Z]{8}$';
/** A verification code as printed: eight letters or digits (typed in either case). */
export const VERIFY_CODE_PATTERN = '^[0-9A-Za-z]{8}$';

/** What the portal keeps of a document to show on verification: masked values only. */
export interface IssuedDocumentFacts {
  /** the document's amount in yuan, two places */
  amount: string;
  /** who paid or borrowed, masked where it is a person */
  payer: string;
  /** who received or issued: the platform or the bank */
  payee: string;
}

export interface VerifyDocumentQuery {
  docNo: string;
  code: string;
}

export interface VerifiedDocument extends IssuedDocumentFacts {
  kind: IssuedDocumentKind;
  kindLabel: string;
  docNo: string;
  /** the Shanghai date it was issued, YYYY-MM-DD */
  issueDate: string;
}

/** The public page of a document's verification, `{PUBLIC_URL}/verify/{docNo}` (its QR code may add `?code=`). */
export const verifyPagePath = (docNo: string, code?: string) =>
  `/verify/${encodeURIComponent(docNo)}${code ? `?code=${encodeURIComponent(code)}` : ''}`;
