import { describe, expect, it } from 'vitest';
import { MoneyError } from './money.ts';
import { amountInChineseCapitals } from './money-capitals.ts';

describe('amountInChineseCapitals', () => {
  it.each([
    [1, '壹分'],
    [1000, '壹拾元整'],
    [10_001_050, '壹拾万零壹拾元伍角'],
    [100_000_000, '壹佰万元整'],
    [0, '零元整'],
    [55_000, '伍佰伍拾元整'],
    [100_101, '壹仟零壹元零壹分'],
    [1_000_000_005, '壹仟万元零伍分'],
    [12_000_030, '壹拾贰万元叁角'],
    [50, '伍角'],
    [5, '伍分'],
    [35, '叁角伍分'],
    [100, '壹元整'],
    [168_032, '壹仟陆佰捌拾元叁角贰分'],
    [10_000_000, '壹拾万元整'],
    [10_000_100, '壹拾万零壹元整'],
    [100_000_100, '壹佰万零壹元整'],
    [101_000_000, '壹佰零壹万元整'],
    [110_000_000, '壹佰壹拾万元整'],
    [10_000_000_000, '壹亿元整'],
    [10_000_000_100, '壹亿零壹元整'],
    [10_001_000_000, '壹亿零壹万元整'],
    [10_010_000_000, '壹亿零壹拾万元整'],
    [10_100_000_000, '壹亿零壹佰万元整'],
    [12_345_678_912, '壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖元壹角贰分'],
    [100_000_000_000_000, '壹万亿元整'],
    [100_000_000_000_100, '壹万亿零壹元整'],
    [100_010_000_000_000, '壹万零壹亿元整'],
    [Number.MAX_SAFE_INTEGER, '玖拾万零柒佰壹拾玖亿玖仟贰佰伍拾肆万柒仟肆佰零玖元玖角壹分'],
  ])('%i fen → %s', (fen, words) => {
    expect(amountInChineseCapitals(fen)).toBe(words);
  });

  it('refuses a negative amount and a fraction of a fen', () => {
    expect(() => amountInChineseCapitals(-1)).toThrow(MoneyError);
    expect(() => amountInChineseCapitals(1.5)).toThrow(MoneyError);
    expect(() => amountInChineseCapitals(Number.NaN)).toThrow(MoneyError);
  });
});
