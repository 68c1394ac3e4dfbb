/**
 * Request and result shapes of the loan certification: documents uploaded by content, the company, the legal
 * representative and the bank card (personal data masked in every result).
 */

export const DOCUMENT_KINDS = [
  'BUSINESS_LICENCE',
  'ID_CARD_FRONT',
  'ID_CARD_BACK',
  'SALES_STATEMENT',
  'REFUND_EVIDENCE',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What each document is called in the portal (the upload buttons, the server's messages). */
export const DOCUMENT_KIND_LABELS: Readonly<Record<DocumentKind, string>> = {
  BUSINESS_LICENCE: '营业执照',
  ID_CARD_FRONT: '法定代表人身份证人像面',
  ID_CARD_BACK: '法定代表人身份证国徽面',
  SALES_STATEMENT: '店铺销售流水',
  REFUND_EVIDENCE: '退款凭证',
};

/** Largest document accepted (POST /users/uploadDocument). */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/**
 * The largest image accepted, read from its header before anything is decoded: a licence or an ID card photo
 * needs far less (a 40-megapixel phone photo is 7728×5152), a few kilobytes of PNG can claim more.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE_PX = 12_000;

/**
 * What one borrower may keep: every document counts (in use or not) until the daily purge removes the ones
 * nothing refers to a day after their upload. A certification needs four documents of at most 5 MB: the quota
 * holds a full set and a complete second try on the same day.
 */
export const DOCUMENT_QUOTA = { files: 20, bytes: 40 * 1024 * 1024 } as const;

/**
 * POST /users/uploadDocument takes multipart/form-data: the field `kind` (a DocumentKind), then the field `file`
 * with one JPEG, PNG or PDF of at most 5 MB (told by its content; images are re-encoded, PDFs checked).
 */
export const UPLOAD_FIELDS = { kind: 'kind', file: 'file' } as const;

export interface UploadedDocument {
  documentId: number;
  kind: DocumentKind;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  createdAt: string;
}

/**
 * POST /users/insertLoanCertification: creates the user's certification or edits it. Company, legal person and
 * the three identity documents are always sent; the bank card, its bank name and the sales statement are
 * optional: one not sent keeps what is on file (a bank whose form does not show it never drops it). Nothing is
 * removed by this call; a card or document is replaced by sending a new one.
 */
export interface LoanCertificationRequest {
  companyName: string;
  /** 统一社会信用代码, GB 32100 */
  uscc: string;
  legalName: string;
  /** field-cipher text of the ID number (GB 11643) */
  idNumber: string;
  legalPhone: string;
  /** field-cipher text of the bank card number; optional for banks whose flow has no BIND_CARD */
  bankCardNo?: string;
  /** 开户行; not sent keeps the stored one, an empty text clears it */
  bankName?: string;
  licenceDocId: number;
  idFrontDocId: number;
  idBackDocId: number;
  salesDocId?: number;
}

/**
 * POST /users/bindBankCard: the 绑定银行卡 step: the card (and its bank) of an existing certification, nothing
 * else retyped; every other field and document stays as it is.
 */
export interface BindBankCardRequest {
  /** field-cipher text of the bank card number */
  bankCardNo: string;
  /** 开户行; not sent keeps the stored one, an empty text clears it */
  bankName?: string;
}

/**
 * POST /users/updateCertificationDocuments: the 上传经营资料 step: replaces the documents sent (at least one) on an
 * existing certification; the ones not sent and every other field stay as they are.
 */
export interface UpdateCertificationDocumentsRequest {
  licenceDocId?: number;
  idFrontDocId?: number;
  idBackDocId?: number;
  salesDocId?: number;
}

/** What the server returns of a certification: personal data masked only. */
export interface LoanCertificationView {
  companyName: string;
  uscc: string;
  /** 张* */
  legalNameMasked: string;
  /** 110***********002X */
  idNumberMasked: string;
  /** 138****1234 */
  legalPhoneMasked: string;
  /** 6222 **** **** 1234, or null */
  bankCardMasked: string | null;
  bankName: string | null;
  documents: UploadedDocument[];
  /** non-blocking remarks on what this save sent (never on parts stored earlier); shown in the form that saved */
  warnings: string[];
  updatedAt: string;
}

export interface LoanCertificationResult {
  certification: LoanCertificationView | null;
}
