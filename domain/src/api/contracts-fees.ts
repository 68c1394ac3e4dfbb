import type { CouponKind, CouponScope, CouponStatus } from '../fees/coupons.ts';
import type { FeeItemKind, FeeItemStatus } from '../fees/fee-items.ts';
import type { Page } from './contracts-loans.ts';

/**
 * Service fee items and coupons on the wire. Money is yuan with two places ("12.34"), dates "YYYY-MM-DD"
 * (Asia/Shanghai), times ISO 8601.
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
  loanId?: number;
  /** due dates from (inclusive), YYYY-MM-DD */
  dateFrom?: string;
  /** due dates to (inclusive), YYYY-MM-DD */
  dateTo?: string;
  cursor?: string;
  pageSize?: number;
}

/** Totals over all the borrower's fee items (not the filtered page). */
export interface FeeTotals {
  /** 待缴: owed on all items, whatever the due date (the figure of My account and, per loan, the loan detail) */
  owed: string;
  /** 30 日内到期: the part of owed on items not overdue that fall due within the next 30 days (today included) */
  dueSoon: string;
  /** owed on items past their due date */
  overdue: string;
  /** cash paid on items last paid this Shanghai calendar year, refunds not taken off (本年已缴（含已退款）) */
  paidThisYear: string;
  /** refunded on all items */
  refunded: string;
}

export interface FeeListResult extends Page<FeeItemView> {
  totals: FeeTotals;
}

/** A payment that covered (part of) a fee item. */
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

/** A refund of a payment that covered a fee item. */
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
  /** 满减: the amount off and the threshold */
  amountOff: string | null;
  threshold: string | null;
  /** 折扣: percent off (1–99) and its cap */
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
  /** the kind as it works: 立减 (no threshold), 满减, 折扣, 免服务费 */
  kindLabel: string;
  /** where it may be used, by name: "全部产品可用", "限广发银行" */
  scopeText: string;
  /** "有效期 2026-11-20 至 2026-12-20": dates only, both days included */
  validityText: string;
  /** when a used coupon was used and on which fee; null until used */
  use: CouponUse | null;
}

/** What a used coupon paid. */
export interface CouponUse {
  usedAt: string;
  /** the loan's application, for a link to its detail; null when the fee item is not known */
  rowId: number | null;
  productName: string | null;
  /** "一次性服务费", "第 3 期服务费" */
  feeLabel: string | null;
  /** "2026-11-20 用于 广发店铺经营贷 一次性服务费" */
  text: string;
}

/** GET /users/coupons?status= */
export interface CouponListQuery {
  status?: CouponStatus;
}

/** GET /users/couponOptions?feeIds=1,2 */
export interface CouponOptionsQuery {
  /** fee item ids, comma-separated, 1–20 of them */
  feeIds: string;
}

export interface CouponListResult {
  items: CouponView[];
  /** available and not expired */
  availableCount: number;
}

/** GET /users/couponOptions?feeIds=1,2: a usable coupon with the item it applies to and its discount. */
export interface CouponOptionView {
  coupon: CouponView;
  /** the fee item it would apply to (the one where it takes off most) */
  feeId: number;
  discount: string;
}

export interface CouponOptionsResult {
  /** best first: highest discount, then earliest expiry, then lowest id */
  options: CouponOptionView[];
}

/** The service fee of a loan summed over its fee items (LoanView.serviceFee). */
/** PAYING: some items covered, some owed; PAID_AND_WAIVED: nothing owed, part paid and part forgiven (early settlement) */
export type LoanFeeStatus = FeeItemStatus | 'PAYING' | 'PAID_AND_WAIVED';
