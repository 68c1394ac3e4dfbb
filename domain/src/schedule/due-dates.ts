import { addMonthsClamped, type CalendarDate, compareDates, daysBetween } from '../calendar-date.ts';

export interface PeriodDates {
  readonly dueDate: CalendarDate;
  /** Days since the previous due date (or the start date). */
  readonly days: number;
}

/** True when a first due date is given and is not one month after the start. */
export function isBrokenFirstPeriod(start: CalendarDate, firstDue?: CalendarDate): boolean {
  return firstDue !== undefined && compareDates(firstDue, addMonthsClamped(start, 1)) !== 0;
}

/**
 * Monthly due dates: the same day of the month as the anchor (the start date, or the first due date of a
 * broken first period), clamped to shorter months. Each is counted from the anchor, so a loan started
 * Jan 31 falls due Feb 28 (29), Mar 31, Apr 30, …
 */
export function periodDates(start: CalendarDate, months: number, firstDue?: CalendarDate): PeriodDates[] {
  const broken = isBrokenFirstPeriod(start, firstDue);
  const anchor = broken && firstDue ? firstDue : start;
  const offset = broken ? 0 : 1;
  const periods: PeriodDates[] = [];
  let previous = start;
  for (let k = 0; k < months; k++) {
    const dueDate = addMonthsClamped(anchor, k + offset);
    periods.push({ dueDate, days: daysBetween(previous, dueDate) });
    previous = dueDate;
  }
  return periods;
}
