import { describe, expect, it } from 'vitest';
import { toRate } from '../rate.ts';
import { dailyInterest, dailyInterestFen } from './daily-interest.ts';

describe('daily interest on a 360-day year', () => {
  it('is principal × rate × days / 360, rounded half-up once', () => {
    // 1 000 000 fen at 18 % for 10 days: 5000 fen exactly
    expect(dailyInterest(1_000_000n, toRate('0.18'), 10)).toBe(5000n);
    // 10 001 fen at 18 % for 1 day: 5.0005 fen → 5
    expect(dailyInterestFen(10_001, '0.18', 1)).toBe(5);
    // 30 000 fen at 18 % for 1 day: 15 fen
    expect(dailyInterestFen(30_000, '0.18', 1)).toBe(15);
  });

  it('is nothing without principal or days', () => {
    expect(dailyInterestFen(0, '0.18', 30)).toBe(0);
    expect(dailyInterestFen(100_000, '0.18', 0)).toBe(0);
    expect(dailyInterestFen(100_000, '0.18', -3)).toBe(0);
  });
});
