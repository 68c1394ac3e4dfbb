import {
  APPROVED_STATES,
  type BankCode,
  isBankCode,
  LOAN_CONTRACT_VERSION,
  type LoanContractTerms,
  loanContractNo,
  PARTNER_BANKS,
  PRODUCT_NAME,
  type Product,
  type RenderedLoanContract,
  RSP,
  shanghaiDate,
  signDeadlineOf,
} from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type ApplicationRow, loanCertifications, type SignedContractDetails } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { openOrNull } from '../../lib/sealed-columns.ts';
import { bankName, openSubAccount } from '../receiving-account/accounts.ts';

/** The portal's operator, the contract's 居间服务方. */
const CONTRACT_PLATFORM = `${PRODUCT_NAME}运营方`;

/** The last Shanghai day the approval may be signed, while it is approved or signed; null otherwise. */
export function signDeadlineOfRow(row: ApplicationRow): string | null {
  if (!APPROVED_STATES.includes(row.state)) return null;
  return signDeadlineOf(row.decidedAt ?? row.updatedAt);
}

/** The contract number of an application: the same every time it is asked. */
const contractNoOf = (row: ApplicationRow) => loanContractNo(row.bank, row.id, row.createdAt);

/**
 * The terms the contract of an approved application is rendered from, as they stand at `now`: the approved
 * amount and term, the product's pricing, the borrower's certified company, USCC and legal representative, the
 * bank, the open receiving account (masked) and the signing deadline; the schedule starts on today's Shanghai date.
 */
export async function contractTermsOf(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  row: ApplicationRow,
  product: Product,
  now: Date,
): Promise<LoanContractTerms> {
  const amountFen = row.approvedAmountFen ?? row.amountFen;
  if (amountFen === null || row.termMonths === null) {
    throw new ApiError(RSP.STATE_NOT_ALLOWED, '申请缺少审批金额或借款期限，暂不能生成借款合同');
  }
  const { db } = ctx;
  const [certification] = await db
    .select({
      companyName: loanCertifications.companyName,
      uscc: loanCertifications.uscc,
      legalNameEnc: loanCertifications.legalNameEnc,
    })
    .from(loanCertifications)
    .where(eq(loanCertifications.userId, row.userId))
    .limit(1);
  if (!certification) throw new ApiError(RSP.CERTIFICATION_REQUIRED);
  const legalName = openOrNull(ctx, 'legalName', row.userId, certification.legalNameEnc);
  if (legalName === null) {
    throw new ApiError(RSP.CERTIFICATION_REQUIRED, '认证信息无法读取，请重新提交借款认证后再签署借款合同');
  }
  const account = await openSubAccount(db, row.userId);
  const bank: BankCode = isBankCode(row.bank) ? row.bank : 'YNIT';
  return {
    contractNo: contractNoOf(row),
    version: LOAN_CONTRACT_VERSION,
    parties: {
      borrowerCompany: certification.companyName,
      uscc: certification.uscc,
      legalRepresentative: legalName,
      bankName: PARTNER_BANKS[bank].name,
      platform: CONTRACT_PLATFORM,
    },
    amountFen,
    termMonths: row.termMonths,
    product: { annualRate: product.annualRate, method: product.method, serviceFee: product.serviceFee },
    assumedStartDate: shanghaiDate(now),
    receivingAccount:
      account?.accountNoMasked != null
        ? { bankName: bankName(account.bank), accountMasked: account.accountNoMasked }
        : null,
    signDeadline: signDeadlineOf(row.decidedAt ?? row.updatedAt),
  };
}

/** The contract's facts beside its text, parties and key facts: shown while it awaits signing, kept once signed. */
export function contractFacts(
  terms: LoanContractTerms,
  rendered: RenderedLoanContract,
): Omit<SignedContractDetails, 'pricing'> {
  return {
    assumedStartDate: terms.assumedStartDate,
    schedule: rendered.schedule,
    serviceFeeLabel: rendered.serviceFeeLabel,
    upfrontFee: rendered.upfrontFee,
    penaltyText: rendered.penaltyText,
    receivingAccount: terms.receivingAccount,
    signDeadline: terms.signDeadline,
  };
}
