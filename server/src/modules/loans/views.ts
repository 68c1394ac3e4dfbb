import {
  annualisedRate,
  fenToYuan,
  type InstalmentStatus,
  type InstalmentView,
  type LedgerLine,
  type LedgerType,
  type LoanStatus,
  type LoanView,
  type RepaymentMethod,
} from '@loan/domain';
import type { InstalmentRow, LedgerTransactionRow, LoanRow } from '../../db/schema.ts';
import { instalmentOwedFen } from './collections.ts';

export interface ServiceFeeRow {
  amountFen: number;
  status: string;
}

/** 年化利率 of the loan's own cash flows (the engine's IRR: monthly IRR × 12), 4 decimals. */
function annualisedRateOf(loan: LoanRow, rows: readonly InstalmentRow[], fee: ServiceFeeRow | null): string {
  const upfrontFen = fee && !rows.some((r) => r.feeFen > 0) ? fee.amountFen : 0;
  try {
    return annualisedRate([
      { months: 0, amountFen: loan.principalFen - upfrontFen },
      ...rows.map((r) => ({ months: r.seq, amountFen: -(r.principalFen + r.interestFen + r.feeFen) })),
    ]).toFixed(4);
  } catch {
    return '0.0000';
  }
}

export function loanView(loan: LoanRow, rows: readonly InstalmentRow[], fee: ServiceFeeRow | null): LoanView {
  return {
    loanId: loan.id,
    principal: fenToYuan(loan.principalFen),
    annualRate: loan.annualRate,
    method: loan.method as RepaymentMethod,
    termMonths: loan.termMonths,
    startDate: loan.startDate,
    status: loan.status as LoanStatus,
    outstandingPrincipal: fenToYuan(loan.outstandingPrincipalFen),
    disbursedAt: loan.disbursedAt.toISOString(),
    settledAt: loan.settledAt?.toISOString() ?? null,
    serviceFee: fee
      ? { amount: fenToYuan(fee.amountFen), status: fee.status as 'DUE' | 'PAID' | 'REFUNDED' }
      : null,
    annualisedRate: annualisedRateOf(loan, rows, fee),
  };
}

export function instalmentView(row: InstalmentRow): InstalmentView {
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
    outstanding: fenToYuan(instalmentOwedFen(row)),
    status: row.status as InstalmentStatus,
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

export function ledgerLine(row: LedgerTransactionRow, productName: string | null): LedgerLine {
  return {
    id: row.id,
    type: row.type as LedgerType,
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
