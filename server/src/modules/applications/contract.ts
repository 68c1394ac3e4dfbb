import {
  APPLICATION_STATE_DISPLAY,
  type ApplicationState,
  isApplicationState,
  LOAN_CONTRACT_MIN_READ_SECONDS,
  type LoanContractTerms,
  type LoanContractView,
  type Product,
  type RenderedLoanContract,
  RSP,
  renderLoanContract,
  type SignContractRequest,
  signDeadlinePassed,
} from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { ApplicationRow, UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import {
  BAD_READ_TOKEN,
  issueSubjectReadToken,
  READ_TOKEN_MAX_AGE_MS,
  sha256Hex,
  verifySubjectReadToken,
} from '../agreements/service.ts';
import { keptContract, type OpenedContract, openKept } from './contract-kept.ts';
import { contractFacts, contractTermsOf } from './contract-terms.ts';
import { ownApplication, productOf } from './lookup.ts';

/** What a contract read token is about: this user's contract of this application (never a digit first). */
const readSubject = (userId: number, rowId: number) => `loan-contract.${userId}.${rowId}`;

function keptView({ row, body, parties }: OpenedContract): LoanContractView {
  const { details } = row;
  return {
    rowId: row.applicationId,
    contractNo: row.contractNo,
    version: row.version,
    title: row.title,
    keyFacts: row.keyFacts,
    parties,
    assumedStartDate: details.assumedStartDate,
    schedule: details.schedule,
    serviceFeeLabel: details.serviceFeeLabel,
    upfrontFee: details.upfrontFee,
    penaltyText: details.penaltyText,
    receivingAccount: details.receivingAccount,
    signDeadline: details.signDeadline,
    expired: false,
    body,
    textHash: row.textHash,
    minReadSeconds: 0,
    readToken: '',
    signed: { signedAt: row.signedAt.toISOString(), textHash: row.textHash },
  };
}

function renderedView(
  row: ApplicationRow,
  terms: LoanContractTerms,
  rendered: RenderedLoanContract,
  readToken: string,
  expired: boolean,
): LoanContractView {
  return {
    rowId: row.id,
    contractNo: terms.contractNo,
    version: terms.version,
    title: rendered.title,
    parties: terms.parties,
    keyFacts: rendered.keyFacts,
    ...contractFacts(terms, rendered),
    expired,
    body: rendered.body,
    textHash: sha256Hex(rendered.body),
    minReadSeconds: LOAN_CONTRACT_MIN_READ_SECONDS,
    readToken,
    signed: null,
  };
}

function notYet(state: string): ApiError {
  const label = isApplicationState(state)
    ? APPLICATION_STATE_DISPLAY[state as ApplicationState].label
    : state;
  return new ApiError(RSP.STATE_NOT_ALLOWED, `当前状态为「${label}」，审批通过后才能查看借款合同`);
}

/**
 * GET /loanMgr/loanContract: a signed contract as it was kept; an approved application's contract rendered now
 * from its terms, with a read token (none once the signing deadline has passed); anything else 3001.
 */
export async function loanContractOf(
  ctx: AppContext,
  user: UserRow,
  rowId: number,
): Promise<LoanContractView> {
  const row = await ownApplication(ctx.db, user.id, rowId);
  const kept = await keptContract(ctx.db, row.id);
  if (kept) return keptView(openKept(ctx, kept));
  if (row.state !== 'APPROVED') {
    if (row.state === 'SIGNED' || row.state === 'DISBURSED') {
      throw new ApiError(RSP.CONTRACT_NOT_SIGNED, '该申请签署时未留存借款合同文本，请联系客服获取');
    }
    throw notYet(row.state);
  }
  const now = ctx.now();
  const terms = await contractTermsOf(ctx, row, await productOf(ctx.db, row.productCode), now);
  const expired = signDeadlinePassed(terms.signDeadline, now);
  const token = expired
    ? ''
    : issueSubjectReadToken(ctx.config.agreementReadSecret, readSubject(user.id, row.id), now);
  return renderedView(row, terms, renderLoanContract(terms), token, expired);
}

/** 3404 with the last day it could have been signed. */
function deadlinePassed(deadline: string): ApiError {
  return new ApiError(
    RSP.SIGN_DEADLINE_PASSED,
    `审批结果已超过签署有效期（最后签署日 ${deadline}），请重新申请`,
  );
}

export interface AcceptedContract {
  terms: LoanContractTerms;
  rendered: RenderedLoanContract;
  textHash: string;
}

/**
 * Checks a signing of an approved application: within its deadline (3404), a read token this server issued to
 * this user for this contract (1001), read at least LOAN_CONTRACT_MIN_READ_SECONDS (3405), and the hash of the
 * text as it renders now (3406: a term changed since it was read). Returns what is to be kept.
 */
export async function acceptContract(
  ctx: AppContext,
  user: UserRow,
  row: ApplicationRow,
  product: Product,
  body: SignContractRequest,
  now: Date,
): Promise<AcceptedContract> {
  const terms = await contractTermsOf(ctx, row, product, now);
  if (signDeadlinePassed(terms.signDeadline, now)) throw deadlinePassed(terms.signDeadline);
  const servedAt = verifySubjectReadToken(
    ctx.config.agreementReadSecret,
    body.readToken,
    readSubject(user.id, row.id),
  );
  const age = servedAt ? now.getTime() - servedAt.getTime() : -1;
  if (!servedAt || age < 0 || age > READ_TOKEN_MAX_AGE_MS)
    throw new ApiError(RSP.INVALID_INPUT, BAD_READ_TOKEN);
  const left = Math.ceil((LOAN_CONTRACT_MIN_READ_SECONDS * 1000 - age) / 1000);
  if (left > 0) throw new ApiError(RSP.CONTRACT_READ_TOO_SHORT, `请完整阅读借款合同，${left} 秒后可签署`);
  const rendered = renderLoanContract(terms);
  const textHash = sha256Hex(rendered.body);
  if (body.textHash !== textHash) throw new ApiError(RSP.CONTRACT_CHANGED);
  return { terms, rendered, textHash };
}
