import type { LedgerType } from '../api/contracts-loans.ts';

/**
 * The figures of a 月度对账单, built from the ledger alone: the opening balance and the month's ledger lines (the
 * coupons used come from the coupons, which leave no ledger line: a coupon lowers what is paid). The ledger's
 * signs are kept as the ledger has them (into the borrower's hands positive, out of them negative; the parts split
 * the amount); the figures are said as the borrower reads them, each a positive amount in its direction.
 *
 * "Balance" is the principal outstanding over all of the borrower's loans: the sum of the principal parts of every
 * ledger line before the instant (disbursements add, repayments and settlements take off). So, exactly:
 *   closing = opening + disbursed − repaid principal
 *   Σ amount of the month's lines = disbursed − repaid (principal, interest, penalty, fee) − fees paid
 *     + fees refunded − unapplied payments + other refunds
 */

/** One ledger line of the month, as the ledger has it (amounts in fen, signed). */
export interface StatementLine {
  type: LedgerType;
  /** for a REVERSAL: the type of the line it reverses, whose figure it takes back; null otherwise */
  reversedType?: LedgerType | null;
  amountFen: number;
  principalFen: number;
  interestFen: number;
  penaltyFen: number;
  feeFen: number;
}

/** The coupons used in the month: how many, and what they took off the fees. */
export interface CouponsUsed {
  count: number;
  fen: number;
}

export interface StatementFigures {
  /** principal outstanding at the month's first instant */
  openingFen: number;
  /** principal disbursed in the month */
  disbursedFen: number;
  /** the parts of repayments and early settlements (collections, 立即还款, 提前结清) */
  repaidPrincipalFen: number;
  repaidInterestFen: number;
  repaidPenaltyFen: number;
  /** instalment fees paid with a repayment */
  repaidFeeFen: number;
  /** service fees paid on the fee page (cash; a coupon's part is couponsUsedFen) */
  feesPaidFen: number;
  /** service fees refunded */
  feesRefundedFen: number;
  /** money paid that settled nothing (it came after its order closed, or more than was owed): refundable */
  unappliedPaidFen: number;
  /** refunds of such money, and any refund not of a fee */
  otherRefundedFen: number;
  couponsUsedCount: number;
  couponsUsedFen: number;
  /** principal outstanding at the next month's first instant */
  closingFen: number;
  /** how many ledger lines the month has */
  lineCount: number;
}

/** What a line is, for the figures: a REVERSAL counts as the kind of line it takes back. */
type LineKind = 'DISBURSEMENT' | 'REPAYMENT' | 'FEE' | 'REFUND';

const KIND_OF_TYPE: Readonly<Record<LedgerType, LineKind | null>> = {
  DISBURSEMENT: 'DISBURSEMENT',
  REPAYMENT: 'REPAYMENT',
  EARLY_SETTLEMENT: 'REPAYMENT',
  FEE_PAYMENT: 'FEE',
  // a coupon's line, should one be written, would pay a fee
  COUPON: 'FEE',
  REFUND: 'REFUND',
  REVERSAL: null,
};

/** A line's kind; a reversal of unknown (or reversed) type counts as a repayment's, so every fen still lands. */
function kindOf(line: StatementLine): LineKind {
  const own = KIND_OF_TYPE[line.type];
  if (own) return own;
  return (line.reversedType ? KIND_OF_TYPE[line.reversedType] : null) ?? 'REPAYMENT';
}

function assertWholeFen(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} is not a whole number of fen: ${value}`);
}

/**
 * The statement's figures from the opening balance, the month's ledger lines and the coupons used. Every fen of
 * every line lands in exactly one figure: principal parts in disbursed or repaid principal, interest and penalty
 * parts in repaid interest and penalty, fee parts by kind (fee page, refund, repayment), and the rest of an
 * amount its parts do not split in the unapplied payments (money out) or other refunds (money in).
 */
export function statementFigures(
  openingFen: number,
  lines: readonly StatementLine[],
  coupons: CouponsUsed = { count: 0, fen: 0 },
): StatementFigures {
  assertWholeFen(openingFen, 'opening balance');
  assertWholeFen(coupons.fen, 'coupons used');
  const f: StatementFigures = {
    openingFen,
    disbursedFen: 0,
    repaidPrincipalFen: 0,
    repaidInterestFen: 0,
    repaidPenaltyFen: 0,
    repaidFeeFen: 0,
    feesPaidFen: 0,
    feesRefundedFen: 0,
    unappliedPaidFen: 0,
    otherRefundedFen: 0,
    couponsUsedCount: coupons.count,
    couponsUsedFen: coupons.fen,
    closingFen: openingFen,
    lineCount: lines.length,
  };
  for (const line of lines) {
    const { amountFen, principalFen, interestFen, penaltyFen, feeFen } = line;
    for (const [what, value] of Object.entries({ amountFen, principalFen, interestFen, penaltyFen, feeFen }))
      assertWholeFen(value, what);
    const kind = kindOf(line);
    if (kind === 'DISBURSEMENT') f.disbursedFen += principalFen;
    else f.repaidPrincipalFen -= principalFen;
    f.repaidInterestFen -= interestFen;
    f.repaidPenaltyFen -= penaltyFen;
    if (kind === 'FEE') f.feesPaidFen -= feeFen;
    else if (kind === 'REFUND') f.feesRefundedFen += feeFen;
    else f.repaidFeeFen -= feeFen;
    const rest = amountFen - (principalFen + interestFen + penaltyFen + feeFen);
    if (kind === 'REFUND' || kind === 'DISBURSEMENT') f.otherRefundedFen += rest;
    else f.unappliedPaidFen -= rest;
  }
  f.closingFen = openingFen + f.disbursedFen - f.repaidPrincipalFen;
  return f;
}

/** What the month's repayments paid: principal, interest, penalty and instalment fees. */
export function statementRepaidFen(f: StatementFigures): number {
  return f.repaidPrincipalFen + f.repaidInterestFen + f.repaidPenaltyFen + f.repaidFeeFen;
}

/** The month's net money into the borrower's hands (the sum of the lines' amounts), rebuilt from the figures. */
export function statementNetFlowFen(f: StatementFigures): number {
  return (
    f.disbursedFen -
    statementRepaidFen(f) -
    f.feesPaidFen +
    f.feesRefundedFen -
    f.unappliedPaidFen +
    f.otherRefundedFen
  );
}
