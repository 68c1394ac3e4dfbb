import { roundHalfUp } from '../money.ts';
import type { Rate } from '../rate.ts';

/**
 * The equal-instalment (等额本息) payment, exact and rounded half-up to the fen once:
 * P·r·(1+r)^n / ((1+r)^n − 1), which with r = a/b is P·a·(a+b)^n / (b·((a+b)^n − b^n)).
 * At a zero rate it is P / n.
 */
export function annuityPaymentFen(principalFen: bigint, monthlyRate: Rate, months: number): bigint {
  const { num: a, den: b } = monthlyRate;
  const n = BigInt(months);
  if (a === 0n) return roundHalfUp(principalFen, n);
  const grown = (a + b) ** n;
  return roundHalfUp(principalFen * a * grown, b * (grown - b ** n));
}

/**
 * The fixed principal part of equal principal (等额本金): P / n rounded half-up, as banks publish it; the last
 * period absorbs the residual. When rounding up would leave the last part negative (tiny principals over
 * many periods), the part is P / n rounded down instead.
 */
export function equalPrincipalPartFen(principalFen: bigint, months: number): bigint {
  const n = BigInt(months);
  const rounded = roundHalfUp(principalFen, n);
  return rounded * (n - 1n) <= principalFen ? rounded : principalFen / n;
}
