import { formatYuan, type Schedule } from '@loan/domain';

/** 每期还款 in words: one amount, one with a different last instalment, or the first and the last. */
export function paymentText({ instalments }: Schedule): string {
  const first = instalments[0];
  const last = instalments[instalments.length - 1];
  if (!first || !last) return '—';
  const rest = instalments.slice(0, -1);
  if (instalments.every((i) => i.paymentFen === first.paymentFen)) return formatYuan(first.paymentFen);
  if (rest.every((i) => i.paymentFen === first.paymentFen))
    return `${formatYuan(first.paymentFen)}（末期 ${formatYuan(last.paymentFen)}）`;
  return `首期 ${formatYuan(first.paymentFen)}，末期 ${formatYuan(last.paymentFen)}`;
}

export const ANNUALISED_RATE_TIP =
  '年化利率按中国人民银行要求以内部收益率（IRR）法计算：把放款、服务费和每期还款等全部现金流折算为月内部收益率，再乘以 12（单利形式）。' +
  '不收服务费时，等额本息、等额本金和先息后本的年化利率都等于名义年利率；收取服务费时高于名义年利率。';
