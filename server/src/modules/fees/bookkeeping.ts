import { addDaysIso, feeItemOwedFen, fenToYuan, type Schedule, UPFRONT_FEE_DUE_DAYS } from '@loan/domain';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type FeeItemRow, feeItems, instalments } from '../../db/schema.ts';

/**
 * The fee items of a new loan, from its schedule: the upfront fee (seq 0, due UPFRONT_FEE_DUE_DAYS Shanghai
 * days after the value date) and one item per instalment that carries a fee (seq n, due with it).
 */
export async function createFeeItems(
  tx: Database,
  loan: { id: number; userId: number; startDate: string },
  schedule: Schedule,
  instalmentIds: ReadonlyMap<number, number>,
  now: Date,
): Promise<void> {
  const rows: (typeof feeItems.$inferInsert)[] = [];
  if (schedule.upfrontFeeFen > 0) {
    rows.push({
      userId: loan.userId,
      loanId: loan.id,
      kind: 'UPFRONT',
      seq: 0,
      dueDate: addDaysIso(loan.startDate, UPFRONT_FEE_DUE_DAYS),
      amountFen: schedule.upfrontFeeFen,
      updatedAt: now,
      createdAt: now,
    });
  }
  for (const i of schedule.instalments) {
    if (i.feeFen <= 0) continue;
    rows.push({
      userId: loan.userId,
      loanId: loan.id,
      instalmentId: instalmentIds.get(i.period) ?? null,
      kind: 'INSTALMENT',
      seq: i.period,
      dueDate: i.dueDate,
      amountFen: i.feeFen,
      updatedAt: now,
      createdAt: now,
    });
  }
  if (rows.length > 0) await tx.insert(feeItems).values(rows);
}

/** A loan's fee items, upfront first then by instalment. */
export async function loanFeeItems(db: Database, loanId: number): Promise<FeeItemRow[]> {
  return db.select().from(feeItems).where(eq(feeItems.loanId, loanId)).orderBy(asc(feeItems.seq));
}

export class FeeCoverError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeeCoverError';
  }
}

export interface FeeCover {
  /** cash applied to the item */
  cashFen: number;
  /** a coupon's discount applied to the item */
  discountFen?: number;
  couponId?: number | null;
}

/**
 * The one writer of what covers a fee item: adds cash (paid_fen) and a coupon's discount (discount_fen) to the
 * item, and for an INSTALMENT item the same sum to its instalment's paid_fee_fen, in the caller's transaction,
 * so that paid_fee_fen = paid_fen + discount_fen always holds. Refuses (FeeCoverError, nothing written) a cover
 * above what the item still owes, or a second coupon on an item.
 */
export async function recordFeeCovered(
  tx: Database,
  itemId: number,
  cover: FeeCover,
  now: Date,
): Promise<FeeItemRow> {
  const discountFen = cover.discountFen ?? 0;
  const total = cover.cashFen + discountFen;
  if (!Number.isSafeInteger(total) || cover.cashFen < 0 || discountFen < 0) {
    throw new FeeCoverError('金额不正确');
  }
  const owed = sql`${feeItems.amountFen} - ${feeItems.discountFen} - ${feeItems.paidFen} - ${feeItems.waivedFen}`;
  const [row] = await tx
    .update(feeItems)
    .set({
      paidFen: sql`${feeItems.paidFen} + ${cover.cashFen}`,
      discountFen: sql`${feeItems.discountFen} + ${discountFen}`,
      ...(cover.couponId ? { couponId: cover.couponId } : {}),
      // the last time money (or a coupon) covered it
      ...(total > 0 ? { paidAt: now } : {}),
      updatedAt: now,
    })
    .where(
      and(
        eq(feeItems.id, itemId),
        sql`${owed} >= ${total}`,
        ...(cover.couponId ? [sql`${feeItems.couponId} is null`] : []),
      ),
    )
    .returning();
  if (!row)
    throw new FeeCoverError(`服务费项目 ${itemId} 的应缴金额不足 ${fenToYuan(total)} 元或已用过优惠券`);
  if (row.kind === 'INSTALMENT' && row.instalmentId !== null && total > 0) {
    await tx
      .update(instalments)
      .set({ paidFeeFen: sql`${instalments.paidFeeFen} + ${total}` })
      .where(eq(instalments.id, row.instalmentId));
  }
  return row;
}

/**
 * The one writer of an operator's waiver of a fee item (maker-checker, confirmed): adds to waived_fen only while the
 * item still owes at least that much, and for an INSTALMENT item the same to its instalment's waived_fee_fen, so
 * the fee page, the instalment and the loan's totals drop by the same fen. Null (nothing written) when the item
 * owes less than `amountFen` now. No ledger line: no money moved.
 */
export async function recordFeeWaived(
  tx: Database,
  itemId: number,
  amountFen: number,
  now: Date,
): Promise<FeeItemRow | null> {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) return null;
  const owed = sql`${feeItems.amountFen} - ${feeItems.discountFen} - ${feeItems.paidFen} - ${feeItems.waivedFen}`;
  const [row] = await tx
    .update(feeItems)
    .set({ waivedFen: sql`${feeItems.waivedFen} + ${amountFen}`, updatedAt: now })
    .where(and(eq(feeItems.id, itemId), sql`${owed} >= ${amountFen}`))
    .returning();
  if (!row) return null;
  if (row.kind === 'INSTALMENT' && row.instalmentId !== null) {
    await tx
      .update(instalments)
      .set({ waivedFeeFen: sql`${instalments.waivedFeeFen} + ${amountFen}` })
      .where(eq(instalments.id, row.instalmentId));
  }
  return row;
}

/** The instalment fee item of a loan's instalment `seq`, if the instalment carries a fee. */
export async function instalmentFeeItem(
  tx: Database,
  loanId: number,
  seq: number,
): Promise<FeeItemRow | null> {
  const [row] = await tx
    .select()
    .from(feeItems)
    .where(and(eq(feeItems.loanId, loanId), eq(feeItems.seq, seq), eq(feeItems.kind, 'INSTALMENT')));
  return row ?? null;
}

/** Forgives what the loan's INSTALMENT fee items due after `today` still owe (early settlement). */
export async function waiveFeesNotDue(
  tx: Database,
  loanId: number,
  today: string,
  now: Date,
): Promise<number> {
  const rows = await tx
    .update(feeItems)
    .set({
      waivedFen: sql`${feeItems.amountFen} - ${feeItems.discountFen} - ${feeItems.paidFen}`,
      updatedAt: now,
    })
    .where(
      and(
        eq(feeItems.loanId, loanId),
        eq(feeItems.kind, 'INSTALMENT'),
        gt(feeItems.dueDate, today),
        sql`${feeItems.amountFen} - ${feeItems.discountFen} - ${feeItems.paidFen} - ${feeItems.waivedFen} > 0`,
      ),
    )
    .returning({ id: feeItems.id });
  return rows.length;
}

/** The fee items a settlement on `today` charges (upfront, or due by today) and those it forgives. */
export function settlementFeeSplit(items: readonly FeeItemRow[], today: string) {
  const owing = items.filter((i) => feeItemOwedFen(i) > 0);
  const charged = owing.filter((i) => i.kind === 'UPFRONT' || i.dueDate <= today);
  const waived = owing.filter((i) => i.kind === 'INSTALMENT' && i.dueDate > today);
  const sum = (list: readonly FeeItemRow[]) => list.reduce((s, i) => s + feeItemOwedFen(i), 0);
  return { charged, chargedFen: sum(charged), waived, waivedFen: sum(waived) };
}
