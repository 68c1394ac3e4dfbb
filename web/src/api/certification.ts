import {
  API,
  type BindBankCardRequest,
  type DocumentKind,
  encryptField,
  type LoanCertificationRequest,
  type LoanCertificationResult,
  type LoanCertificationView,
  UPLOAD_FIELDS,
  type UpdateCertificationDocumentsRequest,
  type UploadedDocument,
} from '@loan/domain';
import { queryOptions } from '@tanstack/react-query';
import { FIELD_CIPHER } from '../config';
import { type CallOptions, get, post } from './http';

/** Loan certification: documents, the company and legal representative, the bank card. */

export const certificationKeys = {
  certification: ['loanCertification'],
} as const;

/** Uploading up to 5 MB takes longer than an ordinary call. */
const UPLOAD_TIMEOUT_MS = 60_000;

function getLoanCertification(options?: CallOptions) {
  return get<LoanCertificationResult>(API.loanCertification, undefined, options);
}

/** The borrower's certification (masked). */
export const certificationQueryOptions = () =>
  queryOptions({
    queryKey: certificationKeys.certification,
    queryFn: () => getLoanCertification({ silent: true }),
  });

/** One file as multipart/form-data (the field `kind`, then the file in `file`), with the session header. */
export function uploadDocument(kind: DocumentKind, file: File, options?: CallOptions) {
  const form = new FormData();
  form.append(UPLOAD_FIELDS.kind, kind);
  form.append(UPLOAD_FIELDS.file, file, file.name);
  return post<UploadedDocument>(API.uploadDocument, form, { timeout: UPLOAD_TIMEOUT_MS, ...options });
}

/** The form's plain values; the ID number and the card are sent as field-cipher text. */
export interface CertificationInput extends Omit<LoanCertificationRequest, 'idNumber' | 'bankCardNo'> {
  idNumber: string;
  bankCardNo?: string;
}

export function insertLoanCertification(input: CertificationInput, options?: CallOptions) {
  const { idNumber, bankCardNo, ...rest } = input;
  const body: LoanCertificationRequest = {
    ...rest,
    idNumber: encryptField(idNumber, FIELD_CIPHER),
    ...(bankCardNo ? { bankCardNo: encryptField(bankCardNo.replace(/\s/g, ''), FIELD_CIPHER) } : {}),
  };
  return post<LoanCertificationView>(API.insertLoanCertification, body, options);
}

/** The 绑定银行卡 step: the card (sent as field-cipher text) and its bank; nothing else is retyped. */
export function bindBankCard(bankCardNo: string, bankName: string, options?: CallOptions) {
  const body: BindBankCardRequest = {
    bankCardNo: encryptField(bankCardNo.replace(/\s/g, ''), FIELD_CIPHER),
    bankName: bankName.trim(),
  };
  return post<LoanCertificationView>(API.bindBankCard, body, options);
}

/** The 上传经营资料 step: replaces the documents sent; the others stay. */
export function updateCertificationDocuments(
  documents: UpdateCertificationDocumentsRequest,
  options?: CallOptions,
) {
  return post<LoanCertificationView>(API.updateCertificationDocuments, documents, options);
}
