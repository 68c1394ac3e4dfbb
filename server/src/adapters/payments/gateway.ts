/**
 * The payment gateway (cashier, notify, query, close, refund). Every call that changes something carries an
 * idempotency key (claimed first through modules/partner-calls): asked again with the same key, the gateway
 * answers what it answered before and does nothing a second time. Results come back asynchronously as signed
 * notifies (POST {API_BASE}/callbacks/payment and /callbacks/payment/refund). The sandbox is in sandbox.ts; a
 * real gateway is one new file implementing this.
 */
export interface GatewayOrderRequest {
  outTradeNo: string;
  amountFen: number;
  /** what the borrower sees at the cashier */
  subject: string;
  channel: string;
  notifyUrl: string;
  idempotencyKey: string;
}

export interface GatewayOrder {
  gatewayTradeNo: string;
  /** where the borrower pays */
  cashierUrl: string;
}

export interface GatewayOrderStatus {
  status: 'WAIT' | 'PAID' | 'CLOSED' | 'NOT_FOUND';
  amountFen: number;
  gatewayTradeNo: string | null;
  paidAt: Date | null;
}

export interface GatewayRefundRequest {
  outTradeNo: string;
  outRefundNo: string;
  amountFen: number;
  notifyUrl: string;
  idempotencyKey: string;
}

export type GatewayRefundAnswer =
  | { accepted: true; gatewayRefundNo: string; status: 'PROCESSING' }
  | { accepted: false; reason: string };

export interface GatewayRefundStatus {
  status: 'PROCESSING' | 'SUCCESS' | 'NOT_FOUND';
  amountFen: number;
  gatewayRefundNo: string | null;
  refundedAt: Date | null;
}

/** A payment on a gateway's statement of a day: when the gateway took it, by its clock. */
export interface GatewayStatementOrder {
  outTradeNo: string;
  gatewayTradeNo: string;
  amountFen: number;
  paidAt: Date;
}

/** A refund on a gateway's statement of a day: when the gateway made it. */
export interface GatewayStatementRefund {
  outRefundNo: string;
  outTradeNo: string;
  gatewayRefundNo: string;
  amountFen: number;
  refundedAt: Date;
}

/** The gateway's statement (对账单) of a Shanghai calendar day: what it took in and gave back that day. */
export interface GatewayStatement {
  orders: GatewayStatementOrder[];
  refunds: GatewayStatementRefund[];
}

export interface PaymentGateway {
  readonly sandbox: boolean;
  createOrder(request: GatewayOrderRequest, now: Date): Promise<GatewayOrder>;
  queryOrder(outTradeNo: string, now: Date): Promise<GatewayOrderStatus>;
  /** closes an unpaid order; refused (ok false) when it was paid meanwhile */
  closeOrder(
    outTradeNo: string,
    idempotencyKey: string,
    now: Date,
  ): Promise<{ ok: boolean; reason: string | null }>;
  /** partial refunds allowed; their sum never above the amount paid */
  refund(request: GatewayRefundRequest, now: Date): Promise<GatewayRefundAnswer>;
  queryRefund(outRefundNo: string, now: Date): Promise<GatewayRefundStatus>;
  /**
   * The statement of `date` ("YYYY-MM-DD", Shanghai), as gateways publish one per day for reconciliation. Optional:
   * the console's reconciliation sets it against our orders and ledger when the gateway gives one.
   */
  statement?(date: string, now: Date): Promise<GatewayStatement>;
}

/** The sandbox gateway's cashier: what the borrower does on the 沙箱收银台 page. */
export interface SandboxCashier {
  cashier(
    outTradeNo: string,
    action: 'PAY' | 'FAIL',
    now: Date,
  ): Promise<{ ok: boolean; reason: string | null }>;
}
