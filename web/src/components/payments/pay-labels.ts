import {
  COUPON_STATUS_LABELS,
  type CouponStatus,
  type CouponView,
  type EnumDisplay,
  FEE_ITEM_KIND_LABELS,
  FEE_ITEM_STATUS_LABELS,
  type FeeItemKind,
  type FeeItemStatus,
  formatYuan,
  PAYMENT_CHANNEL_LABELS,
  PAYMENT_ORDER_STATE_LABELS,
  type PaymentOrderState,
  yuanToFen,
} from '@loan/domain';
import { coloured } from '../records/enum-display';

/** How fee items, coupons, payment orders and refunds are shown: Chinese labels on tags of a colour. */

export const FEE_STATUS_DISPLAY = coloured<FeeItemStatus>(FEE_ITEM_STATUS_LABELS, {
  DUE: 'blue',
  OVERDUE: 'red',
  PAID: 'success',
  PARTIALLY_REFUNDED: 'gold',
  REFUNDED: 'cyan',
  WAIVED: 'default',
});

/** "一次性服务费" or "第 3 期服务费". */
export const feeItemName = (item: { kind: FeeItemKind; seq: number }) =>
  item.kind === 'UPFRONT' ? FEE_ITEM_KIND_LABELS.UPFRONT : `第 ${item.seq} 期服务费`;

export const COUPON_STATUS_DISPLAY = coloured<CouponStatus>(COUPON_STATUS_LABELS, {
  AVAILABLE: 'success',
  LOCKED: 'orange',
  USED: 'default',
  EXPIRED: 'default',
  REVOKED: 'default',
});

export const CHANNEL_LABELS = PAYMENT_CHANNEL_LABELS;

/** A status label looked up by a string the server sent, with a plain tag for one this web does not know. */
export function displayOf(table: Readonly<Record<string, EnumDisplay>>, key: string): EnumDisplay {
  return table[key] ?? { label: key, colour: 'default' };
}

export const ORDER_STATUS_DISPLAY = coloured<PaymentOrderState>(PAYMENT_ORDER_STATE_LABELS, {
  CREATED: 'processing',
  PAID: 'success',
  CLOSED: 'default',
});

/** Yuan of the API as "1,234.50", or "—". */
export function money(yuan: string | null | undefined): string {
  if (yuan === null || yuan === undefined) return '—';
  try {
    return formatYuan(yuanToFen(yuan));
  } catch {
    return '—';
  }
}

/** Yuan of the API in fen, 0 when it is not a yuan string. */
export function fen(yuan: string | null | undefined): number {
  try {
    return yuan ? yuanToFen(yuan) : 0;
  } catch {
    return 0;
  }
}

/** The big figure of a coupon card: "50.00 元", "8 折", "免费". */
export function couponFace(coupon: CouponView): string {
  switch (coupon.kind) {
    case 'AMOUNT_OFF':
      return `${money(coupon.amountOff)} 元`;
    case 'PERCENT_OFF': {
      const tenths = 100 - (coupon.percentOff ?? 0);
      return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)} 折`;
    }
    case 'FREE_FEE':
      return '免费';
  }
}
