/**
 * Request and result shapes of payment orders (/pay/…): paying fee items (with a coupon) or an instalment now,
 * the sandbox cashier, the borrower's paid orders and the gateway's signed notifies. Money is yuan as a
 * decimal string with two places; times ISO 8601.
 */
import type { CloseReason, PaymentOrderState } from '../payments/order-state.ts';
import type { PaymentChannel, PaymentPurpose } from '../payments/payment-labels.ts';

/** One thing an order pays: a fee item, or an instalment's parts. */
export interface PaymentOrderItemView {
  feeId: number | null;
  /** the instalment number of an instalment payment, the fee item's seq for a fee */
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
  /** null when the order pays fee items of more than one loan */
  loanId: number | null;
  productName: string | null;
  channel: PaymentChannel;
  channelLabel: string;
  /** cash to pay, after the coupon */
  amount: string;
  discount: string;
  couponId: number | null;
  couponTitle: string | null;
  status: PaymentOrderState;
  statusLabel: string;
  closeReason: CloseReason | null;
  items: PaymentOrderItemView[];
  /** money received but no longer owed (refundable) */
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

/** The answer of createOrder / repayNow: the order and its cashier (null when nothing is left to pay). */
export interface CreatedOrder {
  order: PaymentOrderView;
  cashierUrl: string | null;
}

/** POST /pay/sandboxCashier */
export interface SandboxCashierRequest {
  outTradeNo: string;
  action: 'PAY' | 'FAIL';
}

/** The body of the gateway's payment notify (POST /callbacks/payment), signed over the raw bytes. */
export interface PaymentNotifyBody {
  notifyId: string;
  outTradeNo: string;
  gatewayTradeNo: string;
  /** SUCCESS: paid; CLOSED: the gateway closed the order unpaid */
  tradeStatus: 'SUCCESS' | 'CLOSED';
  /** yuan */
  amount: string;
  paidAt: string | null;
}

/** The body of the gateway's refund notify (POST /callbacks/payment/refund). */
export interface RefundNotifyBody {
  notifyId: string;
  outTradeNo: string;
  outRefundNo: string;
  gatewayRefundNo: string;
  refundStatus: 'SUCCESS' | 'FAILED';
  amount: string;
  refundedAt: string | null;
}

/** What a notify route answers: APPLIED, DUPLICATE (the same notify id again) or IGNORED (nothing to do). */
export interface NotifyResult {
  outcome: 'APPLIED' | 'DUPLICATE' | 'IGNORED';
}
