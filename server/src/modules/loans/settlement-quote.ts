import {
  feeItemOwedFen,
  fenToYuan,
  MAX_ROW_ID,
  RSP,
  rspText,
  type SettlementFigures,
  type SettlementInput,
  type SettlementQuote,
  settleEarly,
  settlementCreditSentence,
  settlementFeeWaivedSentence,
  settlementQuoteValidUntil,
} from '@loan/domain';
import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  type FeeItemRow,
  type InstalmentRow,
  instalments,
  type LoanRow,
  loans,
  paymentOrderItems,
  paymentOrders,
  products,
  refundApplications,
} from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { loanFeeItems } from '../fees/bookkeeping.ts';
import { rowToProduct } from '../products/service.ts';
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

/** Fee cash paid ahead on an instalment not yet due, by the order that paid it: what a settlement may credit. */
export interface FeeCredit {
  feeItemId: number;
  orderId: number;
  cashFen: number;
}

export interface LoanState {
  loan: LoanRow;
  rows: InstalmentRow[];
  fees: LoanFees;
}

/** A loan as a settlement reads it: with the fee cash it may credit. */
export interface SettlementState extends LoanState {
  /** cash that paid instalment fees through orders with no refund, creditable when their instalment is not yet due */
  feeCredits: FeeCredit[];
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

/** The loan with what a settlement may credit (read only where a quote is made, not for every view of a loan). */
export async function settlementState(db: Database, state: LoanState): Promise<SettlementState> {
  return { ...state, feeCredits: await feeCreditsOf(db, state.fees.items) };
}

/**
 * The cash of paid orders that covered the loan's instalment fee items, per item and order. An order with a
 * refund (made or under way) credits nothing: its money is already being given back another way.
 */
async function feeCreditsOf(db: Database, items: readonly FeeItemRow[]): Promise<FeeCredit[]> {
  const ids = items.filter((i) => i.kind === 'INSTALMENT' && i.paidFen > 0).map((i) => i.id);
  if (ids.length === 0) return [];
  const covered = await db
    .select({
      feeItemId: paymentOrderItems.feeItemId,
      orderId: paymentOrders.id,
      cashFen: sql<number>`(${paymentOrderItems.feeFen} - ${paymentOrderItems.discountFen})::int`,
      refundedFen: paymentOrders.refundedFen,
      creditedFen: paymentOrders.creditedFen,
    })
    .from(paymentOrderItems)
    .innerJoin(paymentOrders, eq(paymentOrders.id, paymentOrderItems.orderId))
    .where(
      and(
        inArray(paymentOrderItems.feeItemId, ids),
        eq(paymentOrders.status, 'PAID'),
        notExists(
          db
            .select({ id: refundApplications.id })
            .from(refundApplications)
            .where(eq(refundApplications.paymentOrderId, paymentOrders.id)),
        ),
      ),
    );
  const credits: FeeCredit[] = [];
  for (const item of items) {
    let left = item.paidFen;
    for (const c of covered.filter((r) => r.feeItemId === item.id)) {
      if (c.refundedFen > 0 || c.creditedFen > 0) continue;
      const cashFen = Math.min(left, Number(c.cashFen));
      if (cashFen <= 0) continue;
      credits.push({ feeItemId: item.id, orderId: c.orderId, cashFen });
      left -= cashFen;
    }
  }
  return credits;
}

export const isOpen = (r: InstalmentRow) => r.status !== 'PAID' && r.status !== 'SETTLED_EARLY';

/** The loan in the terms of the settlement rule (domain/src/loan/settlement-rule.ts), as of `today`. */
export function settlementInput(
  { loan, rows, fees, feeCredits }: SettlementState,
  today: string,
): SettlementInput {
  return {
    today,
    startDate: loan.startDate,
    annualRate: loan.annualRate,
    rows: rows.map((r) => ({
      seq: r.seq,
      dueDate: r.dueDate,
      principalFen: r.principalFen,
      interestFen: r.interestFen,
      paidPrincipalFen: r.paidPrincipalFen,
      paidInterestFen: r.paidInterestFen,
      penaltyToDateFen:
        isOpen(r) && r.dueDate <= today ? penaltyAsOf(r, loan.annualRate, today) : r.penaltyFen,
      // a waived penalty counts as settled: the rule charges penalty to date less what was paid or forgiven
      paidPenaltyFen: r.paidPenaltyFen + r.waivedPenaltyFen,
      closed: !isOpen(r),
    })),
    fees: fees.items.map((i) => ({
      kind: i.kind === 'UPFRONT' ? 'UPFRONT' : 'INSTALMENT',
      seq: i.seq,
      dueDate: i.dueDate,
      owedFen: feeItemOwedFen(i),
      creditableFen: feeCredits.filter((c) => c.feeItemId === i.id).reduce((s, c) => s + c.cashFen, 0),
    })),
  };
}

/** What settling on `today` costs: SETTLEMENT_RULE_TEXT applied to the loan as it stands. */
export function quoteOf(state: SettlementState, today: string): SettlementFigures {
  return settleEarly(settlementInput(state, today));
}

export type OpenSettlementOrder = SettlementQuote['openOrder'];

export function quoteView(
  loanId: number,
  q: SettlementFigures,
  openOrder: OpenSettlementOrder,
): SettlementQuote {
  return {
    loanId,
    asOfDate: q.asOfDate,
    validUntil: settlementQuoteValidUntil(q.asOfDate).toISOString(),
    principal: fenToYuan(q.principalFen),
    interest: fenToYuan(q.interestFen),
    fee: fenToYuan(q.feeFen),
    penalty: fenToYuan(q.penaltyFen),
    credit: fenToYuan(q.interestCreditFen + q.feeCreditFen),
    total: fenToYuan(q.totalFen),
    feeWaived: fenToYuan(q.feeWaivedFen),
    feeNote: settlementFeeWaivedSentence(q),
    creditNote: settlementCreditSentence(q),
    openOrder,
  };
}

export function assertRepaying(loan: LoanRow): void {
  if (loan.status === 'SETTLED') throw new ApiError(RSP.LOAN_NOT_REPAYING, rspText(RSP.LOAN_NOT_REPAYING));
}
