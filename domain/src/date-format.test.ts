import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime } from './shanghai-time.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the one date format', () => {
  it('writes YYYY-MM-DD and YYYY-MM-DD HH:mm:ss in Shanghai time, with no Intl formatter', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    // 12:17:33 UTC is 20:17:33 in Shanghai; 16:30 UTC on 1 March is already 2 March there
    expect(formatDateTime('2026-11-21T12:17:33Z')).toBe('2026-11-21 20:17:33');
    expect(formatDateTime('2026-11-21T12:18:00.999+00:00')).toBe('2026-11-21 20:18:00');
    expect(formatDateTime(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01 00:00:00');
    expect(formatDate('2027-03-01T16:30:00Z')).toBe('2027-03-02');
    expect(formatDate(new Date('2027-03-01T15:59:59Z'))).toBe('2027-03-01');
    expect(made).not.toHaveBeenCalled();
  });

  it('keeps a calendar date as it is (a due date has no time zone)', () => {
    expect(formatDate('2026-12-04')).toBe('2026-12-04');
    expect(formatDate('2026-12-31')).toBe('2026-12-31');
  });

  it('agrees with the Intl formatter of Asia/Shanghai across two years, to the second', () => {
    const intl = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    });
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 11, 31); at += 37 * 3600_000 + 13_000) {
      const iso = new Date(at).toISOString();
      expect(formatDateTime(iso), iso).toBe(intl.format(new Date(at)));
      expect(formatDate(iso), iso).toBe(intl.format(new Date(at)).slice(0, 10));
    }
  });

  it('shows a dash for no time or text that is not one', () => {
    for (const value of [null, undefined, '', 'not a time', new Date(Number.NaN)]) {
      expect(formatDateTime(value)).toBe('—');
      expect(formatDate(value)).toBe('—');
    }
  });
});
