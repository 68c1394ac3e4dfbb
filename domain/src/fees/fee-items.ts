/**
 * Service fee items (服务费): one charge of a loan, upfront (seq 0) or with instalment n (seq n). Their status
 * is derived from the amounts and the Shanghai date, never stored.
 */

/** UPFRONT: once, paid by the borrower after disbursement; INSTALMENT: with instalment `seq`. */
export type FeeItemKind = 'UPFRONT' | 'INSTALMENT';

export const FEE_ITEM_KINDS: readonly FeeItemKind[] = ['UPFRONT', 'INSTALMENT'];

export const FEE_ITEM_KIND_LABELS: Readonly<Record<FeeItemKind, string>> = {
  UPFRONT: '一次性服务费',
  INSTALMENT: '分期服务费',
};

/** Days after disbursement (Shanghai) an upfront fee falls due. */
export const UPFRONT_FEE_DUE_DAYS = 7;

export type FeeItemStatus = 'DUE' | 'OVERDUE' | 'PAID' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'WAIVED';

export const FEE_ITEM_STATUSES: readonly FeeItemStatus[] = [
  'DUE',
  'OVERDUE',
  'PAID',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
  'WAIVED',
];

export const FEE_ITEM_STATUS_LABELS: Readonly<Record<FeeItemStatus, string>> = {
  DUE: '待缴',
  OVERDUE: '逾期',
  PAID: '已缴',
  PARTIALLY_REFUNDED: '部分退款',
  REFUNDED: '已退款',
  WAIVED: '已减免',
};

/** The amounts of a fee item, in fen; dueDate "YYYY-MM-DD" (Shanghai). */
export interface FeeItemAmounts {
  readonly dueDate: string;
  readonly amountFen: number;
  /** covered by a coupon */
  readonly discountFen: number;
  /** paid in cash */
  readonly paidFen: number;
  readonly refundedFen: number;
  /** forgiven (early settlement) */
  readonly waivedFen: number;
}

/** What is still to pay on the item: amount − discount − paid − waived, never below zero. */
export function feeItemOwedFen(item: FeeItemAmounts): number {
  return Math.max(0, item.amountFen - item.discountFen - item.paidFen - item.waivedFen);
}

/**
 * The status of a fee item on `today` ("YYYY-MM-DD", Shanghai): refunds first (REFUNDED when all the cash paid
 * came back, PARTIALLY_REFUNDED when some did), then WAIVED (nothing paid, the rest forgiven), PAID (nothing
 * owed), OVERDUE (owing after the due date) or DUE.
 */
export function feeItemStatus(item: FeeItemAmounts, today: string): FeeItemStatus {
  if (item.paidFen > 0 && item.refundedFen >= item.paidFen) return 'REFUNDED';
  if (item.refundedFen > 0) return 'PARTIALLY_REFUNDED';
  if (feeItemOwedFen(item) === 0) {
    return item.paidFen + item.discountFen === 0 && item.waivedFen > 0 ? 'WAIVED' : 'PAID';
  }
  return today > item.dueDate ? 'OVERDUE' : 'DUE';
}

/** Statuses that still owe money. */
export function feeItemIsOpen(status: FeeItemStatus): boolean {
  return status === 'DUE' || status === 'OVERDUE';
}
