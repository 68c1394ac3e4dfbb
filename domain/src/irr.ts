/**
 * The annualised rate (年化利率) as PBOC asks for it: the internal rate of return of all the borrower's cash
 * flows, in single-interest form (monthly IRR × 12). It is a reported rate, not money, so floats are fine.
 */

/** One cash flow of the borrower: + received (the loan, net of upfront fees), − paid. */
export interface CashFlow {
  /** When, in months from the start (may be fractional for a broken first period). */
  readonly months: number;
  readonly amountFen: number;
}

export class IrrError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IrrError';
  }
}

function presentValue(flows: readonly CashFlow[], rate: number): number {
  return flows.reduce((sum, f) => sum + f.amountFen * (1 + rate) ** -f.months, 0);
}

function slope(flows: readonly CashFlow[], rate: number): number {
  return flows.reduce((sum, f) => sum - f.months * f.amountFen * (1 + rate) ** (-f.months - 1), 0);
}

/** −50 % a month: lower than any loan's rate, yet (1 + rate)^−360 stays finite. */
const LOWEST = -0.5;
const HIGHEST = 1e6;

/** A rate interval whose ends give present values of opposite signs. */
function bracket(flows: readonly CashFlow[]): [number, number] {
  const lowValue = presentValue(flows, LOWEST);
  if (!Number.isFinite(lowValue)) throw new IrrError('现金流超出可计算范围');
  for (let high = 0.01; high <= HIGHEST; high *= 2) {
    if (Math.sign(presentValue(flows, high)) !== Math.sign(lowValue)) return [LOWEST, high];
  }
  throw new IrrError('现金流无法计算内部收益率（需同时有流入和流出）');
}

/** The rate per month at which the flows' present value is zero: Newton's method inside a bisection bracket. */
export function monthlyIrr(flows: readonly CashFlow[]): number {
  if (flows.some((f) => !Number.isFinite(f.months) || f.months < 0 || !Number.isFinite(f.amountFen))) {
    throw new IrrError('现金流的时间和金额必须为有限数，时间不能为负');
  }
  let [low, high] = bracket(flows);
  const lowSign = Math.sign(presentValue(flows, low));
  let rate = Math.min(Math.max(0.01, low), high);
  for (let i = 0; i < 300; i++) {
    const value = presentValue(flows, rate);
    if (value === 0) return rate;
    if (Math.sign(value) === lowSign) low = rate;
    else high = rate;
    const derivative = slope(flows, rate);
    const newton = derivative === 0 ? Number.NaN : rate - value / derivative;
    const next = newton > low && newton < high ? newton : (low + high) / 2;
    if (Math.abs(next - rate) <= 1e-15 * Math.max(1, Math.abs(rate))) return next;
    rate = next;
  }
  return rate;
}

/** Annualised rate in single-interest form: monthly IRR × 12 (0.1303 is 13.03 %). */
export function annualisedRate(flows: readonly CashFlow[]): number {
  return monthlyIrr(flows) * 12;
}

/** A rate for display as a percentage: 0.130345 → "13.03%". */
export function formatPercent(rate: number, fractionDigits = 2): string {
  if (!Number.isFinite(rate)) return '—';
  const text = (rate * 100).toFixed(fractionDigits);
  return `${Number(text) === 0 ? (0).toFixed(fractionDigits) : text}%`;
}
