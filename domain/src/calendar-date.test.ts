import { describe, expect, it } from 'vitest';
import {
  addDaysIso,
  addMonthsClamped,
  type CalendarDate,
  compareDates,
  daysBetween,
  daysInMonth,
  formatIsoDate,
  isLeapYear,
  parseIsoDate,
  toDayNumber,
} from './calendar-date.ts';

const d = (text: string): CalendarDate => {
  const date = parseIsoDate(text);
  if (!date) throw new Error(`bad test date ${text}`);
  return date;
};

describe('calendar dates', () => {
  it('parses real dates only', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    for (const bad of [
      '2023-02-29',
      '2024-13-01',
      '2024-00-10',
      '2024-04-31',
      '2024-1-01',
      '20240101',
      '',
      '0000-01-01',
    ]) {
      expect(parseIsoDate(bad)).toBeUndefined();
    }
  });

  it('knows leap years and month lengths', () => {
    expect([1900, 2000, 2023, 2024].map(isLeapYear)).toEqual([false, true, false, true]);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2024, 4)).toBe(30);
  });

  it('counts days like the UTC calendar does', () => {
    for (const text of ['1970-01-01', '1949-10-01', '2000-02-29', '2024-03-01', '2099-12-31', '1900-03-01']) {
      expect(toDayNumber(d(text))).toBe(Date.parse(`${text}T00:00:00Z`) / 86_400_000);
    }
    expect(daysBetween(d('2024-01-15'), d('2024-02-25'))).toBe(41);
    expect(daysBetween(d('2023-12-31'), d('2024-12-31'))).toBe(366);
    expect(compareDates(d('2024-01-01'), d('2023-12-31'))).toBeGreaterThan(0);
  });

  it('adds months from an anchor, clamped to the month end', () => {
    const jan31 = d('2024-01-31');
    const dates = [1, 2, 3, 13, 25].map((m) => formatIsoDate(addMonthsClamped(jan31, m)));
    expect(dates).toEqual(['2024-02-29', '2024-03-31', '2024-04-30', '2025-02-28', '2026-02-28']);
    expect(formatIsoDate(addMonthsClamped(d('2023-11-15'), 2))).toBe('2024-01-15');
    expect(formatIsoDate(addMonthsClamped(d('0999-01-05'), 0))).toBe('0999-01-05');
  });
});

describe('Shanghai dates', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDaysIso('2026-02-25', 7)).toBe('2026-03-04');
    expect(addDaysIso('2024-02-25', 7)).toBe('2024-03-03');
    expect(addDaysIso('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDaysIso('2026-03-04', -7)).toBe('2026-02-25');
    expect(() => addDaysIso('2026-02-30', 1)).toThrow(RangeError);
  });
});
