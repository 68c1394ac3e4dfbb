import type { LoanFeeStatus } from '../api/contracts-fees.ts';
import { type FeeItemAmounts, feeItemIsOpen, feeItemOwedFen, feeItemStatus } from './fee-items.ts';

/** A loan's fee items summed, in fen. */
export interface LoanFeeTotals {
  readonly amountFen: number;
  readonly discountFen: number;
  readonly paidFen: number;
  readonly refundedFen: number;
  readonly waivedFen: number;
  readonly outstandingFen: number;
  readonly status: LoanFeeStatus;
}

/**
 * The status of a loan's fee as a whole: while something is owed OVERDUE (an item past due), PAYING (部分已缴:
 * some items covered) or DUE; when nothing is owed REFUNDED / PARTIALLY_REFUNDED (refunds), WAIVED (all
 * forgiven, nothing paid), PAID_AND_WAIVED (part paid, part forgiven) or PAID.
 */
export function loanFeeStatus(items: readonly FeeItemAmounts[], today: string): LoanFeeStatus {
  const statuses = items.map((i) => feeItemStatus(i, today));
  const owing = items.filter((i) => feeItemOwedFen(i) > 0);
  if (owing.length > 0) {
    if (statuses.includes('OVERDUE')) return 'OVERDUE';
    const covered = items.some((i) => i.paidFen + i.discountFen > 0);
    return covered ? 'PAYING' : 'DUE';
  }
  const paid = items.reduce((s, i) => s + i.paidFen, 0);
  const refunded = items.reduce((s, i) => s + i.refundedFen, 0);
  if (paid > 0 && refunded >= paid) return 'REFUNDED';
  if (refunded > 0) return 'PARTIALLY_REFUNDED';
  if (statuses.length > 0 && statuses.every((s) => s === 'WAIVED')) return 'WAIVED';
  if (statuses.some(feeItemIsOpen)) return 'DUE';
  // part paid, part forgiven (early settlement): not "paid" as a whole
  return statuses.includes('WAIVED') ? 'PAID_AND_WAIVED' : 'PAID';
}

/** The sums and the status of a loan's fee items on `today`. */
export function loanFeeTotals(items: readonly FeeItemAmounts[], today: string): LoanFeeTotals {
  const sum = (f: (i: FeeItemAmounts) => number) => items.reduce((s, i) => s + f(i), 0);
  return {
    amountFen: sum((i) => i.amountFen),
    discountFen: sum((i) => i.discountFen),
    paidFen: sum((i) => i.paidFen),
    refundedFen: sum((i) => i.refundedFen),
    waivedFen: sum((i) => i.waivedFen),
    outstandingFen: sum(feeItemOwedFen),
    status: loanFeeStatus(items, today),
  };
}
