import type { ProductCard } from '../api/contracts-products.ts';
import { RSP, type RspCode } from '../api/rsp-codes.ts';
import type { StepKey } from '../banks/application-steps.ts';
import type { MaterialKey } from '../banks/materials.ts';
import { type BankCode, PARTNER_BANKS } from '../banks/partner-banks.ts';
import { serviceFeeLabel } from '../fees/service-fee-label.ts';
import { fenToYuan, formatYuan } from '../money.ts';
import { rateToNumber } from '../rate.ts';
import type { RepaymentMethod, ServiceFee } from '../schedule/types.ts';
import { productSchedule } from './product-schedule.ts';

/** A partner bank's loan product (docs/PRODUCT.md §10). */
export interface Product {
  readonly bank: BankCode;
  readonly productCode: string;
  /** Only for banks whose route carries it (YNIT, SHRB); absent otherwise. */
  readonly productType?: string;
  readonly name: string;
  /** One line for the product card. */
  readonly summary: string;
  readonly minAmountFen: number;
  readonly maxAmountFen: number;
  /** Amounts are whole multiples of this (e.g. 100000 fen: whole thousands of yuan). */
  readonly amountStepFen: number;
  /** Terms offered, in months, ascending. */
  readonly terms: readonly number[];
  /** Nominal annual rate as a decimal string: "0.168" is 16.8 % a year. */
  readonly annualRate: string;
  readonly method: RepaymentMethod;
  readonly serviceFee: ServiceFee | null;
  /** Everything an applicant must provide: the bank's materials and any the product adds. */
  readonly materials: readonly MaterialKey[];
  /** A product's own flow, when it differs from its bank's. */
  readonly flow?: readonly StepKey[];
}

export interface ApplicationTerms {
  readonly amountFen: number;
  readonly months: number;
}

export interface ProductProblem {
  readonly code: RspCode;
  readonly reason: string;
}

/** The steps of an application for this product: its own flow, or else its bank's. */
export function productFlow(product: Product): readonly StepKey[] {
  return product.flow ?? PARTNER_BANKS[product.bank].flow;
}

type Check = (product: Product, terms: ApplicationTerms) => ProductProblem | null;

const problem = (code: RspCode, reason: string): ProductProblem => ({ code, reason });

/** Checks of one subject, in order; only the first that fails is reported. */
const CHECK_GROUPS: readonly (readonly Check[])[] = [
  [
    (_, { amountFen }) =>
      Number.isSafeInteger(amountFen) && amountFen > 0
        ? null
        : problem(RSP.INVALID_INPUT, '申请金额必须大于 0，且最多两位小数'),
    ({ minAmountFen }, { amountFen }) =>
      amountFen >= minAmountFen
        ? null
        : problem(RSP.AMOUNT_BELOW_MIN, `申请金额不能低于 ${formatYuan(minAmountFen)} 元`),
    ({ maxAmountFen }, { amountFen }) =>
      amountFen <= maxAmountFen
        ? null
        : problem(RSP.AMOUNT_ABOVE_MAX, `申请金额不能高于 ${formatYuan(maxAmountFen)} 元`),
    ({ amountStepFen }, { amountFen }) =>
      amountFen % amountStepFen === 0
        ? null
        : problem(RSP.AMOUNT_NOT_MULTIPLE, `申请金额须为 ${formatYuan(amountStepFen)} 元的整数倍`),
  ],
  [
    (_, { months }) =>
      Number.isInteger(months) ? null : problem(RSP.INVALID_INPUT, '借款期限必须为整数个月'),
    ({ terms }, { months }) =>
      terms.includes(months)
        ? null
        : problem(RSP.TERM_NOT_OFFERED, `该产品可选借款期限为 ${terms.join('、')} 个月`),
  ],
];

/** What is wrong with an application's amount and term for this product: one problem per subject at most. */
export function validateProductApplication(product: Product, terms: ApplicationTerms): ProductProblem[] {
  return CHECK_GROUPS.flatMap((checks) => {
    for (const check of checks) {
      const found = check(product, terms);
      if (found) return [found];
    }
    return [];
  });
}

/**
 * 年化利率 of borrowing `amountFen` over `months` from `startDate` ("YYYY-MM-DD"): the IRR of interest and
 * service fees (0.1303 is 13.03 %). It does not apply the product's limits (see validateProductApplication);
 * throws ScheduleInputError for input no schedule can have.
 */
export function productAnnualisedRate(
  product: Product,
  amountFen: number,
  months: number,
  startDate: string,
): number {
  return productSchedule(product, amountFen, months, startDate).annualisedRate;
}

/** The lowest and highest annualised rate over the terms offered, at the largest amount: for product cards. */
export function productAnnualisedRateRange(
  product: Product,
  startDate: string,
): { readonly min: number; readonly max: number } {
  const rates = product.terms.map((months) =>
    productAnnualisedRate(product, product.maxAmountFen, months, startDate),
  );
  return { min: Math.min(...rates), max: Math.max(...rates) };
}

/** A fee as stored and shown: the kind and the rate as a decimal string. */
export function serviceFeeText(
  fee: ServiceFee | null | undefined,
): { kind: ServiceFee['kind']; rate: string } | null {
  if (!fee) return null;
  return { kind: fee.kind, rate: typeof fee.rate === 'string' ? fee.rate : String(rateToNumber(fee.rate)) };
}

/** A product as GET /products/list shows it: 年化利率 over the terms offered at the largest amount from `today`. */
export function productCardOf(product: Product, today: string): ProductCard {
  const range = productAnnualisedRateRange(product, today);
  return {
    bank: product.bank,
    bankName: PARTNER_BANKS[product.bank].name,
    productCode: product.productCode,
    productType: product.productType ?? null,
    name: product.name,
    summary: product.summary,
    minAmount: fenToYuan(product.minAmountFen),
    maxAmount: fenToYuan(product.maxAmountFen),
    amountStep: fenToYuan(product.amountStepFen),
    terms: [...product.terms],
    annualRate: product.annualRate,
    method: product.method,
    serviceFee: serviceFeeText(product.serviceFee),
    serviceFeeLabel: serviceFeeLabel(product.serviceFee),
    annualisedRateMin: range.min.toFixed(4),
    annualisedRateMax: range.max.toFixed(4),
    materials: [...product.materials],
    flow: [...productFlow(product)],
  };
}
