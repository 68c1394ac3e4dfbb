import { roundHalfUp } from '../money.ts';
import { type Rate, toRate } from '../rate.ts';
import type { FeeKind } from '../schedule/types.ts';

/** A rate as a percentage with two places, exactly (half-up): "0.002" → "0.20%", "0.0125" → "1.25%". */
export function ratePercentText(rate: string | Rate): string {
  const { num, den } = toRate(rate);
  const hundredths = roundHalfUp(num * 10_000n, den);
  const whole = hundredths / 100n;
  const cents = String(hundredths % 100n).padStart(2, '0');
  return `${whole}.${cents}%`;
}

/**
 * How a product's service fee is shown everywhere (product card, bank page, agreement, receipts):
 * per instalment "0.20%/月" (a monthly rate on the original principal), upfront "1.00%（一次性）", none "无".
 */
export function serviceFeeLabel(fee: { kind: FeeKind; rate: string | Rate } | null | undefined): string {
  if (!fee) return '无';
  const percent = ratePercentText(fee.rate);
  return fee.kind === 'PER_INSTALMENT' ? `${percent}/月` : `${percent}（一次性）`;
}

/** The fee with how it is charged, for product pages: "按期收取 0.20%/月", "一次性收取 1.00%", "无". */
export function serviceFeeDescription(
  fee: { kind: FeeKind; rate: string | Rate } | null | undefined,
): string {
  if (!fee) return '无';
  const percent = ratePercentText(fee.rate);
  return fee.kind === 'PER_INSTALMENT' ? `按期收取 ${percent}/月` : `一次性收取 ${percent}`;
}
