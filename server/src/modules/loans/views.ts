import {
  annualisedRate,
  fenToYuan,
  type InstalmentView,
  type LedgerLine,
  type LoanServiceFee,
  type LoanView,
  loanFeeTotals,
  type ServiceFee,
  serviceFeeLabel,
  serviceFeeRuleSentence,
} from '@loan/domain';
import type { FeeItemRow, InstalmentRow, LedgerTransactionRow, LoanRow } from '../../db/schema.ts';
import { instalmentOwedFen } from './collections.ts';

/** The fee side of a loan: its fee items and the product's fee rule (for the label). */
export interface LoanFees {
  items: readonly FeeItemRow[];
  rule: ServiceFee | null;
}

/** 年化利率 of the loan's own cash flows (the engine's IRR: monthly IRR × 12), 4 decimals. */
function annualisedRateOf(loan: LoanRow, rows: readonly InstalmentRow[], fees: LoanFees): string {
  const upfrontFen = fees.items.filter((i) => i.kind === 'UPFRONT').reduce((s, i) => s + i.amountFen, 0);
  try {
    return annualisedRate([
      { months: 0, amountFen: loan.principalFen - upfrontFen },
      ...rows.map((r) => ({ months: r.seq, amountFen: -(r.principalFen + r.interestFen + r.feeFen) })),
    ]).toFixed(4);
  } catch {
    return '0.0000';
  }
}

/** A loan's fee items summed as LoanView.serviceFee shows them (null without any fee item). */
function loanServiceFee(fees: LoanFees, today: string): LoanServiceFee | null {
  if (fees.items.length === 0) return null;
  const t = loanFeeTotals(fees.items, today);
  const rule = serviceFeeRuleSentence(fees.rule);
  return {
    amount: fenToYuan(t.amountFen),
    status: t.status,
    discount: fenToYuan(t.discountFen),
    paid: fenToYuan(t.paidFen),
    refunded: fenToYuan(t.refundedFen),
    waived: fenToYuan(t.waivedFen),
    outstanding: fenToYuan(t.outstandingFen),
    rateLabel: serviceFeeLabel(fees.rule),
    ...(rule ? { chargeRule: rule } : {}),
  };
}

export function loanView(
  loan: LoanRow,
  rows: readonly InstalmentRow[],
  fees: LoanFees,
  today: string,
): LoanView {
  return {
    loanId: loan.id,
    principal: fenToYuan(loan.principalFen),
    annualRate: loan.annualRate,
    method: loan.method,
    termMonths: loan.termMonths,
    startDate: loan.startDate,
    status: loan.status,
    outstandingPrincipal: fenToYuan(loan.outstandingPrincipalFen),
    disbursedAt: loan.disbursedAt.toISOString(),
    settledAt: loan.settledAt?.toISOString() ?? null,
    serviceFee: loanServiceFee(fees, today),
    annualisedRate: annualisedRateOf(loan, rows, fees),
  };
}

/**
 * An instalment as the borrower reads it: 应还 (due) = 已还 (paid) + 减免 (waived) + 未还 (outstanding). An instalment
 * that ended (paid, or settled early) owes nothing more: what it did not pay was forgiven.
 */
export function instalmentView(row: InstalmentRow): InstalmentView {
  const dueFen = row.principalFen + row.interestFen + row.feeFen + row.penaltyFen;
  const paidFen = row.paidPrincipalFen + row.paidInterestFen + row.paidFeeFen + row.paidPenaltyFen;
  const closed = row.status === 'PAID' || row.status === 'SETTLED_EARLY';
  return {
    seq: row.seq,
    dueDate: row.dueDate,
    principal: fenToYuan(row.principalFen),
    interest: fenToYuan(row.interestFen),
    fee: fenToYuan(row.feeFen),
    penalty: fenToYuan(row.penaltyFen),
    paidPrincipal: fenToYuan(row.paidPrincipalFen),
    paidInterest: fenToYuan(row.paidInterestFen),
    paidFee: fenToYuan(row.paidFeeFen),
    paidPenalty: fenToYuan(row.paidPenaltyFen),
    due: fenToYuan(dueFen),
    waived: fenToYuan(closed ? Math.max(0, dueFen - paidFen) : row.waivedFeeFen + row.waivedPenaltyFen),
    outstanding: fenToYuan(instalmentOwedFen(row)),
    status: row.status,
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

export function ledgerLine(row: LedgerTransactionRow, productName: string | null): LedgerLine {
  return {
    id: row.id,
    type: row.type,
    amount: fenToYuan(row.amountFen),
    principal: fenToYuan(row.principalFen),
    interest: fenToYuan(row.interestFen),
    penalty: fenToYuan(row.penaltyFen),
    fee: fenToYuan(row.feeFen),
    loanId: row.loanId,
    productName,
    reversesId: row.reversesId,
    memo: row.memo,
    occurredAt: row.occurredAt.toISOString(),
  };
}
