import { daysBetween, parseIsoDate, roundHalfUp, toRate } from '@loan/domain';

/** "YYYY-MM-DD" + days, as a date string. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` ("YYYY-MM-DD"): the first day counts, the last does not; never negative. */
export function daysFrom(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) throw new Error(`bad date ${from} / ${to}`);
  return Math.max(0, daysBetween(a, b));
}

/**
 * Simple daily interest on a 360-day year, rounded half-up to the fen once:
 * principal × annual rate × days / 360. Used for interest accrued since the last due date (early settlement)
 * and for penalty interest on overdue principal (at the loan's own rate).
 */
export function dailyInterestFen(principalFen: number, annualRate: string, days: number): number {
  if (principalFen <= 0 || days <= 0) return 0;
  const rate = toRate(annualRate);
  return Number(roundHalfUp(BigInt(principalFen) * rate.num * BigInt(days), rate.den * 360n));
}

/** The Shanghai wall-clock instant of 10:00 on a date: when the sandbox collects from the store's payout. */
export function collectionInstant(date: string): Date {
  return new Date(`${date}T02:00:00.000Z`);
}
