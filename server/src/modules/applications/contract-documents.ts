import { maskPartyName, RSP } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { LoanContractRow, UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { issueDocument } from '../issued-documents/issue.ts';
import { loanContractOf } from './contract.ts';
import { openKept } from './contract-kept.ts';
import { contractFileNames, contractPdf, previewFileNames } from './contract-pdf.ts';

/** A PDF to send, with its file names. */
export interface ContractFile {
  type: 'application/pdf';
  fileName: string;
  asciiName: string;
  body: Buffer;
}

/**
 * The signed contract's PDF: the kept text and evidence, registered as an issued document on its first download
 * (its number and code printed with the QR code of the public check; the check shows the amount, the borrower
 * masked and the lending bank). 3407 when the kept text does not open.
 */
export async function signedContractFile(ctx: AppContext, kept: LoanContractRow): Promise<ContractFile> {
  const { row, body, parties } = openKept(ctx, kept);
  const issued = await issueDocument(ctx.db, {
    kind: 'CONTRACT',
    subjectId: row.contractNo,
    userId: row.userId,
    facts: {
      amount: row.keyFacts.amount,
      payer: maskPartyName(parties.borrowerCompany),
      payee: parties.bankName,
    },
    now: ctx.now(),
  });
  const pdf = await contractPdf({
    title: row.title,
    contractNo: row.contractNo,
    body,
    parties,
    signed: {
      signedAt: row.signedAt,
      ip: row.ip,
      userAgent: row.userAgent,
      version: row.version,
      textHash: row.textHash,
    },
    verify: { docNo: issued.docNo, code: issued.verifyCode, publicUrl: ctx.config.platform.publicUrl },
    platformName: ctx.config.platform.legalName,
  });
  return { type: 'application/pdf', ...contractFileNames(row.contractNo), body: pdf };
}

/**
 * The preview of an approved application's contract, before signing: the text as it renders now, watermarked
 * 预览（未签署）, with no seal and no verification code (it is no document yet). Once signed, 3001: the signed PDF
 * is the one to download. Other states answer as the contract does.
 */
export async function previewContractFile(
  ctx: AppContext,
  user: UserRow,
  rowId: number,
): Promise<ContractFile> {
  const view = await loanContractOf(ctx, user, rowId);
  if (view.signed) {
    throw new ApiError(RSP.STATE_NOT_ALLOWED, '借款合同已签署，请下载已签署的借款合同');
  }
  const pdf = await contractPdf({
    title: view.title,
    contractNo: view.contractNo,
    body: view.body,
    parties: view.parties,
    signed: null,
    verify: null,
    platformName: ctx.config.platform.legalName,
  });
  return { type: 'application/pdf', ...previewFileNames(view.contractNo), body: pdf };
}
