import type { Schedule } from '@loan/domain';
import { type Calculation, calculate, type LoanFields, type PricingFields } from './calculator-input';

export const MAX_SCENARIOS = 3;
export const SCENARIO_NAMES = ['方案一', '方案二', '方案三'] as const;

export interface ScenarioResult {
  name: string;
  calculation: Calculation;
}

/** Each scenario priced on the calculator's amount, term and dates. */
export function calculateScenarios(loan: LoanFields, scenarios: readonly PricingFields[]): ScenarioResult[] {
  return scenarios.map((pricing, index) => ({
    name: SCENARIO_NAMES[index] ?? `方案${index + 1}`,
    calculation: calculate({ ...loan, ...pricing }),
  }));
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
