import { daysBetween, parseIsoDate, shanghaiInstant } from '@loan/domain';

/** Calendar days from `from` to `to` ("YYYY-MM-DD"): the first day counts, the last does not; never negative. */
export function daysFrom(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) throw new Error(`bad date ${from} / ${to}`);
  return Math.max(0, daysBetween(a, b));
}

/** The Shanghai wall-clock instant of 10:00 on a date: when the sandbox collects from the store's payout. */
export function collectionInstant(date: string): Date {
  return shanghaiInstant(date, '10:00:00');
}
