import { parseIsoDate, toDayNumber } from '../calendar-date.ts';

/**
 * Overdue as a lifecycle: days past due (Shanghai calendar days after the due date while something is owed) and
 * the bucket they fall in. M1 1–30, M2 31–60, M3 61–90, M3+ above; 0 days is not overdue.
 */
export const OVERDUE_BUCKETS = ['M1', 'M2', 'M3', 'M3+'] as const;
export type OverdueBucket = (typeof OVERDUE_BUCKETS)[number];

/** The last day past due of each bucket (M3+ has none). */
export const OVERDUE_BUCKET_LAST_DAY: Readonly<Record<Exclude<OverdueBucket, 'M3+'>, number>> = {
  M1: 30,
  M2: 60,
  M3: 90,
};

export const OVERDUE_BUCKET_LABEL: Readonly<Record<OverdueBucket, string>> = {
  M1: 'M1（逾期 1–30 天）',
  M2: 'M2（逾期 31–60 天）',
  M3: 'M3（逾期 61–90 天）',
  'M3+': 'M3+（逾期 90 天以上）',
};

/**
 * Days past due on `today` of an instalment due on `dueDate` ("YYYY-MM-DD", Shanghai) that still owes `owedFen`:
 * 0 when nothing is owed or the due date has not passed.
 */
export function daysPastDue(dueDate: string, today: string, owedFen = 1): number {
  if (owedFen <= 0) return 0;
  const due = parseIsoDate(dueDate);
  const day = parseIsoDate(today);
  if (!due || !day) throw new Error(`bad date ${dueDate} / ${today}`);
  return Math.max(0, toDayNumber(day) - toDayNumber(due));
}

/** The bucket of a number of days past due; null when not overdue. */
export function overdueBucket(days: number): OverdueBucket | null {
  if (!Number.isInteger(days) || days <= 0) return null;
  if (days <= OVERDUE_BUCKET_LAST_DAY.M1) return 'M1';
  if (days <= OVERDUE_BUCKET_LAST_DAY.M2) return 'M2';
  if (days <= OVERDUE_BUCKET_LAST_DAY.M3) return 'M3';
  return 'M3+';
}

/** A loan's overdue standing: its oldest owed instalment past due decides (the worst bucket). */
export function loanOverdue(
  instalments: ReadonlyArray<{ dueDate: string; owedFen: number }>,
  today: string,
): { days: number; bucket: OverdueBucket | null; overdueFen: number } {
  let days = 0;
  let overdueFen = 0;
  for (const i of instalments) {
    const d = daysPastDue(i.dueDate, today, i.owedFen);
    if (d > 0) overdueFen += i.owedFen;
    days = Math.max(days, d);
  }
  return { days, bucket: overdueBucket(days), overdueFen };
}

/** A loan's status as shown: an overdue loan names its bucket ("已逾期 · M2"). */
export function loanStatusText(label: string, bucket: OverdueBucket | null): string {
  return bucket ? `${label} · ${bucket}` : label;
}
