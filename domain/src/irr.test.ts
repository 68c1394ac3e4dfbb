import { describe, expect, it } from 'vitest';
import { annualisedRate, type CashFlow, formatPercent, IrrError, monthlyIrr } from './irr.ts';

const monthly = (start: number, payments: number[]): CashFlow[] => [
  { months: 0, amountFen: start },
  ...payments.map((amountFen, i) => ({ months: i + 1, amountFen: -amountFen })),
];

describe('IRR and the annualised rate', () => {
  it('finds 2 % a month for one period', () => {
    expect(monthlyIrr(monthly(10_000, [10_200]))).toBeCloseTo(0.02, 12);
    expect(annualisedRate(monthly(10_000, [10_200]))).toBeCloseTo(0.24, 12);
  });

  it('compounds over fractional and long horizons', () => {
    const flows = [
      { months: 0, amountFen: 100_000 },
      { months: 12, amountFen: -110_000 },
    ];
    expect(monthlyIrr(flows)).toBeCloseTo(1.1 ** (1 / 12) - 1, 12);
    const half = [
      { months: 0, amountFen: 100_000 },
      { months: 0.5, amountFen: -101_000 },
    ];
    expect(monthlyIrr(half)).toBeCloseTo(1.01 ** 2 - 1, 12);
  });

  it('等本等费: 10,000 over 12 months repaying 10000/12 + 60 a month is about 13.03 %', () => {
    // 0.6 % a month on the original principal, no other interest.
    const flows = monthly(
      1_000_000,
      Array.from({ length: 12 }, () => 1_000_000 / 12 + 6_000),
    );
    expect(formatPercent(annualisedRate(flows))).toBe('13.03%');
  });

  it('is zero when the borrower repays exactly what was lent, and negative when less', () => {
    expect(annualisedRate(monthly(1_200, [400, 400, 400]))).toBeCloseTo(0, 12);
    expect(annualisedRate(monthly(1_200, [300, 300, 300]))).toBeLessThan(0);
  });

  it('refuses flows without both an inflow and an outflow', () => {
    expect(() => monthlyIrr(monthly(-1_000, [100, 100]))).toThrow(IrrError);
    expect(() => monthlyIrr([{ months: 0, amountFen: 1_000 }])).toThrow(IrrError);
    expect(() => monthlyIrr([{ months: -1, amountFen: 1_000 }])).toThrow(IrrError);
  });

  it('formats a rate as a percentage with two places', () => {
    expect(formatPercent(0.130345)).toBe('13.03%');
    expect(formatPercent(0.24000018)).toBe('24.00%');
    expect(formatPercent(0.049)).toBe('4.90%');
    expect(formatPercent(-0.0000001)).toBe('0.00%');
    expect(formatPercent(0.12345, 3)).toBe('12.345%');
    expect(formatPercent(Number.NaN)).toBe('—');
  });
});
