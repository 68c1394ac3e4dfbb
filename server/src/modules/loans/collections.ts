import { addDaysIso, dailyInterestFen, type LoanStatus, shanghaiDate } from '@loan/domain';
import { and, asc, eq, inArray, lte, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  type InstalmentRow,
  instalments,
  type LoanRow,
  ledgerTransactions,
  loans,
  sellerStores,
} from '../../db/schema.ts';
import { instalmentFeeItem, recordFeeCovered } from '../fees/bookkeeping.ts';
import { heldInstalments } from '../payments/held.ts';
import { paidMethodOf } from '../receiving-account/accounts.ts';
import { collectionInstant, daysFrom } from './accrual.ts';

/** Days after the due date on which a "half-paying" sandbox store pays the rest. */
const SANDBOX_LATE_DAYS = 5;

/** Instalment statuses that still owe money. */
export const OPEN_INSTALMENT = ['DUE', 'PARTIAL', 'OVERDUE'] as const;

/** A store whose seller id ends in '7' pays half on the due date and the rest SANDBOX_LATE_DAYS later. */
function paysHalf(sellerId: string | null | undefined): boolean {
  return Boolean(sellerId?.endsWith('7'));
}

/** Penalty interest of an overdue instalment as of a date: unpaid principal × annual rate × days / 360. */
export function penaltyAsOf(row: InstalmentRow, annualRate: string, date: string): number {
  if (date <= row.dueDate) return row.penaltyFen;
  const unpaidPrincipal = row.principalFen - row.paidPrincipalFen;
  return Math.max(row.penaltyFen, dailyInterestFen(unpaidPrincipal, annualRate, daysFrom(row.dueDate, date)));
}

/** The penalty an instalment still owes as recorded: accrued − paid − waived (a waiver is never re-added). */
export function penaltyOwedFen(row: InstalmentRow): number {
  return Math.max(0, row.penaltyFen - row.paidPenaltyFen - row.waivedPenaltyFen);
}

/** The service fee an instalment still owes: contracted − covered (cash and coupon) − waived. */
export function instalmentFeeOwedFen(row: InstalmentRow): number {
  return Math.max(0, row.feeFen - row.paidFeeFen - row.waivedFeeFen);
}

/** What the instalment still owes (penalty as recorded). */
export function instalmentOwedFen(row: InstalmentRow): number {
  if (row.status === 'PAID' || row.status === 'SETTLED_EARLY') return 0;
  return (
    row.principalFen -
    row.paidPrincipalFen +
    row.interestFen -
    row.paidInterestFen +
    instalmentFeeOwedFen(row) +
    penaltyOwedFen(row)
  );
}

interface Split {
  penalty: number;
  interest: number;
  fee: number;
  principal: number;
}

/** Splits a payment in the order penalty, interest, fee, principal. */
export function allocate(row: InstalmentRow, amount: number): Split {
  let left = amount;
  const take = (owed: number) => {
    const part = Math.min(Math.max(owed, 0), left);
    left -= part;
    return part;
  };
  const penalty = take(penaltyOwedFen(row));
  const interest = take(row.interestFen - row.paidInterestFen);
  const fee = take(instalmentFeeOwedFen(row));
  const principal = take(row.principalFen - row.paidPrincipalFen);
  return { penalty, interest, fee, principal };
}

/** The loan's status and outstanding principal from its instalments. */
function loanStateOf(loan: LoanRow, rows: readonly InstalmentRow[]) {
  const paidPrincipal = rows.reduce((sum, r) => sum + r.paidPrincipalFen, 0);
  const closed = rows.every((r) => r.status === 'PAID' || r.status === 'SETTLED_EARLY');
  const status: LoanStatus = closed
    ? 'SETTLED'
    : rows.some((r) => r.status === 'OVERDUE')
      ? 'OVERDUE'
      : 'REPAYING';
  return { status, outstandingPrincipalFen: loan.principalFen - paidPrincipal };
}

/** Writes the loan's status and outstanding principal as its instalments now say, when they changed. */
export async function saveLoanState(
  tx: Database,
  loan: LoanRow,
  rows: readonly InstalmentRow[],
  now: Date,
): Promise<void> {
  const state = loanStateOf(loan, rows);
  if (state.status === loan.status && state.outstandingPrincipalFen === loan.outstandingPrincipalFen) return;
  await tx
    .update(loans)
    .set({
      status: state.status,
      outstandingPrincipalFen: state.outstandingPrincipalFen,
      updatedAt: now,
      ...(state.status === 'SETTLED' ? { settledAt: now } : {}),
    })
    .where(eq(loans.id, loan.id));
}

/**
 * The collections sandbox (docs/SANDBOX.md "还款沙箱 / Collections sandbox"): for every loan with an instalment
 * due on or before today (Shanghai) that is not paid, takes the money from the store's payout, deterministically
 * (an upfront service fee is not taken: the borrower pays it on the fee page):
 * - an instalment: in full on its due date; a store whose seller id ends in '7' pays half (rounded down to the
 *   fen) on the due date and the rest, with penalty interest, SANDBOX_LATE_DAYS days later. In between it is
 *   OVERDUE (and the loan OVERDUE) and accrues penalty on its unpaid principal at the loan's annual rate / 360
 *   per day (first day counts, last does not; half-up to the fen).
 * A borrower who chose 主动还款 (paidMethod ACTIVE_REPAY) pays on the loan page instead: nothing is taken from
 * the payouts, and an instalment still owed after its due date turns OVERDUE with penalty (STORE_PAYOUT, the
 * default when never chosen, is what is described above).
 * Each payment is one REPAYMENT ledger line (negative, split into penalty, interest, fee, principal, paid in
 * that order; the fee part through recordFeeCovered, which keeps the instalment's fee item in step). Runs that
 * happen late (the clock jumped) book each payment at 10:00 Shanghai of the day it was
 * due to happen, so the outcome does not depend on when the loop ran. Returns the number of ledger lines written.
 */
export async function collectDueInstalments(
  ctx: { db: Database },
  now: Date,
  budget?: AbortSignal,
): Promise<number> {
  const today = shanghaiDate(now);
  const dueLoans = await ctx.db
    .selectDistinct({ loanId: instalments.loanId })
    .from(instalments)
    .where(and(inArray(instalments.status, [...OPEN_INSTALMENT]), lte(instalments.dueDate, today)));
  const loanIds = dueLoans.map((r) => r.loanId).sort((a, b) => a - b);
  let lines = 0;
  for (const loanId of loanIds) {
    if (budget?.aborted) break;
    lines += await ctx.db.transaction((tx) => collectLoan(tx, loanId, now, today));
  }
  return lines;
}

async function collectLoan(tx: Database, loanId: number, now: Date, today: string): Promise<number> {
  // the loan row locked: an early settlement confirmed meanwhile waits, then sees what was collected
  const [loan] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.id, loanId), ne(loans.status, 'SETTLED')))
    .for('update');
  if (!loan) return 0;
  const [store] = await tx
    .select({ sellerId: sellerStores.sellerId })
    .from(sellerStores)
    .where(eq(sellerStores.userId, loan.userId))
    .limit(1);
  const half = paysHalf(store?.sellerId);
  // 主动还款: nothing is taken from the payouts; an instalment unpaid after its due date turns overdue
  const fromPayouts = (await paidMethodOf(tx, loan.userId)) !== 'ACTIVE_REPAY';
  const rows = await tx
    .select()
    .from(instalments)
    .where(eq(instalments.loanId, loanId))
    .orderBy(asc(instalments.seq));
  const at = (date: string) => new Date(Math.min(collectionInstant(date).getTime(), now.getTime()));
  let lines = 0;

  const held = await heldInstalments(tx, loanId);
  for (const [index, original] of rows.entries()) {
    if (!(OPEN_INSTALMENT as readonly string[]).includes(original.status) || original.dueDate > today)
      continue;
    if (held(original.id)) continue;
    let row = original;
    const pay = async (date: string, amount: (r: InstalmentRow) => number) => {
      row = { ...row, penaltyFen: penaltyAsOf(row, loan.annualRate, date) };
      const split = allocate(row, amount(row));
      const total = split.penalty + split.interest + split.fee + split.principal;
      if (total <= 0) return;
      const occurredAt = at(date);
      if (split.fee > 0) {
        const item = await instalmentFeeItem(tx, loanId, row.seq);
        if (!item) throw new Error(`instalment ${row.id} has a fee but no fee item`);
        await recordFeeCovered(tx, item.id, { cashFen: split.fee }, occurredAt);
      }
      row = {
        ...row,
        paidPenaltyFen: row.paidPenaltyFen + split.penalty,
        paidInterestFen: row.paidInterestFen + split.interest,
        paidFeeFen: row.paidFeeFen + split.fee,
        paidPrincipalFen: row.paidPrincipalFen + split.principal,
      };
      const settled = instalmentOwedFen({ ...row, status: 'DUE' }) === 0;
      row = { ...row, status: settled ? 'PAID' : 'OVERDUE', paidAt: settled ? occurredAt : null };
      await tx.insert(ledgerTransactions).values({
        userId: loan.userId,
        loanId,
        type: 'REPAYMENT',
        amountFen: -total,
        principalFen: -split.principal,
        interestFen: -split.interest,
        penaltyFen: -split.penalty,
        feeFen: -split.fee,
        memo: `第 ${row.seq} 期还款${date > row.dueDate ? '（逾期）' : settled ? '' : '（部分）'}`,
        occurredAt,
        createdAt: now,
      });
      lines += 1;
    };
    const owed = (r: InstalmentRow) => instalmentOwedFen({ ...r, status: 'DUE' });
    // a fee paid ahead on the fee page is not a collection: the due-date payment still happens
    const feeAhead = row.paidFeeFen === 0 || row.paidFeeFen + row.waivedFeeFen === row.feeFen;
    const nothingPaid = feeAhead && row.paidPrincipalFen + row.paidInterestFen + row.paidPenaltyFen === 0;
    if (fromPayouts && nothingPaid) await pay(row.dueDate, (r) => (half ? Math.floor(owed(r) / 2) : owed(r)));
    const lateDate = addDaysIso(row.dueDate, SANDBOX_LATE_DAYS);
    if (fromPayouts && owed(row) > 0 && lateDate <= today) await pay(lateDate, owed);
    if (owed(row) > 0 && (fromPayouts || row.dueDate < today)) {
      // still owing after its due date: overdue, penalty accrued to today
      row = { ...row, status: 'OVERDUE', penaltyFen: penaltyAsOf(row, loan.annualRate, today) };
    }
    const changed = (
      ['penaltyFen', 'paidPenaltyFen', 'paidInterestFen', 'paidFeeFen', 'paidPrincipalFen', 'status'] as const
    ).some((key) => row[key] !== original[key]);
    if (changed) {
      await tx
        .update(instalments)
        .set({
          penaltyFen: row.penaltyFen,
          paidPenaltyFen: row.paidPenaltyFen,
          paidInterestFen: row.paidInterestFen,
          paidPrincipalFen: row.paidPrincipalFen,
          status: row.status,
          paidAt: row.paidAt,
        })
        .where(eq(instalments.id, row.id));
      rows[index] = row;
    }
  }

  await saveLoanState(tx, loan, rows, now);
  return lines;
}
