import { roundHalfUp } from '../money.ts';
import { type Rate, toRate } from '../rate.ts';

/**
 * Simple daily interest on a 360-day year, rounded half-up to the fen once: principal × annual rate × days / 360.
 * The interest of a schedule's broken first period, of the days since the last due date when a loan is settled
 * early, and the penalty interest on overdue principal (at the loan's own rate).
 */
export function dailyInterest(principalFen: bigint, annualRate: Rate, days: number): bigint {
  return roundHalfUp(principalFen * annualRate.num * BigInt(days), annualRate.den * 360n);
}

/** dailyInterest on whole fen and a decimal-string rate ("0.168"); nothing without principal or days. */
export function dailyInterestFen(principalFen: number, annualRate: string | Rate, days: number): number {
  if (principalFen <= 0 || days <= 0) return 0;
  return Number(dailyInterest(BigInt(principalFen), toRate(annualRate), days));
}
