import { describe, expect, it } from 'vitest';
import { type CalendarDate, formatIsoDate, parseIsoDate } from '../calendar-date.ts';
import { isBrokenFirstPeriod, periodDates } from './due-dates.ts';

const d = (text: string): CalendarDate => {
  const date = parseIsoDate(text);
  if (!date) throw new Error(`bad test date ${text}`);
  return date;
};

const show = (start: string, months: number, firstDue?: string) =>
  periodDates(d(start), months, firstDue ? d(firstDue) : undefined).map(
    (p) => `${formatIsoDate(p.dueDate)}/${p.days}`,
  );

describe('due dates', () => {
  it('fall on the start day each month, clamped to short months (Jan 31 → Feb 29 → Mar 31)', () => {
    expect(show('2024-01-31', 4)).toEqual([
      '2024-02-29/29',
      '2024-03-31/31',
      '2024-04-30/30',
      '2024-05-31/31',
    ]);
    expect(show('2023-01-31', 2)).toEqual(['2023-02-28/28', '2023-03-31/31']);
    expect(show('2023-12-15', 2)).toEqual(['2024-01-15/31', '2024-02-15/31']);
  });

  it('follow the first due date of a broken first period', () => {
    expect(show('2024-01-15', 3, '2024-02-25')).toEqual(['2024-02-25/41', '2024-03-25/29', '2024-04-25/31']);
    expect(show('2024-01-10', 3, '2024-01-31')).toEqual(['2024-01-31/21', '2024-02-29/29', '2024-03-31/31']);
  });

  it('call a first due date one month after the start regular, even when clamped', () => {
    expect(isBrokenFirstPeriod(d('2024-01-31'), d('2024-02-29'))).toBe(false);
    expect(isBrokenFirstPeriod(d('2024-01-31'), d('2024-02-28'))).toBe(true);
    expect(isBrokenFirstPeriod(d('2024-01-31'))).toBe(false);
    expect(show('2024-01-31', 2, '2024-02-29')).toEqual(['2024-02-29/29', '2024-03-31/31']);
  });
});
