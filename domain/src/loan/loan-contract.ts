import type {
  LoanContractInstalment,
  LoanContractKeyFacts,
  LoanContractParties,
} from '../api/contracts-signing.ts';
import { addDaysIso } from '../calendar-date.ts';
import { serviceFeeLabel } from '../fees/service-fee-label.ts';
import { fenToYuan } from '../money.ts';
import { type ProductPricing, productSchedule } from '../products/product-schedule.ts';
import { REPAYMENT_METHOD_LABELS, type Schedule } from '../schedule/types.ts';
import { shanghaiDate } from '../shanghai-time.ts';
import { loanContractBody, penaltyClause } from './loan-contract-text.ts';

/** The version of the contract's template: part of the text, kept with every signed contract. */
export const LOAN_CONTRACT_VERSION = 'LC-2';

/** Seconds the contract must be on screen before it can be signed (the server measures from when it served it). */
export const LOAN_CONTRACT_MIN_READ_SECONDS = 15;

/** Calendar days (Shanghai) after the approval within which it may be signed; later it expires. */
export const APPROVAL_SIGN_DAYS = 7;

/** The last Shanghai day an approval decided at `decidedAt` may be signed (inclusive). */
export function signDeadlineOf(decidedAt: Date): string {
  return addDaysIso(shanghaiDate(decidedAt), APPROVAL_SIGN_DAYS);
}

/**
 * The signing deadline as the last Shanghai minute it may be signed in ("2026-03-09 23:59"): what a notice tells
 * the borrower ("请在 … 前签署").
 */
export function signDeadlineMinuteOf(decidedAt: Date): string {
  return `${signDeadlineOf(decidedAt)} 23:59`;
}

/** True once the Shanghai date at `now` is after the signing deadline. */
export function signDeadlinePassed(deadline: string, now: Date): boolean {
  return shanghaiDate(now) > deadline;
}

/** 借款合同编号: JK + bank + the Shanghai date the application was made + its id (8 digits): JKYNIT2026030200000042. */
export function loanContractNo(bank: string, applicationId: number, createdAt: Date): string {
  return `JK${bank}${shanghaiDate(createdAt).replace(/-/g, '')}${String(applicationId).padStart(8, '0')}`;
}

/** Everything the contract is made of: change any of it and the text (and so its hash) changes. */
export interface LoanContractTerms {
  contractNo: string;
  /** the template's version, LOAN_CONTRACT_VERSION */
  version: string;
  parties: LoanContractParties;
  /** the approved amount */
  amountFen: number;
  termMonths: number;
  product: ProductPricing;
  /** the value date the schedule assumes ("YYYY-MM-DD"); due dates follow the actual disbursement date */
  assumedStartDate: string;
  receivingAccount: { bankName: string; accountMasked: string } | null;
  /** last Shanghai day it may be signed */
  signDeadline: string;
}

export interface RenderedLoanContract {
  title: string;
  body: string;
  keyFacts: LoanContractKeyFacts;
  schedule: LoanContractInstalment[];
  serviceFeeLabel: string;
  upfrontFee: string;
  penaltyText: string;
}

export const LOAN_CONTRACT_TITLE = '借款合同';

/** The key facts of a schedule: every figure is the engine's. */
export function contractKeyFacts(
  product: ProductPricing,
  amountFen: number,
  termMonths: number,
  schedule: Schedule,
): LoanContractKeyFacts {
  const first = schedule.instalments[0];
  const last = schedule.instalments[schedule.instalments.length - 1];
  if (!first || !last) throw new RangeError('a schedule without instalments has no contract');
  return {
    amount: fenToYuan(amountFen),
    termMonths,
    method: product.method,
    methodLabel: REPAYMENT_METHOD_LABELS[product.method],
    annualRate: product.annualRate,
    annualisedRate: schedule.annualisedRate.toFixed(4),
    totalInterest: fenToYuan(schedule.totals.interestFen),
    totalFees: fenToYuan(schedule.totals.feeFen),
    totalRepay: fenToYuan(schedule.totals.paymentFen),
    firstPayment: { dueDate: first.dueDate, amount: fenToYuan(first.paymentFen) },
    lastPayment: { dueDate: last.dueDate, amount: fenToYuan(last.paymentFen) },
  };
}

export function contractInstalments(schedule: Schedule): LoanContractInstalment[] {
  return schedule.instalments.map((i) => ({
    period: i.period,
    dueDate: i.dueDate,
    principal: fenToYuan(i.principalFen),
    interest: fenToYuan(i.interestFen),
    fee: fenToYuan(i.feeFen),
    payment: fenToYuan(i.paymentFen),
    remaining: fenToYuan(i.closingPrincipalFen),
  }));
}

/**
 * The 借款合同 of approved terms: the whole Chinese text (key facts first, then the parties, the loan, the full
 * schedule, fees, 罚息, the receiving account, the signing deadline and the other clauses), with its key facts and
 * schedule as data. Pure: the same terms give the same text, byte for byte; every figure is productSchedule's.
 */
export function renderLoanContract(terms: LoanContractTerms): RenderedLoanContract {
  const schedule = productSchedule(terms.product, terms.amountFen, terms.termMonths, terms.assumedStartDate);
  const keyFacts = contractKeyFacts(terms.product, terms.amountFen, terms.termMonths, schedule);
  const fee = serviceFeeLabel(terms.product.serviceFee);
  const penaltyText = penaltyClause(terms.product.annualRate);
  return {
    title: LOAN_CONTRACT_TITLE,
    body: loanContractBody({
      title: LOAN_CONTRACT_TITLE,
      terms,
      schedule,
      keyFacts,
      serviceFeeLabel: fee,
      penaltyText,
    }),
    keyFacts,
    schedule: contractInstalments(schedule),
    serviceFeeLabel: fee,
    upfrontFee: fenToYuan(schedule.upfrontFeeFen),
    penaltyText,
  };
}
