import {
  dailyInterestFen,
  fenToYuan,
  formatYuan,
  MAX_ROW_ID,
  RSP,
  rspText,
  type SettlementQuote,
} from '@loan/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type InstalmentRow, instalments, type LoanRow, loans, products } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { loanFeeItems, settlementFeeSplit } from '../fees/bookkeeping.ts';
import { rowToProduct } from '../products/service.ts';
import { daysFrom } from './accrual.ts';
import { penaltyAsOf } from './collections.ts';
import type { LoanFees } from './views.ts';

const notFound = () => new ApiError(RSP.LOAN_NOT_FOUND, rspText(RSP.LOAN_NOT_FOUND));

const LOAN_ID = /^[1-9]\d{0,9}$/;

/** The loan id of a request: a positive int4, else null. */
export function parseLoanId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !LOAN_ID.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ROW_ID ? id : null;
}

export interface LoanState {
  loan: LoanRow;
  rows: InstalmentRow[];
  fees: LoanFees;
}

/** The caller's loan with its instalments and fee items, else 3601 (missing and foreign answer alike). */
export async function ownLoan(db: Database, userId: number, loanIdValue: unknown): Promise<LoanState> {
  const loanId = parseLoanId(loanIdValue);
  if (loanId === null) throw notFound();
  const [loan] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.id, loanId), eq(loans.userId, userId)))
    .limit(1);
  if (!loan) throw notFound();
  return loanState(db, loan);
}

export async function loanState(db: Database, loan: LoanRow): Promise<LoanState> {
  const rows = await db
    .select()
    .from(instalments)
    .where(eq(instalments.loanId, loan.id))
    .orderBy(asc(instalments.seq));
  const items = await loanFeeItems(db, loan.id);
  const [product] = await db
    .select()
    .from(products)
    .where(eq(products.productCode, loan.productCode))
    .limit(1);
  const rule = product ? (rowToProduct(product)?.serviceFee ?? null) : null;
  return { loan, rows, fees: { items, rule } };
}

export const isOpen = (r: InstalmentRow) => r.status !== 'PAID' && r.status !== 'SETTLED_EARLY';

export interface QuoteFen {
  asOfDate: string;
  principalFen: number;
  interestFen: number;
  feeFen: number;
  penaltyFen: number;
  totalFen: number;
  /** interest accrued in the running period (on principal not yet due) */
  accruedFen: number;
  /** the unpaid fees of instalments not yet due, forgiven (not in the total) */
  feeWaivedFen: number;
  feeWaivedCount: number;
}

/**
 * What settling today costs: all principal still owed; the unpaid interest of instalments already due plus
 * interest on the principal not yet due from the last due date (or the value date) to today, daily on a
 * 360-day year (first day counts, last does not; half-up to the fen); the unpaid fees of instalments already
 * due and an upfront service fee still owed (fee items; the fees of instalments not yet due are waived); penalty
 * interest of overdue instalments to today.
 */
export function quoteOf({ loan, rows, fees }: LoanState, today: string): QuoteFen {
  const open = rows.filter(isOpen);
  const due = open.filter((r) => r.dueDate <= today);
  const notDue = open.filter((r) => r.dueDate > today);
  const principalFen = open.reduce((s, r) => s + r.principalFen - r.paidPrincipalFen, 0);
  // interest is paid up to the latest due date passed or paid (a paid instalment not yet due: nothing accrues)
  const lastDue = rows
    .filter((r) => r.dueDate <= today || !isOpen(r))
    .reduce((latest, r) => (r.dueDate > latest ? r.dueDate : latest), loan.startDate);
  const notDuePrincipal = notDue.reduce((s, r) => s + r.principalFen - r.paidPrincipalFen, 0);
  const accruedFen = dailyInterestFen(notDuePrincipal, loan.annualRate, daysFrom(lastDue, today));
  const interestFen = due.reduce((s, r) => s + r.interestFen - r.paidInterestFen, 0) + accruedFen;
  const fee = settlementFeeSplit(fees.items, today);
  const feeFen = fee.chargedFen;
  const penaltyFen = due.reduce((s, r) => s + penaltyAsOf(r, loan.annualRate, today) - r.paidPenaltyFen, 0);
  return {
    asOfDate: today,
    principalFen,
    interestFen,
    feeFen,
    penaltyFen,
    totalFen: principalFen + interestFen + feeFen + penaltyFen,
    accruedFen,
    feeWaivedFen: fee.waivedFen,
    feeWaivedCount: fee.waived.length,
  };
}

/** "剩余 N 期服务费 X 元提前结清免收" when fees are forgiven, else "". */
export function settlementFeeNote(q: Pick<QuoteFen, 'feeWaivedFen' | 'feeWaivedCount'>): string {
  if (q.feeWaivedCount === 0) return '';
  return `剩余 ${q.feeWaivedCount} 期服务费 ${formatYuan(q.feeWaivedFen)} 元提前结清免收`;
}

export function quoteView(loanId: number, q: QuoteFen): SettlementQuote {
  return {
    loanId,
    asOfDate: q.asOfDate,
    principal: fenToYuan(q.principalFen),
    interest: fenToYuan(q.interestFen),
    fee: fenToYuan(q.feeFen),
    penalty: fenToYuan(q.penaltyFen),
    total: fenToYuan(q.totalFen),
    feeWaived: fenToYuan(q.feeWaivedFen),
    feeNote: settlementFeeNote(q),
  };
}

export function assertRepaying(loan: LoanRow): void {
  if (loan.status === 'SETTLED') throw new ApiError(RSP.LOAN_NOT_REPAYING, rspText(RSP.LOAN_NOT_REPAYING));
}
