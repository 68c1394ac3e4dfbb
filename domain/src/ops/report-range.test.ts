import { describe, expect, it } from 'vitest';
import {
  feeIncomeRange,
  monthsSpanned,
  periodsOf,
  REPORT_MAX_DAYS,
  reconciliationDateProblem,
  shanghaiYesterday,
} from './report-range.ts';

describe('the days and ranges of the reports', () => {
  it('takes yesterday in Shanghai, whatever the UTC date', () => {
    // 2026-03-02 23:30 UTC is 2026-03-03 07:30 in Shanghai
    expect(shanghaiYesterday(new Date('2026-03-02T23:30:00Z'))).toBe('2026-03-02');
    expect(shanghaiYesterday(new Date('2026-03-02T15:59:59Z'))).toBe('2026-03-01');
  });

  it('refuses a reconciliation day that is not a date, or after today', () => {
    expect(reconciliationDateProblem('2026-03-01', '2026-03-02')).toBeNull();
    expect(reconciliationDateProblem('2026-02-30', '2026-03-02')).toContain('不是有效日期');
    expect(reconciliationDateProblem('2026-03-03', '2026-03-02')).toBe('对账日期不能晚于今天（2026-03-02）');
  });

  it('defaults to this month by day and to twelve months by month', () => {
    expect(feeIncomeRange({}, '2026-03-17').range).toEqual({
      from: '2026-03-01',
      to: '2026-03-17',
      by: 'day',
    });
    expect(feeIncomeRange({ by: 'month' }, '2026-03-17').range).toEqual({
      from: '2025-04-01',
      to: '2026-03-17',
      by: 'month',
    });
  });

  it.each([
    [{ from: '2026-13-01' }, '开始日期不是有效日期'],
    [{ to: 'yesterday' }, '结束日期不是有效日期'],
    [{ from: '2026-03-02', to: '2026-03-01' }, '开始日期不能晚于结束日期'],
    [{ from: '2025-01-01', to: '2026-01-02' }, `按日统计最长 ${REPORT_MAX_DAYS} 天`],
    [{ from: '2024-01-01', to: '2026-01-01', by: 'month' as const }, '按月统计最长 24 个月'],
  ])('refuses %j: %s', (query, problem) => {
    expect(feeIncomeRange(query, '2026-03-17').problem).toContain(problem);
  });

  it('allows exactly the longest ranges', () => {
    expect(feeIncomeRange({ from: '2024-01-01', to: '2024-12-31' }, '2026-03-17').problem).toBeNull();
    expect(
      feeIncomeRange({ from: '2024-01-15', to: '2025-12-01', by: 'month' }, '2026-03-17').problem,
    ).toBeNull();
    expect(monthsSpanned('2024-01-15', '2025-12-01')).toBe(24);
  });

  it('lists every day or month of a range', () => {
    expect(periodsOf({ from: '2024-02-28', to: '2024-03-01', by: 'day' })).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(periodsOf({ from: '2025-11-30', to: '2026-01-01', by: 'month' })).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
    ]);
  });
});
