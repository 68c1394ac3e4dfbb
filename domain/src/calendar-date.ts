/**
 * Calendar dates without time zones ("YYYY-MM-DD"), in plain integer arithmetic so the browser and the
 * server agree whatever their clocks' zones. Proleptic Gregorian calendar, years 1–9999.
 */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export function daysInMonth(year: number, month: number): number {
  if (month === 2 && isLeapYear(year)) return 29;
  return MONTH_DAYS[month - 1] ?? 0;
}

export function isValidDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** Parses "YYYY-MM-DD"; undefined when it is not a real date ("2023-02-29" is not). */
export function parseIsoDate(text: string): CalendarDate | undefined {
  const match = typeof text === 'string' ? ISO_DATE.exec(text) : null;
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return isValidDate(year, month, day) ? { year, month, day } : undefined;
}

export function formatIsoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The same day `months` months later, clamped to the end of a shorter month. Always count from the same
 * anchor date: Jan 31 + 1 → Feb 28 (29 in a leap year), Jan 31 + 2 → Mar 31.
 */
export function addMonthsClamped(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/** Days since 1970-01-01 (negative before), by the civil-from-days algorithm. */
export function toDayNumber({ year, month, day }: CalendarDate): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** Calendar days from `from` to `to`: the first day counts, the last does not. */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** Negative, zero or positive as a is before, on or after b. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return toDayNumber(a) - toDayNumber(b);
}

/** "YYYY-MM-DD" moved by `days` calendar days (negative for earlier); throws on a date that is not real. */
export function addDaysIso(date: string, days: number): string {
  const parsed = parseIsoDate(date);
  if (!parsed || !Number.isInteger(days)) throw new RangeError(`not a date or whole days: ${date} + ${days}`);
  const moved = new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day) + days * 86_400_000);
  return moved.toISOString().slice(0, 10);
}
