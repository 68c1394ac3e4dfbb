/**
 * Money (docs/PRODUCT.md §11): integer fen in code, yuan as a decimal string with two places on the wire
 * ("12345.60"). Never a float for money arithmetic: exact bigint arithmetic, rounded half-up once.
 */

export class MoneyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoneyError';
  }
}

const MAX_FEN = BigInt(Number.MAX_SAFE_INTEGER);

/** Yuan: optional minus, whole part without leading zeros, at most two decimal places. */
const YUAN = /^(-?)(0|[1-9]\d*)(?:\.(\d{1,2}))?$/;

/** Throws unless `fen` is a safe integer (an amount in fen). */
export function assertFen(fen: number): void {
  if (!Number.isSafeInteger(fen)) throw new MoneyError('金额必须为整数分且在安全范围内');
}

/** Parses yuan ("12", "12.3", "12.30", "-0.05") to fen, strictly: no exponent, spaces or third decimal. */
export function yuanToFen(text: string): number {
  if (typeof text !== 'string' || text.length > 24)
    throw new MoneyError('金额格式不正确，应为元，最多两位小数');
  const match = YUAN.exec(text);
  if (!match) throw new MoneyError('金额格式不正确，应为元，最多两位小数，如 12345.60');
  const [, sign = '', whole = '0', fraction = ''] = match;
  const fen = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (fen > MAX_FEN) throw new MoneyError('金额超出允许范围');
  const value = Number(fen);
  return sign === '-' && value !== 0 ? -value : value;
}

/** Fen to yuan with exactly two places: 1234560 → "12345.60", -5 → "-0.05". */
export function fenToYuan(fen: number): string {
  assertFen(fen);
  const abs = Math.abs(fen);
  const whole = Math.trunc(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  return `${fen < 0 ? '-' : ''}${whole}.${cents}`;
}

/** Fen for display, with thousands separators: 1234560 → "12,345.60". */
export function formatYuan(fen: number): string {
  const [whole = '', cents = ''] = fenToYuan(fen).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/**
 * numerator / denominator rounded half-up (half away from zero, as 四舍五入 and Java's HALF_UP):
 * 5/2 → 3, -5/2 → -3, 7/3 → 2.
 */
export function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new MoneyError('除数不能为零');
  const num = denominator < 0n ? -numerator : numerator;
  const den = denominator < 0n ? -denominator : denominator;
  const quotient = num / den;
  const remainder = num % den;
  const twice = 2n * (remainder < 0n ? -remainder : remainder);
  if (twice < den) return quotient;
  return num < 0n ? quotient - 1n : quotient + 1n;
}

/** A bigint amount of fen as a number; throws if it is not a safe integer. */
export function bigintToFen(fen: bigint): number {
  if (fen > MAX_FEN || fen < -MAX_FEN) throw new MoneyError('金额超出允许范围');
  return Number(fen);
}
