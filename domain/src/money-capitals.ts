import { assertFen, MoneyError } from './money.ts';

/**
 * 大写金额: an amount in fen written in Chinese capitals as on a cheque, a receipt or a contract, following the
 * financial convention: one 零 for any run of zeros between digits (and before a group that starts with zeros),
 * 元 after the whole part, 整 when there are no 角 or 分, 零 between 元 and a lone 分.
 */

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const PLACES = ['', '拾', '佰', '仟'] as const;

/** 1…9999 in capitals: 1001 → 壹仟零壹, 10 → 壹拾, 1200 → 壹仟贰佰. */
function groupWords(n: number): string {
  let words = '';
  let zero = false;
  for (let place = 3; place >= 0; place--) {
    const digit = Math.trunc(n / 10 ** place) % 10;
    if (digit === 0) {
      zero = words !== '';
      continue;
    }
    if (zero) words += '零';
    zero = false;
    words += `${DIGITS[digit]}${PLACES[place]}`;
  }
  return words;
}

/** A positive whole number of yuan in capitals, by groups of four digits (万, 亿). */
function integerWords(n: number): string {
  for (const [size, name] of [
    [1e8, '亿'],
    [1e4, '万'],
  ] as const) {
    if (n < size) continue;
    const high = Math.trunc(n / size);
    const low = n % size;
    const words = integerWords(high) + name;
    if (low === 0) return words;
    return words + (low < size / 10 ? '零' : '') + integerWords(low);
  }
  return groupWords(n);
}

/** 100001050 fen → 壹佰万零壹拾元伍角; 1 → 壹分; 0 → 零元整. A negative amount is refused. */
export function amountInChineseCapitals(fen: number): string {
  assertFen(fen);
  if (fen < 0) throw new MoneyError('大写金额不能为负数');
  const yuan = Math.trunc(fen / 100);
  const jiao = Math.trunc(fen / 10) % 10;
  const cents = fen % 10;
  if (fen === 0) return '零元整';
  let words = yuan > 0 ? `${integerWords(yuan)}元` : '';
  if (jiao === 0 && cents === 0) return `${words}整`;
  if (jiao > 0) words += `${DIGITS[jiao]}角`;
  else if (yuan > 0) words += '零';
  if (cents > 0) words += `${DIGITS[cents]}分`;
  return words;
}
