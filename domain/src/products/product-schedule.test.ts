import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../schedule/build-schedule.ts';
import { productSchedule, productScheduleInput } from './product-schedule.ts';

describe('productScheduleInput', () => {
  it('carries the rate, method and fee of the product with the amount, term and start', () => {
    const input = productScheduleInput(
      { annualRate: '0.12', method: 'INTEREST_FIRST', serviceFee: { kind: 'UPFRONT', rate: '0.01' } },
      80_000_000,
      6,
      '2026-01-15',
    );
    expect(input).toEqual({
      principalFen: 80_000_000,
      annualRate: '0.12',
      months: 6,
      method: 'INTEREST_FIRST',
      startDate: '2026-01-15',
      fee: { kind: 'UPFRONT', rate: '0.01' },
    });
  });

  it('has no fee key without a fee, and the schedule is the engine’s', () => {
    const product = { annualRate: '0.0864', method: 'EQUAL_INSTALMENT' as const, serviceFee: null };
    expect('fee' in productScheduleInput(product, 1_000_000, 12, '2026-03-01')).toBe(false);
    expect(productSchedule(product, 1_000_000, 12, '2026-03-01')).toEqual(
      buildSchedule({
        principalFen: 1_000_000,
        annualRate: '0.0864',
        months: 12,
        method: 'EQUAL_INSTALMENT',
        startDate: '2026-03-01',
      }),
    );
  });
});
