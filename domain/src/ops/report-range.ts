import { addDaysIso, addMonthsClamped, daysBetween, formatIsoDate, parseIsoDate } from '../calendar-date.ts';
import { shanghaiDate } from '../shanghai-time.ts';
import type { FeeIncomeBy } from './reports.ts';

/** The longest range a report covers: by day, and by month. */
export const REPORT_MAX_DAYS = 366;
export const REPORT_MAX_MONTHS = 24;

const DATE_EXAMPLE = '应为 YYYY-MM-DD，如 2026-03-01';

/** Yesterday in Shanghai at `now`: the day the reconciliation shows unless told otherwise. */
export function shanghaiYesterday(now: Date): string {
  return addDaysIso(shanghaiDate(now), -1);
}

/** A reconciliation day: a real date, not after today (Shanghai); the Chinese reason when it is not. */
export function reconciliationDateProblem(date: string, today: string): string | null {
  if (!parseIsoDate(date)) return `对账日期不是有效日期，${DATE_EXAMPLE}`;
  if (date > today) return `对账日期不能晚于今天（${today}）`;
  return null;
}

export interface ReportRange {
  /** the first and the last day, inclusive, "YYYY-MM-DD" in Shanghai */
  from: string;
  to: string;
  by: FeeIncomeBy;
}

/** The month "YYYY-MM" of a date, or the date itself: the period a day falls in. */
export function periodOf(date: string, by: FeeIncomeBy): string {
  return by === 'month' ? date.slice(0, 7) : date;
}

/** Calendar months from the month of `from` to the month of `to`, both counted. */
export function monthsSpanned(from: string, to: string): number {
  const [fy, fm] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const [ty, tm] = [Number(to.slice(0, 4)), Number(to.slice(5, 7))];
  return ty * 12 + tm - (fy * 12 + fm) + 1;
}

/** The range a report shows by default: this month by day, the last twelve months by month (up to today). */
function defaultFrom(to: string, by: FeeIncomeBy): string {
  const parsed = parseIsoDate(to);
  if (!parsed) return to;
  const first = { ...parsed, day: 1 };
  return formatIsoDate(by === 'month' ? addMonthsClamped(first, -11) : first);
}

/**
 * The range of a fee-income query: from/to "YYYY-MM-DD" (each optional: to defaults to today, from to the start of
 * to's month, or of the eleventh month before it by month), from ≤ to, at most REPORT_MAX_DAYS days by day and
 * REPORT_MAX_MONTHS months by month. Either the range or the Chinese reason it is refused.
 */
export function feeIncomeRange(
  query: { from?: string | undefined; to?: string | undefined; by?: FeeIncomeBy | undefined },
  today: string,
): { range: ReportRange; problem: null } | { range: null; problem: string } {
  const refuse = (problem: string) => ({ range: null, problem });
  const by = query.by ?? 'day';
  const to = query.to || today;
  if (!parseIsoDate(to)) return refuse(`结束日期不是有效日期，${DATE_EXAMPLE}`);
  const from = query.from || defaultFrom(to, by);
  const start = parseIsoDate(from);
  const end = parseIsoDate(to);
  if (!start) return refuse(`开始日期不是有效日期，${DATE_EXAMPLE}`);
  if (!end) return refuse(`结束日期不是有效日期，${DATE_EXAMPLE}`);
  if (from > to) return refuse('开始日期不能晚于结束日期');
  if (by === 'day' && daysBetween(start, end) + 1 > REPORT_MAX_DAYS) {
    return refuse(`按日统计最长 ${REPORT_MAX_DAYS} 天，请缩短日期范围或改为按月统计`);
  }
  if (by === 'month' && monthsSpanned(from, to) > REPORT_MAX_MONTHS) {
    return refuse(`按月统计最长 ${REPORT_MAX_MONTHS} 个月，请缩短日期范围`);
  }
  return { range: { from, to, by }, problem: null };
}

/** Every period of a range, oldest first: its days, or its months. */
export function periodsOf(range: ReportRange): string[] {
  const periods: string[] = [];
  for (let day = range.from; day <= range.to; day = addDaysIso(day, 1)) {
    const period = periodOf(day, range.by);
    if (periods.at(-1) !== period) periods.push(period);
  }
  return periods;
}
