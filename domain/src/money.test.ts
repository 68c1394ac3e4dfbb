import { describe, expect, it } from 'vitest';
import {
  assertFen,
  bigintToFen,
  fenToYuan,
  formatYuan,
  MoneyError,
  roundHalfUp,
  yuanToFen,
} from './money.ts';

describe('yuanToFen', () => {
  it.each([
    ['12', 1200],
    ['12.3', 1230],
    ['12.30', 1230],
    ['0', 0],
    ['0.05', 5],
    ['12345.60', 1234560],
    ['-0.05', -5],
    ['-12.3', -1230],
    ['90071992547409.91', Number.MAX_SAFE_INTEGER],
  ])('parses %s as %i fen', (text, fen) => {
    expect(yuanToFen(text)).toBe(fen);
  });

  it('never returns -0', () => {
    expect(Object.is(yuanToFen('-0.00'), 0)).toBe(true);
  });

  it.each([
    '1e3',
    '12.345',
    '-',
    '',
    ' 12',
    '12 ',
    'abc',
    '12.',
    '.5',
    '+12',
    '012',
    '1,234.00',
    '12.3.4',
    '１２',
    'Infinity',
    'NaN',
    '0x10',
    '90071992547409.92',
    '99999999999999999999',
  ])('refuses %j with a Chinese MoneyError', (text) => {
    expect(() => yuanToFen(text)).toThrow(MoneyError);
    expect(() => yuanToFen(text)).toThrow(/金额/);
  });

  it('refuses what is not a string', () => {
    expect(() => yuanToFen(12 as unknown as string)).toThrow(MoneyError);
  });
});

describe('fenToYuan and formatYuan', () => {
  it.each([
    [0, '0.00', '0.00'],
    [5, '0.05', '0.05'],
    [-5, '-0.05', '-0.05'],
    [100, '1.00', '1.00'],
    [1234560, '12345.60', '12,345.60'],
    [-123456789, '-1234567.89', '-1,234,567.89'],
    [99999, '999.99', '999.99'],
    [100000, '1000.00', '1,000.00'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91', '90,071,992,547,409.91'],
  ])('%i fen is %s, shown %s', (fen, yuan, shown) => {
    expect(fenToYuan(fen)).toBe(yuan);
    expect(formatYuan(fen)).toBe(shown);
    expect(yuanToFen(yuan)).toBe(fen);
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses %s fen', (fen) => {
    expect(() => fenToYuan(fen)).toThrow(MoneyError);
    expect(() => assertFen(fen)).toThrow(MoneyError);
  });
});

describe('roundHalfUp', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [7n, 3n, 2n],
    [8n, 3n, 3n],
    [-7n, 3n, -2n],
    [-8n, 3n, -3n],
    [4n, 2n, 2n],
    [0n, 7n, 0n],
    [5n, -2n, -3n],
    [-5n, -2n, 3n],
    [149n, 100n, 1n],
    [150n, 100n, 2n],
    [10n ** 30n + 1n, 2n, 5n * 10n ** 29n + 1n],
  ])('%i / %i → %i', (num, den, expected) => {
    expect(roundHalfUp(num, den)).toBe(expected);
  });

  it('refuses a zero denominator', () => {
    expect(() => roundHalfUp(1n, 0n)).toThrow(MoneyError);
  });
});

describe('bigintToFen', () => {
  it('converts safe amounts and refuses others', () => {
    expect(bigintToFen(-123n)).toBe(-123);
    expect(bigintToFen(BigInt(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => bigintToFen(2n ** 53n)).toThrow(MoneyError);
    expect(() => bigintToFen(-(2n ** 53n))).toThrow(MoneyError);
  });
});
