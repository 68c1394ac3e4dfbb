/**
 * Request and result shapes of the loan contract (借款合同): rendered from the approved terms before signing,
 * accepted with evidence, kept as signed and downloadable as a PDF. Money is yuan as a decimal string with two
 * places; rates are decimal strings ("0.0864" is 8.64 %).
 */
import type { RepaymentMethod } from '../schedule/types.ts';

/** The figures a borrower must see first, all from the same schedule as the contract's table. */
export interface LoanContractKeyFacts {
  amount: string;
  termMonths: number;
  method: RepaymentMethod;
  methodLabel: string;
  /** nominal annual rate */
  annualRate: string;
  /** 年化利率 of this loan (IRR of interest and fees × 12), 4 places */
  annualisedRate: string;
  totalInterest: string;
  totalFees: string;
  /** everything the borrower pays: principal, interest and fees */
  totalRepay: string;
  firstPayment: { dueDate: string; amount: string };
  lastPayment: { dueDate: string; amount: string };
}

export interface LoanContractInstalment {
  period: number;
  dueDate: string;
  principal: string;
  interest: string;
  fee: string;
  payment: string;
  /** principal still owed after this payment */
  remaining: string;
}

export interface LoanContractParties {
  borrowerCompany: string;
  uscc: string;
  legalRepresentative: string;
  bankName: string;
  /** the portal's operator (居间服务方) */
  platform: string;
}

/** GET /loanMgr/loanContract?rowId=: the contract of an approved (or signed) application. */
export interface LoanContractView {
  rowId: number;
  contractNo: string;
  /** the template's version ("LC-2") */
  version: string;
  title: string;
  parties: LoanContractParties;
  keyFacts: LoanContractKeyFacts;
  /** value date the schedule assumes ("YYYY-MM-DD"); due dates follow the actual disbursement date */
  assumedStartDate: string;
  schedule: LoanContractInstalment[];
  serviceFeeLabel: string;
  upfrontFee: string;
  /** 罚息 as the contract states it */
  penaltyText: string;
  /** where the loan is paid out and payouts are collected, masked; null when none is open */
  receivingAccount: { bankName: string; accountMasked: string } | null;
  /** last Shanghai day the approval may be signed ("YYYY-MM-DD") */
  signDeadline: string;
  expired: boolean;
  /** the whole text shown, of which textHash is the sha256 hex */
  body: string;
  textHash: string;
  minReadSeconds: number;
  /** opaque; proves when the server served this text */
  readToken: string;
  /** when signed: the evidence kept with the text */
  signed: { signedAt: string; textHash: string } | null;
}

/** POST /loanMgr/signContract */
export interface SignContractRequest {
  rowId: number;
  /** sha256 hex of the body the borrower read */
  textHash: string;
  readToken: string;
}
