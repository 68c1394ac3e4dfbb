import { buildSchedule } from '@loan/domain';
import { describe, expect, it } from 'vitest';
import { calculate, type LoanFields, percentToDecimal, todayInShanghai } from './calculator-input';

const fields = (overrides: Partial<LoanFields> = {}): LoanFields => ({
  amount: '12,000',
  months: 4,
  method: 'EQUAL_INSTALMENT',
  ratePercent: '24',
  fee: 'NONE',
  feePercent: '',
  startDate: '2026-01-15',
  firstDueDate: '',
  ...overrides,
});

describe('calculator input', () => {
  it('turns a percentage into the exact decimal string parseRate reads', () => {
    expect(percentToDecimal('7.35')).toBe('0.0735');
    expect(percentToDecimal('24')).toBe('0.24');
    expect(percentToDecimal('36.0000')).toBe('0.36');
    expect(percentToDecimal('0')).toBe('0');
    expect(percentToDecimal('0.0001')).toBe('0.000001');
    expect(percentToDecimal('100')).toBe('1');
    for (const bad of ['', '7.35001', '-1', '1e2', '07', 'abc', '1,5'])
      expect(percentToDecimal(bad)).toBeUndefined();
  });

  it('builds the engine schedule from valid fields, thousands separators allowed', () => {
    const result = calculate(fields());
    expect(result.ok).toBe(true);
    expect(result.ok && result.schedule).toEqual(
      buildSchedule({
        principalFen: 1_200_000,
        annualRate: '0.24',
        months: 4,
        method: 'EQUAL_INSTALMENT',
        startDate: '2026-01-15',
      }),
    );
  });

  it('reports each bad field in Chinese', () => {
    const result = calculate(
      fields({ amount: '0.5', months: 361, ratePercent: '37', fee: 'UPFRONT', feePercent: 'x' }),
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual({
      amount: '借款金额应在 1 元到 10,000,000 元之间',
      months: '借款期限应为 1 到 360 个月',
      ratePercent: '年利率应在 0% 到 36% 之间',
      feePercent: '服务费率应为数字，最多 4 位小数',
    });
  });

  it('shows the engine’s own message next to the first due date', () => {
    const result = calculate(fields({ firstDueDate: '2026-01-10' }));
    expect(!result.ok && result.errors.firstDueDate).toBe('首期还款日必须晚于起息日');
  });

  it('knows today in Shanghai', () => {
    expect(todayInShanghai(new Date('2026-03-31T16:30:00Z'))).toBe('2026-04-01');
  });
});
