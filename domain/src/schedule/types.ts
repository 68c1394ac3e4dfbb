import type { Rate } from '../rate.ts';

/** 等额本息 equal instalment, 等额本金 equal principal, 先息后本 interest first (principal at the end). */
export type RepaymentMethod = 'EQUAL_INSTALMENT' | 'EQUAL_PRINCIPAL' | 'INTEREST_FIRST';

export const REPAYMENT_METHODS: readonly RepaymentMethod[] = [
  'EQUAL_INSTALMENT',
  'EQUAL_PRINCIPAL',
  'INTEREST_FIRST',
];

export const REPAYMENT_METHOD_LABELS: Readonly<Record<RepaymentMethod, string>> = {
  EQUAL_INSTALMENT: '等额本息',
  EQUAL_PRINCIPAL: '等额本金',
  INTEREST_FIRST: '先息后本',
};

/** UPFRONT: once, due after disbursement (the loan is disbursed in full); PER_INSTALMENT: every period, with the instalment. */
export type FeeKind = 'UPFRONT' | 'PER_INSTALMENT';

export const FEE_KINDS: readonly FeeKind[] = ['UPFRONT', 'PER_INSTALMENT'];

export const FEE_KIND_LABELS: Readonly<Record<FeeKind, string>> = {
  UPFRONT: '一次性收取',
  PER_INSTALMENT: '按期收取',
};

/** A service fee as a rate on the original principal: once (UPFRONT) or per month (PER_INSTALMENT). */
export interface ServiceFee {
  readonly kind: FeeKind;
  /** Decimal string ("0.006" is 0.6 %) or exact rational. */
  readonly rate: string | Rate;
}

export interface ScheduleInput {
  readonly principalFen: number;
  /** Nominal annual rate: decimal string ("0.24" is 24 % a year) or exact rational; monthly rate = annual / 12. */
  readonly annualRate: string | Rate;
  /** Number of monthly periods, 1–600. */
  readonly months: number;
  readonly method: RepaymentMethod;
  /** Value date of the loan, "YYYY-MM-DD". */
  readonly startDate: string;
  /** First due date when it is not one month after the start: the first period is then a broken period. */
  readonly firstDueDate?: string;
  readonly fee?: ServiceFee;
}

export interface Instalment {
  /** 1-based. */
  readonly period: number;
  readonly dueDate: string;
  /** Calendar days since the previous due date (or the start): the first day counts, the last does not. */
  readonly days: number;
  readonly openingPrincipalFen: number;
  readonly principalFen: number;
  readonly interestFen: number;
  readonly feeFen: number;
  /** principalFen + interestFen + feeFen. */
  readonly paymentFen: number;
  readonly closingPrincipalFen: number;
}

export interface ScheduleTotals {
  readonly principalFen: number;
  readonly interestFen: number;
  /** Upfront fee plus every instalment's fee. */
  readonly feeFen: number;
  /** Upfront fee plus every instalment's payment: all the borrower pays. */
  readonly paymentFen: number;
}

export interface Schedule {
  readonly instalments: readonly Instalment[];
  /** The fee charged once at disbursement (0 without an upfront fee). */
  readonly upfrontFeeFen: number;
  readonly totals: ScheduleTotals;
  /** 年化利率: IRR of all cash flows, monthly IRR × 12 (0.1303 is 13.03 %); see cash-flows.ts. */
  readonly annualisedRate: number;
  readonly brokenFirstPeriod: boolean;
}
