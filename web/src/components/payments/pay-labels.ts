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

/** How fee items, coupons, payment orders and refunds are shown: Chinese labels on tags of a colour. */

export const FEE_STATUS_DISPLAY: Readonly<Record<FeeItemStatus, EnumDisplay>> = {
  DUE: { label: FEE_ITEM_STATUS_LABELS.DUE, colour: 'blue' },
  OVERDUE: { label: FEE_ITEM_STATUS_LABELS.OVERDUE, colour: 'red' },
  PAID: { label: FEE_ITEM_STATUS_LABELS.PAID, colour: 'success' },
  PARTIALLY_REFUNDED: { label: FEE_ITEM_STATUS_LABELS.PARTIALLY_REFUNDED, colour: 'gold' },
  REFUNDED: { label: FEE_ITEM_STATUS_LABELS.REFUNDED, colour: 'cyan' },
  WAIVED: { label: FEE_ITEM_STATUS_LABELS.WAIVED, colour: 'default' },
};

/** "一次性服务费" or "第 3 期服务费". */
export const feeItemName = (item: { kind: FeeItemKind; seq: number }) =>
  item.kind === 'UPFRONT' ? FEE_ITEM_KIND_LABELS.UPFRONT : `第 ${item.seq} 期服务费`;

export const COUPON_STATUS_DISPLAY: Readonly<Record<CouponStatus, EnumDisplay>> = {
  AVAILABLE: { label: COUPON_STATUS_LABELS.AVAILABLE, colour: 'success' },
  LOCKED: { label: COUPON_STATUS_LABELS.LOCKED, colour: 'orange' },
  USED: { label: COUPON_STATUS_LABELS.USED, colour: 'default' },
  EXPIRED: { label: COUPON_STATUS_LABELS.EXPIRED, colour: 'default' },
};

export const CHANNEL_LABELS = PAYMENT_CHANNEL_LABELS;

/** A status label looked up by a string the server sent, with a plain tag for one this web does not know. */
export function displayOf(table: Readonly<Record<string, EnumDisplay>>, key: string): EnumDisplay {
  return table[key] ?? { label: key, colour: 'default' };
}

export const ORDER_STATUS_DISPLAY: Readonly<Record<PaymentOrderState, EnumDisplay>> = {
  CREATED: { label: PAYMENT_ORDER_STATE_LABELS.CREATED, colour: 'processing' },
  PAID: { label: PAYMENT_ORDER_STATE_LABELS.PAID, colour: 'success' },
  CLOSED: { label: PAYMENT_ORDER_STATE_LABELS.CLOSED, colour: 'default' },
};

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
