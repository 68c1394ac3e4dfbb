import { describe, expect, it } from 'vitest';
import { parseRate, RateError, rateToNumber, scaleRate, toRate } from './rate.ts';

describe('rates', () => {
  it.each([
    ['0.24', 24n, 100n],
    ['0.049', 49n, 1000n],
    ['0', 0n, 1n],
    ['1', 1n, 1n],
    ['0.000001', 1n, 1000000n],
    ['1.5', 15n, 10n],
  ])('parses %s exactly', (text, num, den) => {
    expect(parseRate(text)).toEqual({ num, den });
  });

  it.each(['', '-0.1', '.24', '0.24%', '24%', '1e-2', ' 0.24', '0.1234567890123', '01', 'abc'])(
    'refuses %j',
    (text) => {
      expect(() => parseRate(text)).toThrow(RateError);
    },
  );

  it('accepts checked rationals and refuses bad ones', () => {
    expect(toRate({ num: 1n, den: 3n })).toEqual({ num: 1n, den: 3n });
    expect(toRate('0.36')).toEqual({ num: 36n, den: 100n });
    expect(() => toRate({ num: -1n, den: 3n })).toThrow(RateError);
    expect(() => toRate({ num: 1n, den: 0n })).toThrow(RateError);
  });

  it('scales exactly and converts to a float for display', () => {
    expect(scaleRate(parseRate('0.24'), 1n, 12n)).toEqual({ num: 24n, den: 1200n });
    expect(rateToNumber(parseRate('0.049'))).toBeCloseTo(0.049, 15);
  });
});
