import { feeItemOwedFen, fenToYuan, RSP, shanghaiDate } from '@loan/domain';
import { and, asc, eq, inArray, like, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  type FeeItemRow,
  feeItems,
  type InstalmentRow,
  instalments,
  loans,
  paymentOrderItems,
} from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { recordFeeWaived } from '../fees/bookkeeping.ts';
import { feeSubject, instalmentSubject, settlementSubjectPrefix } from '../payments/held.ts';
import { lockLoans } from '../payments/place-order.ts';
import {
  instalmentOwedFen,
  OPEN_INSTALMENT,
  penaltyAsOf,
  penaltyOwedFen,
  saveLoanState,
} from './collections.ts';

/**
 * Waivers (减免): an operator's confirmed forgiveness of a service fee item or of an overdue instalment's penalty
 * interest, in part or in full. No money moves, so no ledger line: the item's waived column grows (fee_items.
 * waived_fen with the instalment's waived_fee_fen; instalments.waived_penalty_fen), and every figure the borrower
 * reads (fee list, loan page, 还款, settlement quote) subtracts it. A penalty that goes on accruing after a waiver
 * never owes the waived part again: owed = accrued − paid − waived.
 */
export type WaiverTarget =
  | { kind: 'FEE'; feeItemId: number }
  | { kind: 'PENALTY'; loanId: number; seq: number };

/** What a target owes now, and whose it is. */
export interface WaiverStanding {
  userId: number;
  loanId: number;
  seq: number;
  instalmentId: number | null;
  feeItemId: number | null;
  owedFen: number;
}

const isOpen = (row: InstalmentRow) => (OPEN_INSTALMENT as readonly string[]).includes(row.status);

/** The penalty an open instalment owes on `today` (accrued to today, less paid and waived); 0 before its due date. */
export function penaltyOwedOn(row: InstalmentRow, annualRate: string, today: string): number {
  if (!isOpen(row)) return 0;
  return penaltyOwedFen({ ...row, penaltyFen: penaltyAsOf(row, annualRate, today) });
}

async function feeItemById(db: Database, id: number): Promise<FeeItemRow> {
  const [item] = await db.select().from(feeItems).where(eq(feeItems.id, id)).limit(1);
  if (!item) throw new ApiError(RSP.WAIVER_ITEM_NOT_FOUND);
  return item;
}

async function instalmentOf(db: Database, loanId: number, seq: number): Promise<InstalmentRow> {
  const [row] = await db
    .select()
    .from(instalments)
    .where(and(eq(instalments.loanId, loanId), eq(instalments.seq, seq)))
    .limit(1);
  if (!row) throw new ApiError(RSP.WAIVER_ITEM_NOT_FOUND);
  return row;
}

/** What the target owes now (read without a lock: the maker's check; the confirmation checks again under it). */
export async function waiverStanding(db: Database, target: WaiverTarget, now: Date): Promise<WaiverStanding> {
  if (target.kind === 'FEE') {
    const item = await feeItemById(db, target.feeItemId);
    return {
      userId: item.userId,
      loanId: item.loanId,
      seq: item.seq,
      instalmentId: item.instalmentId,
      feeItemId: item.id,
      owedFen: feeItemOwedFen(item),
    };
  }
  const [loan] = await db.select().from(loans).where(eq(loans.id, target.loanId)).limit(1);
  if (!loan) throw new ApiError(RSP.WAIVER_ITEM_NOT_FOUND);
  const row = await instalmentOf(db, target.loanId, target.seq);
  return {
    userId: loan.userId,
    loanId: loan.id,
    seq: row.seq,
    instalmentId: row.id,
    feeItemId: null,
    owedFen: penaltyOwedOn(row, loan.annualRate, shanghaiDate(now)),
  };
}

/** The payment order that would pay the item (its own, its instalment's, or the loan's settlement) is still open. */
async function assertNotInPayment(tx: Database, loanId: number, subjects: string[]): Promise<void> {
  const [held] = await tx
    .select({ id: paymentOrderItems.id })
    .from(paymentOrderItems)
    .where(
      and(
        eq(paymentOrderItems.loanId, loanId),
        eq(paymentOrderItems.open, true),
        or(
          inArray(paymentOrderItems.subjectKey, subjects),
          like(paymentOrderItems.subjectKey, `${settlementSubjectPrefix}%`),
        ),
      ),
    )
    .limit(1);
  if (held) throw new ApiError(RSP.WAIVER_IN_PAYMENT);
}

/** The refusal when the item owes less now than the waiver asks (the borrower paid meanwhile). */
export function aboveOwed(amountFen: number, owedFen: number): ApiError {
  return new ApiError(
    RSP.WAIVER_ABOVE_OWED,
    owedFen === 0
      ? '该款项当前已无欠款（借款人可能已还清），无需减免，请驳回本申请'
      : `减免金额 ${fenToYuan(amountFen)} 元超过当前尚欠的 ${fenToYuan(owedFen)} 元（借款人可能已还部分款项），请按当前欠款重新申请`,
  );
}

export interface WaiverApplied extends WaiverStanding {
  /** owed before and after the waiver, in fen */
  beforeFen: number;
  afterFen: number;
}

/** An instalment that owes nothing after the waiver is PAID; the loan's state follows. */
async function closeIfNothingOwed(tx: Database, loanId: number, instalmentId: number, now: Date) {
  const rows = await tx
    .select()
    .from(instalments)
    .where(eq(instalments.loanId, loanId))
    .orderBy(asc(instalments.seq));
  const row = rows.find((r) => r.id === instalmentId);
  if (!row || !isOpen(row) || instalmentOwedFen({ ...row, status: 'DUE' }) > 0) return;
  await tx.update(instalments).set({ status: 'PAID', paidAt: now }).where(eq(instalments.id, row.id));
  const [loan] = await lockLoans(tx, [loanId]);
  if (loan)
    await saveLoanState(
      tx,
      loan,
      rows.map((r) => (r.id === row.id ? { ...r, status: 'PAID' } : r)),
      now,
    );
}

/**
 * The one writer of a waiver, in the confirming transaction: the loan locked (collections, payments and early
 * settlement lock it too), the item read again under that lock, refused while an open payment order would pay it
 * (3733) or when it owes less than `amountFen` now (3732: the exact figure two operators agreed, never a smaller
 * one silently); otherwise the amount is waived, to the fen.
 */
export async function applyWaiver(
  tx: Database,
  target: WaiverTarget,
  amountFen: number,
  now: Date,
): Promise<WaiverApplied> {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) throw new ApiError(RSP.WAIVER_AMOUNT_INVALID);
  const loanId = target.kind === 'FEE' ? (await feeItemById(tx, target.feeItemId)).loanId : target.loanId;
  const [loan] = await lockLoans(tx, [loanId]);
  if (!loan) throw new ApiError(RSP.WAIVER_ITEM_NOT_FOUND);
  if (target.kind === 'FEE') {
    const [item] = await tx.select().from(feeItems).where(eq(feeItems.id, target.feeItemId)).for('update');
    if (!item) throw new ApiError(RSP.WAIVER_ITEM_NOT_FOUND);
    const subjects = [
      feeSubject(item.id),
      ...(item.instalmentId ? [instalmentSubject(item.instalmentId)] : []),
    ];
    await assertNotInPayment(tx, loan.id, subjects);
    const beforeFen = feeItemOwedFen(item);
    if (amountFen > beforeFen) throw aboveOwed(amountFen, beforeFen);
    const written = await recordFeeWaived(tx, item.id, amountFen, now);
    if (!written) throw aboveOwed(amountFen, beforeFen);
    if (item.instalmentId !== null) await closeIfNothingOwed(tx, loan.id, item.instalmentId, now);
    const standing = { userId: item.userId, loanId: loan.id, seq: item.seq, instalmentId: item.instalmentId };
    return {
      ...standing,
      feeItemId: item.id,
      owedFen: beforeFen,
      beforeFen,
      afterFen: feeItemOwedFen(written),
    };
  }
  const [row] = await tx
    .select()
    .from(instalments)
    .where(and(eq(instalments.loanId, loan.id), eq(instalments.seq, target.seq)))
    .for('update');
  if (!row) throw new ApiError(RSP.WAIVER_ITEM_NOT_FOUND);
  await assertNotInPayment(tx, loan.id, [instalmentSubject(row.id)]);
  const accrued = penaltyAsOf(row, loan.annualRate, shanghaiDate(now));
  const beforeFen = penaltyOwedOn(row, loan.annualRate, shanghaiDate(now));
  if (amountFen > beforeFen) throw aboveOwed(amountFen, beforeFen);
  // the penalty is brought to today first (as the collections job would), then the waived part set aside
  await tx
    .update(instalments)
    .set({ penaltyFen: accrued, waivedPenaltyFen: row.waivedPenaltyFen + amountFen })
    .where(eq(instalments.id, row.id));
  await closeIfNothingOwed(tx, loan.id, row.id, now);
  return {
    userId: loan.userId,
    loanId: loan.id,
    seq: row.seq,
    instalmentId: row.id,
    feeItemId: null,
    owedFen: beforeFen,
    beforeFen,
    afterFen: beforeFen - amountFen,
  };
}

/** A borrower's items an operator may waive now: fee items that owe, and open instalments past due with penalty. */
export async function waivableOf(db: Database, userId: number, now: Date) {
  const today = shanghaiDate(now);
  const owned = await db.select().from(loans).where(eq(loans.userId, userId)).orderBy(asc(loans.id));
  const ids = owned.map((l) => l.id);
  if (ids.length === 0) return { fees: [], penalties: [], today };
  const items = await db
    .select()
    .from(feeItems)
    .where(inArray(feeItems.loanId, ids))
    .orderBy(asc(feeItems.loanId), asc(feeItems.seq));
  const rows = await db
    .select()
    .from(instalments)
    .where(inArray(instalments.loanId, ids))
    .orderBy(asc(instalments.loanId), asc(instalments.seq));
  const rate = new Map(owned.map((l) => [l.id, l.annualRate]));
  const fees = items.filter((i) => feeItemOwedFen(i) > 0);
  const penalties = rows
    .filter((r) => isOpen(r) && r.dueDate < today)
    .map((row) => ({ row, owedFen: penaltyOwedOn(row, rate.get(row.loanId) ?? '0', today) }))
    .filter((p) => p.owedFen > 0 || p.row.waivedPenaltyFen > 0);
  return { fees, penalties, today };
}
