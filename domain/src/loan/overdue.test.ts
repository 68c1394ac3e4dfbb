import { describe, expect, it } from 'vitest';
import { daysPastDue, loanOverdue, loanStatusText, overdueBucket } from './overdue.ts';

describe('days past due', () => {
  it.each([
    // due date, today, owed, days
    ['2026-03-31', '2026-03-31', 100, 0],
    ['2026-03-31', '2026-04-01', 100, 1],
    ['2026-02-28', '2026-03-01', 100, 1],
    ['2028-02-28', '2028-03-01', 100, 2],
    ['2026-01-31', '2026-03-02', 100, 30],
    ['2026-12-31', '2027-01-30', 100, 30],
    ['2026-03-31', '2026-04-01', 0, 0],
    ['2026-03-31', '2026-03-01', 100, 0],
  ] as const)('due %s, on %s owing %i fen: %i days', (due, today, owed, days) => {
    expect(daysPastDue(due, today, owed)).toBe(days);
  });
});

describe('overdue buckets', () => {
  it.each([
    [0, null],
    [-3, null],
    [1, 'M1'],
    [30, 'M1'],
    [31, 'M2'],
    [60, 'M2'],
    [61, 'M3'],
    [90, 'M3'],
    [91, 'M3+'],
    [400, 'M3+'],
  ] as const)('%i days → %s', (days, bucket) => {
    expect(overdueBucket(days)).toBe(bucket);
  });

  it('a loan takes its oldest owed instalment and sums what is past due', () => {
    const standing = loanOverdue(
      [
        { dueDate: '2026-01-15', owedFen: 0 },
        { dueDate: '2026-02-15', owedFen: 50_00 },
        { dueDate: '2026-03-15', owedFen: 70_00 },
        { dueDate: '2026-04-15', owedFen: 70_00 },
      ],
      '2026-03-20',
    );
    expect(standing).toEqual({ days: 33, bucket: 'M2', overdueFen: 120_00 });
  });
});

describe('the loan status names its bucket', () => {
  it.each([
    ['已逾期', 'M2', '已逾期 · M2'],
    ['还款中', null, '还款中'],
  ] as const)('%s with %s → %s', (label, bucket, text) => {
    expect(loanStatusText(label, bucket)).toBe(text);
  });
});
