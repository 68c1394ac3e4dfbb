import { shanghaiStamp } from '../shanghai-time.ts';
import type { CloseReason, PaymentOrderState } from './order-state.ts';

/** Channels, purposes and the Chinese labels of payment orders; the order number's shape. */

export const PAYMENT_CHANNELS = ['ALIPAY', 'WECHAT', 'UNIONPAY', 'TRANSFER'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

export const PAYMENT_CHANNEL_LABELS: Readonly<Record<PaymentChannel, string>> = {
  ALIPAY: '支付宝',
  WECHAT: '微信支付',
  UNIONPAY: '银联',
  TRANSFER: '对公转账',
};

export const PAYMENT_PURPOSES = ['FEE', 'INSTALMENT', 'SETTLEMENT'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const PAYMENT_PURPOSE_LABELS: Readonly<Record<PaymentPurpose, string>> = {
  FEE: '服务费',
  INSTALMENT: '主动还款',
  SETTLEMENT: '提前结清',
};

export const PAYMENT_ORDER_STATE_LABELS: Readonly<Record<PaymentOrderState, string>> = {
  CREATED: '待支付',
  PAID: '已支付',
  CLOSED: '已关闭',
};

export const CLOSE_REASON_LABELS: Readonly<Record<CloseReason, string>> = {
  EXPIRED: '超时未支付',
  BY_BORROWER: '已取消支付',
  REPLACED: '已重新发起支付',
};

/** PAY + Shanghai yyyyMMddHHmmss + the last 6 digits of the id: PAY20261123101500000042. */
export function outTradeNoOf(at: Date, id: number): string {
  const stamp = shanghaiStamp(at);
  return `PAY${stamp}${String(id % 1_000_000).padStart(6, '0')}`;
}

/** The shape of an order number, checked before any lookup. */
export const OUT_TRADE_NO_PATTERN = /^PAY\d{20}$/;
