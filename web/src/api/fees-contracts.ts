import type { CouponKind, CouponScope, CouponStatus, FeeItemKind, FeeItemStatus, Page } from '@loan/domain';

/**
 * Shapes of the service-fee and coupon calls as the web uses them. Money is yuan with two places ("12.34"),
 * dates "YYYY-MM-DD" (Asia/Shanghai), times ISO 8601.
 */

export interface FeeItemView {
  feeId: number;
  loanId: number;
  /** the loan's application, for a link to its detail */
  rowId: number | null;
  productName: string | null;
  bankName: string | null;
  kind: FeeItemKind;
  /** 0 for the upfront fee, n for instalment n */
  seq: number;
  dueDate: string;
  amount: string;
  /** the coupon's part */
  discount: string;
  /** the cash part */
  paid: string;
  refunded: string;
  waived: string;
  /** what is still to pay */
  outstanding: string;
  status: FeeItemStatus;
  couponTitle: string | null;
  paidAt: string | null;
}

/** GET /service/feeList */
export interface FeeListQuery {
  status?: FeeItemStatus;
  loanId?: string;
  dateFrom?: string;
  dateTo?: string;
  cursor?: string;
  pageSize?: string;
}

export interface FeeTotals {
  dueNow: string;
  overdue: string;
  paidThisYear: string;
  refunded: string;
}

export interface FeeListResult extends Page<FeeItemView> {
  totals: FeeTotals;
}

export interface FeeItemPayment {
  outTradeNo: string;
  channel: string;
  /** cash applied to this item */
  amount: string;
  discount: string;
  status: string;
  paidAt: string | null;
  createdAt: string;
}

export interface FeeItemRefund {
  refundNo: string;
  amount: string;
  status: string;
  createdAt: string;
}

/** GET /service/feeDetail?feeId= */
export interface FeeDetail {
  item: FeeItemView;
  /** how the item's fee is set, e.g. "0.20%/月" */
  rateLabel: string;
  payments: FeeItemPayment[];
  refunds: FeeItemRefund[];
}

export interface CouponView {
  couponId: number;
  kind: CouponKind;
  title: string;
  amountOff: string | null;
  threshold: string | null;
  percentOff: number | null;
  cap: string | null;
  /** the rule in words, e.g. "满 100.00 元减 20.00 元" */
  rule: string;
  validFrom: string;
  validUntil: string;
  scope: CouponScope;
  scopeValues: string[];
  status: CouponStatus;
  /** valid_until within 3 days and still usable */
  expiringSoon: boolean;
}

/** GET /users/coupons?status= */
export interface CouponListResult {
  items: CouponView[];
  /** available and not expired */
  availableCount: number;
}

export interface CouponOptionView {
  coupon: CouponView;
  /** the fee item it would apply to */
  feeId: number;
  discount: string;
}

/** GET /users/couponOptions?feeIds=1,2: best first. */
export interface CouponOptionsResult {
  options: CouponOptionView[];
}
