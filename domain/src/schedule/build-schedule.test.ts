import { describe, expect, it } from 'vitest';
import { formatPercent } from '../irr.ts';
import { fenToYuan } from '../money.ts';
import { buildSchedule } from './build-schedule.ts';
import type { Schedule } from './types.ts';

const base = { startDate: '2024-01-31' } as const;

const yuan = (s: Schedule, pick: (i: Schedule['instalments'][number]) => number) =>
  s.instalments.map((i) => fenToYuan(pick(i)));

describe('published figures', () => {
  it('12,000 at 2 % a month over 4 months, equal instalment', () => {
    const s = buildSchedule({
      ...base,
      principalFen: 1_200_000,
      annualRate: '0.24',
      months: 4,
      method: 'EQUAL_INSTALMENT',
    });
    expect(yuan(s, (i) => i.principalFen)).toEqual(['2911.49', '2969.72', '3029.11', '3089.68']);
    expect(yuan(s, (i) => i.interestFen)).toEqual(['240.00', '181.77', '122.38', '61.79']);
    // Payment 3151.49; the last absorbs the residual: 3089.68 + 61.79.
    expect(yuan(s, (i) => i.paymentFen)).toEqual(['3151.49', '3151.49', '3151.49', '3151.47']);
    expect(yuan(s, (i) => i.closingPrincipalFen)).toEqual(['9088.51', '6118.79', '3089.68', '0.00']);
    expect(s.instalments.map((i) => i.dueDate)).toEqual([
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
      '2024-05-31',
    ]);
    expect(s.totals).toEqual({
      principalFen: 1_200_000,
      interestFen: 60_594,
      feeFen: 0,
      paymentFen: 1_260_594,
    });
    expect(formatPercent(s.annualisedRate)).toBe('24.00%');
  });

  it.each([
    // Amount, annual rate, months, first monthly payment: bank mortgage calculators' 等额本息 figures.
    [100_000, '0.049', 360, '530.73'],
    [1_000_000, '0.049', 360, '5307.27'],
    [300_000, '0.049', 240, '1963.33'],
    [1_000_000, '0.031', 360, '4270.16'],
    [100_000, '0.0435', 120, '1029.17'],
  ])(
    'equal instalment: %i yuan at %s over %i months pays %s a month',
    (amount, annualRate, months, payment) => {
      const s = buildSchedule({
        ...base,
        principalFen: amount * 100,
        annualRate,
        months,
        method: 'EQUAL_INSTALMENT',
      });
      expect(fenToYuan(s.instalments[0]?.paymentFen ?? 0)).toBe(payment);
      expect(new Set(s.instalments.slice(0, -1).map((i) => i.paymentFen)).size).toBe(1);
      expect(formatPercent(s.annualisedRate)).toBe(formatPercent(Number(annualRate)));
    },
  );

  it.each([
    // 等额本金: first payment, second payment (falls by P/n × r each month).
    [1_000_000, '0.049', 360, '6861.11', '6849.77'],
    [300_000, '0.049', 240, '2475.00', '2469.90'],
    [100_000, '0.0435', 120, '1195.83', '1192.81'],
  ])(
    'equal principal: %i yuan at %s over %i months pays %s then %s',
    (amount, annualRate, months, first, second) => {
      const s = buildSchedule({
        ...base,
        principalFen: amount * 100,
        annualRate,
        months,
        method: 'EQUAL_PRINCIPAL',
      });
      expect(yuan(s, (i) => i.paymentFen).slice(0, 2)).toEqual([first, second]);
    },
  );
});

describe('small cases worked by hand', () => {
  it('equal principal: 1,000 at 12 % over 3 months', () => {
    // Part 1000/3 = 333.33; last 333.34. Interest 1000 × 1 % = 10.00, 666.67 × 1 % = 6.6667 → 6.67,
    // 333.34 × 1 % = 3.3334 → 3.33.
    const s = buildSchedule({
      ...base,
      principalFen: 100_000,
      annualRate: '0.12',
      months: 3,
      method: 'EQUAL_PRINCIPAL',
    });
    expect(yuan(s, (i) => i.principalFen)).toEqual(['333.33', '333.33', '333.34']);
    expect(yuan(s, (i) => i.interestFen)).toEqual(['10.00', '6.67', '3.33']);
    expect(yuan(s, (i) => i.paymentFen)).toEqual(['343.33', '340.00', '336.67']);
  });

  it('equal instalment: 1,000 at 12 % over 2 months', () => {
    // Payment 507.51. Interest 10.00, principal 497.51, left 502.49; interest 5.0249 → 5.02, last 502.49.
    const s = buildSchedule({
      ...base,
      principalFen: 100_000,
      annualRate: '0.12',
      months: 2,
      method: 'EQUAL_INSTALMENT',
    });
    expect(yuan(s, (i) => i.principalFen)).toEqual(['497.51', '502.49']);
    expect(yuan(s, (i) => i.interestFen)).toEqual(['10.00', '5.02']);
    expect(yuan(s, (i) => i.paymentFen)).toEqual(['507.51', '507.51']);
  });

  it('equal instalment at a zero rate: 100 over 3 months', () => {
    const s = buildSchedule({
      ...base,
      principalFen: 10_000,
      annualRate: '0',
      months: 3,
      method: 'EQUAL_INSTALMENT',
    });
    expect(yuan(s, (i) => i.paymentFen)).toEqual(['33.33', '33.33', '33.34']);
    expect(s.annualisedRate).toBeCloseTo(0, 10);
  });

  it('interest first: 5,000 at 18 % over 3 months', () => {
    // 5000 × 1.5 % = 75.00 each month, principal with the last.
    const s = buildSchedule({
      ...base,
      principalFen: 500_000,
      annualRate: '0.18',
      months: 3,
      method: 'INTEREST_FIRST',
    });
    expect(yuan(s, (i) => i.principalFen)).toEqual(['0.00', '0.00', '5000.00']);
    expect(yuan(s, (i) => i.interestFen)).toEqual(['75.00', '75.00', '75.00']);
    expect(yuan(s, (i) => i.paymentFen)).toEqual(['75.00', '75.00', '5075.00']);
    expect(formatPercent(s.annualisedRate)).toBe('18.00%');
  });

  it('rounds each period half-up: 1,234.56 at 10 % interest first', () => {
    // 1234.56 × 10 % / 12 = 10.288 → 10.29
    const s = buildSchedule({
      ...base,
      principalFen: 123_456,
      annualRate: '0.1',
      months: 2,
      method: 'INTEREST_FIRST',
    });
    expect(yuan(s, (i) => i.interestFen)).toEqual(['10.29', '10.29']);
  });
});
