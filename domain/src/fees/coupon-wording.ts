import { isBankCode, PARTNER_BANKS } from '../banks/partner-banks.ts';
import { shanghaiDate } from '../shanghai-time.ts';
import { COUPON_KIND_LABELS, type CouponScope, type CouponTerms } from './coupons.ts';
import { FEE_ITEM_KIND_LABELS, type FeeItemKind } from './fee-items.ts';

/**
 * How a coupon is told to the borrower: its kind as it works (立减 when an amount off has no threshold), where it
 * may be used by name, its validity as dates and, once used, when and on which fee.
 */

/** 满减 needs a threshold; an amount off without one is 立减. */
export function couponKindLabel(terms: Pick<CouponTerms, 'kind' | 'thresholdFen'>): string {
  if (terms.kind === 'AMOUNT_OFF' && !terms.thresholdFen) return '立减';
  return COUPON_KIND_LABELS[terms.kind];
}

/** A bank code's name ("CGB" → "广发银行"), the code itself when unknown. */
export function bankNameOf(code: string): string {
  return isBankCode(code) ? PARTNER_BANKS[code].name : code;
}

/**
 * Where the coupon may be used: "全部产品可用", "限广发银行、云南国际信托", "限广发店铺经营贷". `productName` names a
 * product code (the catalogue is the server's); a name it does not know shows the code.
 */
export function couponScopeText(
  scope: CouponScope,
  values: readonly string[],
  productName: (code: string) => string | null | undefined = () => null,
): string {
  if (scope === 'ALL' || values.length === 0) return '全部产品可用';
  const names = scope === 'BANKS' ? values.map(bankNameOf) : values.map((v) => productName(v) ?? v);
  return `限${names.join('、')}`;
}

/** The last Shanghai day a coupon can be used (valid_until is the first instant it cannot). */
export function couponLastDay(validUntil: Date): string {
  return shanghaiDate(new Date(validUntil.getTime() - 1));
}

/** "有效期 2026-11-20 至 2026-12-20": dates only, both days included. */
export function couponValidityText(validFrom: Date, validUntil: Date): string {
  return `有效期 ${shanghaiDate(validFrom)} 至 ${couponLastDay(validUntil)}`;
}

/** A fee item in words: "一次性服务费", "第 3 期服务费". */
export function feeItemLabel(item: { kind: FeeItemKind; seq: number }): string {
  return item.kind === 'UPFRONT' ? FEE_ITEM_KIND_LABELS.UPFRONT : `第 ${item.seq} 期服务费`;
}

/** "2026-11-20 用于 广发店铺经营贷 一次性服务费": when a used coupon was used and on what. */
export function couponUsedText(
  usedAt: Date,
  on: { productName: string | null; feeLabel: string } | null,
): string {
  const day = shanghaiDate(usedAt);
  if (!on) return `${day} 已使用`;
  return `${day} 用于 ${on.productName ? `${on.productName} ` : ''}${on.feeLabel}`;
}
