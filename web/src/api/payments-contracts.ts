/**
 * Shapes of the payment calls (/pay/…) as the web uses them. Money is yuan with two places, times ISO 8601.
 */

export const PAYMENT_CHANNELS = ['ALIPAY', 'WECHAT', 'UNIONPAY', 'TRANSFER'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];
export type PaymentOrderStatus = 'CREATED' | 'PAID' | 'CLOSED';
export type PaymentPurpose = 'FEE' | 'INSTALMENT';
export type CloseReason = 'EXPIRED' | 'BY_BORROWER' | 'REPLACED';

export interface PaymentOrderItem {
  feeId: number | null;
  /** instalment number for an instalment payment, the fee item's seq for a fee */
  seq: number | null;
  principal: string;
  interest: string;
  penalty: string;
  fee: string;
  discount: string;
}

export interface PaymentOrderView {
  outTradeNo: string;
  purpose: PaymentPurpose;
  loanId: number | null;
  productName: string | null;
  channel: PaymentChannel;
  channelLabel: string;
  /** cash to pay, after the coupon */
  amount: string;
  discount: string;
  couponId: number | null;
  couponTitle: string | null;
  status: PaymentOrderStatus;
  statusLabel: string;
  closeReason: CloseReason | null;
  items: PaymentOrderItem[];
  /** money received but no longer owed */
  unapplied: string;
  refunded: string;
  /** what a refund may still ask for: paid − refunded − pending */
  refundable: string;
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
  closedAt: string | null;
}

/** POST /pay/createOrder */
export interface CreateOrderRequest {
  feeIds: number[];
  couponId?: number;
  channel: PaymentChannel;
}

/** POST /pay/repayNow */
export interface RepayNowRequest {
  loanId: number;
  seq: number;
  channel: PaymentChannel;
}

/** The answer of createOrder / repayNow: the order, and where its cashier is (null when nothing is left to pay). */
export interface CreatedOrder {
  order: PaymentOrderView;
  cashierUrl: string | null;
}

/** POST /pay/sandboxCashier */
export interface SandboxCashierRequest {
  outTradeNo: string;
  action: 'PAY' | 'FAIL';
}
