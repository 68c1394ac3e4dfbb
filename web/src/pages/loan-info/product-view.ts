import {
  BANK_CODES,
  type BankCode,
  formatPercent,
  formatYuan,
  INSTITUTION_KIND_LABELS,
  PARTNER_BANKS,
  type ProductCard,
  yuanToFen,
} from '@loan/domain';

/** Display texts of a product card, from the API's strings and the domain's labels. */

export const ALL_BANKS = 'ALL';
export type BankFilter = BankCode | typeof ALL_BANKS;
export type RateSort = 'ASC' | 'DESC';

export const rateText = (rate: string): string => formatPercent(Number(rate));

export function yuanText(yuan: string): string {
  try {
    return `${formatYuan(yuanToFen(yuan))} 元`;
  } catch {
    return '—';
  }
}

export const amountRangeText = (p: ProductCard) => `${yuanText(p.minAmount)} ~ ${yuanText(p.maxAmount)}`;

export const termsText = (p: ProductCard) => `${p.terms.join(' / ')} 个月`;

export function annualisedText(p: ProductCard): string {
  return p.annualisedRateMin === p.annualisedRateMax
    ? rateText(p.annualisedRateMin)
    : `${rateText(p.annualisedRateMin)} ~ ${rateText(p.annualisedRateMax)}`;
}

export const institutionKindText = (bank: BankCode) => INSTITUTION_KIND_LABELS[PARTNER_BANKS[bank].kind];

/** The banks present in the list, in the domain's order, for the filter ("全部" first). */
export function bankOptions(items: readonly ProductCard[]): Array<{ value: BankFilter; label: string }> {
  const present = new Set(items.map((p) => p.bank));
  return [
    { value: ALL_BANKS, label: '全部' },
    ...BANK_CODES.filter((b) => present.has(b)).map((b) => ({ value: b, label: PARTNER_BANKS[b].name })),
  ];
}

/** Filtered by bank, sorted by the lowest annualised rate (ties: the highest, then the list order). */
export function visibleProducts(
  items: readonly ProductCard[],
  bank: BankFilter,
  sort: RateSort,
): ProductCard[] {
  const sign = sort === 'ASC' ? 1 : -1;
  return items
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => bank === ALL_BANKS || p.bank === bank)
    .sort(
      (a, b) =>
        sign * (Number(a.p.annualisedRateMin) - Number(b.p.annualisedRateMin)) ||
        sign * (Number(a.p.annualisedRateMax) - Number(b.p.annualisedRateMax)) ||
        a.i - b.i,
    )
    .map(({ p }) => p);
}

/** What 年化利率 means, reachable by click, keyboard and touch. */
export const ANNUALISED_RATE_EXPLANATION =
  '年化利率是把利息和服务费都算作借款成本、按实际占用本金的时间折算的年利率（内部收益率 IRR × 12）。' +
  '利息按每期实际未还的本金计算，所以不收服务费时，等额本息、等额本金和先息后本的年化利率都等于名义年利率；' +
  '收取服务费的产品，年化利率高于名义年利率。' +
  '区间为该产品各期限按最高额度测算的最低和最高值。';
