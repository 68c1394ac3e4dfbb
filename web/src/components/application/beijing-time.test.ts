import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatShanghaiDate, formatShanghaiMinute, formatShanghaiTime } from './ApplicationParts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Beijing time on screen', () => {
  it('shows Beijing time by arithmetic, making no Intl formatter while a page draws', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');

    // 12:17:33 UTC is 20:17:33 in Beijing; 16:30 UTC on 1 March is already 2 March there
    expect(formatShanghaiTime('2026-11-21T12:17:33Z')).toBe('2026/11/21 20:17:33');
    expect(formatShanghaiTime('2026-11-21T12:18:00.999+00:00')).toBe('2026/11/21 20:18:00');
    expect(formatShanghaiMinute('2026-11-21T12:17:33Z')).toBe('2026/11/21 20:17');
    expect(formatShanghaiDate('2027-03-01T16:30:00Z')).toBe('2027/03/02');
    expect(formatShanghaiTime('2026-12-31T16:00:00Z')).toBe('2027/01/01 00:00:00');
    expect(made).not.toHaveBeenCalled();
  });

  it('agrees with the Intl formatter of Asia/Shanghai across a year, to the second', () => {
    const intl = new Intl.DateTimeFormat('zh-CN', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    });
    // every 37 hours and 13 seconds through 2026–2027: every hour of the day and every day of the month are met
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 11, 31); at += 37 * 3600_000 + 13_000) {
      const iso = new Date(at).toISOString();
      expect(formatShanghaiTime(iso), iso).toBe(intl.format(new Date(at)));
    }
  });

  it('shows a dash for no time or text that is not one', () => {
    for (const value of [null, undefined, '', 'not a time']) {
      expect(formatShanghaiTime(value)).toBe('—');
      expect(formatShanghaiMinute(value)).toBe('—');
      expect(formatShanghaiDate(value)).toBe('—');
    }
  });
});
