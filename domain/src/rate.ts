/**
 * Exact interest and fee rates: a non-negative rational `num / den` of bigints, parsed from a decimal string
 * ("0.24" is 24 % a year, "0.006" is 0.6 %). Rates enter money arithmetic, so they are never floats.
 */
export interface Rate {
  readonly num: bigint;
  readonly den: bigint;
}

export class RateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RateError';
  }
}

/** A decimal fraction: at most 6 whole digits and 12 decimal places, no sign or exponent. */
const DECIMAL = /^(0|[1-9]\d{0,5})(?:\.(\d{1,12}))?$/;

/** Parses a decimal rate string: "0.24" → 24/100, "0.049" → 49/1000, "0" → 0/1. */
export function parseRate(text: string): Rate {
  const match = typeof text === 'string' ? DECIMAL.exec(text) : null;
  if (!match) throw new RateError('利率格式不正确，应为小数，如 0.24 表示 24%');
  const [, whole = '0', fraction = ''] = match;
  return { num: BigInt(whole + fraction), den: 10n ** BigInt(fraction.length) };
}

/** A rate given as a decimal string or as a rational, checked: integers, num ≥ 0, den > 0. */
export function toRate(value: string | Rate): Rate {
  if (typeof value === 'string') return parseRate(value);
  const { num, den } = value;
  if (typeof num !== 'bigint' || typeof den !== 'bigint' || num < 0n || den <= 0n) {
    throw new RateError('利率必须为非负有理数');
  }
  return { num, den };
}

/** rate × factor / divisor, exactly: the monthly rate of an annual rate is scaleRate(annual, 1n, 12n). */
export function scaleRate(rate: Rate, factor: bigint, divisor: bigint): Rate {
  return { num: rate.num * factor, den: rate.den * divisor };
}

/** The rate as a float, for display only. */
export function rateToNumber(rate: Rate): number {
  return Number(rate.num) / Number(rate.den);
}
