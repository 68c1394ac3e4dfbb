/**
 * Request and result shapes of the product catalogue (GET /products/list, no session). Money is yuan as a decimal
 * string with two places.
 */
import type { StepKey } from '../banks/application-steps.ts';
import type { MaterialKey } from '../banks/materials.ts';
import type { BankCode } from '../banks/partner-banks.ts';
import type { RepaymentMethod } from '../schedule/types.ts';

export interface ProductCard {
  bank: BankCode;
  bankName: string;
  productCode: string;
  productType: string | null;
  name: string;
  summary: string;
  /** yuan strings */
  minAmount: string;
  maxAmount: string;
  amountStep: string;
  terms: number[];
  /** nominal annual rate as a decimal string, "0.168" */
  annualRate: string;
  method: RepaymentMethod;
  serviceFee: { kind: 'UPFRONT' | 'PER_INSTALMENT'; rate: string } | null;
  /** the fee as every page shows it (serviceFeeLabel): "0.20%/月", "1.00%（一次性）", "无"; always sent */
  serviceFeeLabel?: string;
  /** 年化利率 (IRR of interest plus fees × 12) as a decimal string with 4 places, lowest and highest over the terms */
  annualisedRateMin: string;
  annualisedRateMax: string;
  materials: MaterialKey[];
  flow: StepKey[];
}

export interface ProductListResult {
  items: ProductCard[];
}
