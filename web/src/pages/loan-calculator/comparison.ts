import type { ProductCard, Schedule } from '@loan/domain';
import { type Calculation, calculate, type LoanFields, type PricingFields } from './calculator-input';
import { FREE_MODE } from './ProductPicker';
import { productErrors } from './product-mode';

export const MAX_SCENARIOS = 3;
export const SCENARIO_NAMES = ['方案一', '方案二', '方案三'] as const;

/** A scenario's pricing and the product it came from (FREE_MODE: typed in). */
export interface Scenario extends PricingFields {
  productCode: string;
}

export interface ScenarioResult {
  name: string;
  product: ProductCard | null;
  calculation: Calculation;
}

/**
 * Each scenario priced on the calculator's amount, term and dates. A scenario of a product is named after it
 * and fails, with the product's reason, when the product does not lend this amount or term.
 */
export function calculateScenarios(
  loan: LoanFields,
  scenarios: readonly Scenario[],
  products: readonly ProductCard[] = [],
): ScenarioResult[] {
  return scenarios.map(({ productCode, ...pricing }, index) => {
    const product =
      productCode === FREE_MODE ? null : (products.find((p) => p.productCode === productCode) ?? null);
    const base = SCENARIO_NAMES[index] ?? `方案${index + 1}`;
    const fields = { ...loan, ...pricing };
    const calculation = calculate(fields);
    const limits = product && calculation.ok ? productErrors(product, fields) : {};
    return {
      name: product ? `${base} · ${product.name}` : base,
      product,
      calculation: Object.keys(limits).length > 0 ? { ok: false, errors: limits } : calculation,
    };
  });
}

/** Indexes of the valid scenarios with the lowest value (ties all win); none with fewer than two valid. */
export function cheapest(results: readonly ScenarioResult[], pick: (s: Schedule) => number): Set<number> {
  const valid = results.flatMap((r, index) =>
    r.calculation.ok ? [{ index, value: pick(r.calculation.schedule) }] : [],
  );
  if (valid.length < 2) return new Set();
  const lowest = Math.min(...valid.map((v) => v.value));
  return new Set(valid.filter((v) => v.value === lowest).map((v) => v.index));
}
