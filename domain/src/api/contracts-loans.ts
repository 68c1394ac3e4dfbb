/**
 * Request and result shapes of loans after the decision: loan records, loan detail with its schedule,
 * early settlement, and the transaction ledger. Money is yuan as a decimal string with two places; dates are
 * "YYYY-MM-DD" (Asia/Shanghai); times ISO 8601. Lists page by keyset: pass `nextCursor` back as `cursor`.
 */
import type { AgreementKind } from '../agreements/agreement-kinds.ts';
import type { BankCode } from '../banks/partner-banks.ts';
import type { ApplicationState } from '../loan/application-types.ts';
import type { OverdueBucket } from '../loan/overdue.ts';
import type { PaymentChannel, PaymentPurpose } from '../payments/payment-labels.ts';
import type { RepaymentMethod } from '../schedule/types.ts';
import type { ApplicationDetail } from './contracts-applications.ts';
import type { LoanFeeStatus } from './contracts-fees.ts';
import type { PaymentOrderView } from './contracts-payments.ts';

export interface Page<T> {
  items: T[];
  /** opaque; null when this is the last page */
  nextCursor: string | null;
}

export const LOAN_STATUSES = ['REPAYING', 'OVERDUE', 'SETTLED'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** What the loan-record filter offers: the application's progress before disbursement, the loan's after. */
export const LOAN_RECORD_STATUSES = ['APPLYING', 'APPROVED', 'REJECTED', 'CLOSED', ...LOAN_STATUSES] as const;
export type LoanRecordStatus = (typeof LOAN_RECORD_STATUSES)[number];

/** GET /loanMgr/loanRecords */
export interface LoanRecordQuery {
  status?: LoanRecordStatus;
  bank?: BankCode;
  /** application created on or after / on or before, "YYYY-MM-DD" */
  from?: string;
  to?: string;
  cursor?: string;
  /** 1–100, default 10 */
  limit?: number;
}

export interface LoanRecordItem {
  rowId: number;
  loanId: number | null;
  bank: BankCode;
  bankName: string;
  productCode: string;
  productName: string;
  /** the amount asked, or the principal once disbursed; null for a draft without terms */
  amount: string | null;
  termMonths: number | null;
  state: ApplicationState;
  recordStatus: LoanRecordStatus;
  /** an overdue loan's bucket by the days past due of its oldest owed instalment (M1 … M3+); null otherwise */
  overdueBucket: OverdueBucket | null;
  outstandingPrincipal: string | null;
  createdAt: string;
  disbursedAt: string | null;
  /** the portal path of the application's bank page */
  bankPath: string;
}

export const INSTALMENT_STATUSES = ['DUE', 'PARTIAL', 'PAID', 'OVERDUE', 'SETTLED_EARLY'] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];

export interface InstalmentView {
  seq: number;
  dueDate: string;
  principal: string;
  interest: string;
  fee: string;
  penalty: string;
  paidPrincipal: string;
  paidInterest: string;
  paidFee: string;
  paidPenalty: string;
  /** 应还: principal + interest + fee + penalty, as contracted (penalty to date) */
  due: string;
  /** 减免: what an instalment ended without paying (forgiven at early settlement); due = paid + waived + outstanding */
  waived: string;
  /** what is still owed on this instalment */
  outstanding: string;
  status: InstalmentStatus;
  paidAt: string | null;
}

/** A loan's service fee: its fee items summed, exact to the fen. */
export interface LoanServiceFee {
  /** every fee item's amount */
  amount: string;
  status: LoanFeeStatus;
  /** covered by coupons */
  discount?: string;
  /** paid in cash */
  paid?: string;
  refunded?: string;
  /** forgiven at early settlement */
  waived?: string;
  /** still to pay */
  outstanding?: string;
  /** how the fee is set, e.g. "0.20%/月" */
  rateLabel?: string;
  /** when the fee is charged, the domain's sentence (serviceFeeRuleSentence) */
  chargeRule?: string;
}

export interface LoanView {
  loanId: number;
  principal: string;
  annualRate: string;
  method: RepaymentMethod;
  termMonths: number;
  startDate: string;
  status: LoanStatus;
  outstandingPrincipal: string;
  disbursedAt: string;
  settledAt: string | null;
  /** the loan's fee items summed (null: the product has no service fee) */
  serviceFee: LoanServiceFee | null;
  /** 年化利率 of this loan's own cash flows, 4 decimals */
  annualisedRate: string;
}

export interface AcceptedAgreement {
  kind: AgreementKind;
  title: string;
  version: string;
  textHash: string;
  acceptedAt: string;
  /** portal path of the text */
  route: string;
}

/** GET /loanMgr/loanRecordDetail?rowId= */
export interface LoanRecordDetail {
  detail: ApplicationDetail;
  loan: LoanView | null;
  instalments: InstalmentView[];
  /** the loan's ledger lines (repayments, disbursement, fees), newest first */
  transactions: LedgerLine[];
  agreements: AcceptedAgreement[];
  /** the application id when its signed loan contract is kept (GET /loanMgr/loanContractPdf?rowId=); else null */
  contractRowId: number | null;
  /** a payment of this loan waiting at the cashier (pay it or cancel it before another), else null */
  openOrder: LoanOpenOrder | null;
  /** the early settlement that ended the loan (its payment's receipt: GET /pay/receipt), else null */
  settlement: LoanSettlement | null;
  /** the loan's instalments past due on the day asked (Shanghai), penalty counted to that day; null: none */
  overdue: LoanOverdueView | null;
}

/** An instalment past due, as it stands today: what repaying it now costs (POST /pay/repayNow asks the same). */
export interface OverdueInstalmentView {
  seq: number;
  dueDate: string;
  /** Shanghai calendar days past the due date (domain daysPastDue) */
  days: number;
  /** penalty interest still owed, counted to today */
  penalty: string;
  /** what it owes today: principal, interest, fee and the penalty to today */
  amount: string;
}

/** A loan's overdue standing today: the oldest instalment past due decides the days (and so the bucket). */
export interface LoanOverdueView {
  days: number;
  /** every overdue instalment's amount today, penalty to today included */
  amount: string;
  /** of which penalty interest to today */
  penalty: string;
  /** oldest first */
  instalments: OverdueInstalmentView[];
}

/** An early settlement paid: the order (for its receipt), what it paid, the date interest ran to, when. */
export interface LoanSettlement {
  outTradeNo: string;
  total: string;
  asOfDate: string;
  settledAt: string;
}

/** An unpaid payment order of a loan: what it pays, how much, where to pay it, until when. */
export interface LoanOpenOrder {
  outTradeNo: string;
  purpose: PaymentPurpose;
  purposeLabel: string;
  amount: string;
  cashierUrl: string | null;
  expiresAt: string;
}

/** GET /loanMgr/settlementQuote?loanId= : what settling today costs (the rule: SETTLEMENT_RULE_TEXT). */
export interface SettlementQuote {
  loanId: number;
  asOfDate: string;
  /** the quote holds until then (the end of its Shanghai day): pay before, or ask again */
  validUntil: string;
  principal: string;
  /** unpaid interest of instalments due, plus the days used of the running period */
  interest: string;
  /** service fees charged: an upfront fee still owed and the unpaid fees of instalments due */
  fee: string;
  penalty: string;
  /** interest and fees already paid on instalments not yet due, taken off the total */
  credit: string;
  total: string;
  /** the unpaid fees of instalments not yet due, forgiven on settling (not in the total) */
  feeWaived: string;
  /** e.g. "剩余 9 期服务费 3,600.00 元提前结清免收" (empty when nothing is waived) */
  feeNote: string;
  /** e.g. "已缴未到期期次的利息 800.00 元从结清金额中抵扣" (empty when nothing is credited) */
  creditNote: string;
  /** the settlement waiting at the cashier, if one is: pay it (cashierUrl) or cancel it */
  openOrder: { outTradeNo: string; amount: string; cashierUrl: string | null; expiresAt: string } | null;
}

/** POST /loanMgr/earlySettle: the borrower confirms the quoted total; answered with the order to pay it. */
export interface EarlySettleRequest {
  loanId: number;
  total: string;
  channel: PaymentChannel;
}

/** The settlement's payment order: PAID at once when credits cover it all, else CREATED (go to cashierUrl). */
export interface EarlySettleResult {
  order: PaymentOrderView;
  cashierUrl: string | null;
}

export const LEDGER_TYPES = [
  'DISBURSEMENT',
  'REPAYMENT',
  'FEE_PAYMENT',
  'REFUND',
  'COUPON',
  'EARLY_SETTLEMENT',
  'REVERSAL',
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

export interface LedgerLine {
  id: number;
  type: LedgerType;
  /** into the borrower's hands positive, out of them negative */
  amount: string;
  principal: string;
  interest: string;
  penalty: string;
  fee: string;
  loanId: number | null;
  productName: string | null;
  reversesId: number | null;
  memo: string | null;
  occurredAt: string;
}

/** GET /trading/tradingRecord and GET /trading/export (format csv | xlsx, same filters, no cursor). */
export interface TradingRecordQuery {
  type?: LedgerType;
  from?: string;
  to?: string;
  cursor?: string;
  limit?: number;
}

export interface LedgerTotals {
  /** net: into the borrower's hands positive */
  amount: string;
  /** net principal: disbursed minus repaid */
  principal: string;
  /** principal of the disbursements alone (what the borrower received), so that the repaid part can be told */
  disbursed: string;
  interest: string;
  penalty: string;
  fee: string;
  count: number;
}

export interface TradingRecordPage extends Page<LedgerLine> {
  /** totals over the whole filtered range, not just this page */
  totals: LedgerTotals;
}
