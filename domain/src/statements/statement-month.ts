import { addMonthsClamped, daysInMonth, formatIsoDate } from '../calendar-date.ts';
import { shanghaiDate, shanghaiInstant } from '../shanghai-time.ts';

/**
 * The month of a 月度对账单: a Shanghai calendar month "YYYY-MM", from its first instant (00:00 on the 1st,
 * Shanghai) to the first instant of the next month, excluded.
 */

/** "YYYY-MM", months 01–12. */
export const STATEMENT_MONTH_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';
const MONTH = new RegExp(STATEMENT_MONTH_PATTERN);

/**
 * How long after a month ends its statements are made: money paid in the last minutes of the month whose
 * gateway notify arrives after midnight is booked on the day it was paid, so the month waits for it.
 */
export const STATEMENT_GRACE_MS = 3600_000;

export interface StatementMonth {
  /** "YYYY-MM" */
  month: string;
  /** "YYYY-MM-01" */
  firstDay: string;
  /** the month's last day, "YYYY-MM-DD" */
  lastDay: string;
  /** the first day of the next month: where the next due date is looked for */
  nextFirstDay: string;
  /** the opening instant (00:00 Shanghai on the 1st), included */
  start: Date;
  /** the closing instant (00:00 Shanghai on the next month's 1st), excluded */
  end: Date;
}

/** The bounds of a month "YYYY-MM"; undefined when the text is not one (or before the year 1000). */
export function statementMonth(month: string): StatementMonth | undefined {
  if (typeof month !== 'string' || !MONTH.test(month) || month < '1000') return undefined;
  const year = Number(month.slice(0, 4));
  const number = Number(month.slice(5, 7));
  const first = { year, month: number, day: 1 };
  const next = addMonthsClamped(first, 1);
  const firstDay = formatIsoDate(first);
  const nextFirstDay = formatIsoDate(next);
  return {
    month,
    firstDay,
    lastDay: formatIsoDate({ year, month: number, day: daysInMonth(year, number) }),
    nextFirstDay,
    start: shanghaiInstant(firstDay),
    end: shanghaiInstant(nextFirstDay),
  };
}

/** The Shanghai month an instant falls in, "YYYY-MM". */
export function shanghaiMonth(at: Date): string {
  return shanghaiDate(at).slice(0, 7);
}

/** The month before "YYYY-MM". */
export function previousMonth(month: string): string {
  const bounds = statementMonth(month);
  if (!bounds) throw new RangeError(`not a month: ${month}`);
  return shanghaiMonth(new Date(bounds.start.getTime() - 1));
}

/**
 * The month whose statements are due at `now`: the last complete Shanghai month once STATEMENT_GRACE_MS of the
 * new month have passed (on the 1st from 01:00), the month before it until then.
 */
export function statementMonthDue(now: Date): string {
  return previousMonth(shanghaiMonth(new Date(now.getTime() - STATEMENT_GRACE_MS)));
}

/** "2026年03月" as a statement's heading says it. */
export function statementMonthLabel(month: string): string {
  return `${month.slice(0, 4)}年${month.slice(5, 7)}月`;
}
