import { feeItemOwedFen, fenToYuan, shanghaiDate, shanghaiMinute } from '@loan/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  coupons,
  feeItems,
  type InstalmentRow,
  instalments,
  ledgerTransactions,
  type PaymentOrderItemRow,
  type PaymentOrderRow,
  paymentOrderItems,
  paymentOrders,
} from '../../db/schema.ts';
import { recordFeeCovered } from '../fees/bookkeeping.ts';
import { allocate, instalmentOwedFen, penaltyAsOf, saveLoanState } from '../loans/collections.ts';
import { applySettlementPaid } from '../loans/settlement-paid.ts';
import { notify } from '../notices/notify.ts';
import { moveOrder, type OrderActor } from './order-events.ts';
import { lockLoans } from './place-order.ts';

export interface PaidFacts {
  now: Date;
  paidAt: Date;
  gatewayTradeNo: string | null;
  actor: OrderActor;
}

interface Applied {
  principal: number;
  interest: number;
  penalty: number;
  fee: number;
  unapplied: number;
  couponUsed: boolean;
}

/**
 * A paid order's effects, exactly once (the order moves CREATED → PAID first: a second notify finds it PAID),
 * with its loans locked: fee items covered (cash and coupon, through recordFeeCovered, which keeps the
 * instalment's paid fee with it), an instalment repaid in the order penalty, interest, fee, principal, one
 * ledger line (FEE_PAYMENT or REPAYMENT, the coupon's discount in the memo), the coupon USED. What is not owed
 * any more (collections or a settlement came first) is kept as unapplied_fen, refundable. The borrower is told
 * (noticeOfPayment) in the same transaction.
 */
export async function applyPaidOrder(
  tx: Database,
  order: PaymentOrderRow,
  facts: PaidFacts,
): Promise<PaymentOrderRow> {
  const { now } = facts;
  const paid = await moveOrder(tx, order, 'PAY', {
    now,
    actor: facts.actor,
    set: { paidAt: facts.paidAt, gatewayTradeNo: facts.gatewayTradeNo ?? order.gatewayTradeNo },
  });
  if (order.purpose === 'SETTLEMENT') {
    await lockLoans(tx, order.loanId ? [order.loanId] : []);
    const unapplied = await applySettlementPaid(tx, paid, facts.paidAt, now);
    const [done] = await tx
      .update(paymentOrders)
      .set({ unappliedFen: unapplied, updatedAt: now })
      .where(eq(paymentOrders.id, order.id))
      .returning();
    await noticeOfPayment(tx, paid, '提前结清', now);
    return done ?? paid;
  }
  const items = await tx
    .select()
    .from(paymentOrderItems)
    .where(eq(paymentOrderItems.orderId, order.id))
    .orderBy(asc(paymentOrderItems.id));
  const locked = await lockLoans(
    tx,
    items.map((i) => i.loanId),
  );
  const applied: Applied = { principal: 0, interest: 0, penalty: 0, fee: 0, unapplied: 0, couponUsed: false };
  for (const item of items.filter((i) => i.feeItemId !== null)) await coverFee(tx, order, item, applied, now);
  for (const item of items.filter((i) => i.instalmentId !== null)) {
    const loan = locked.find((l) => l.id === item.loanId);
    if (loan) await repayInstalment(tx, loan.annualRate, item, applied, facts);
  }
  for (const loan of locked) {
    const rows = await tx.select().from(instalments).where(eq(instalments.loanId, loan.id));
    await refreshInstalments(tx, rows, now);
    const fresh = await tx.select().from(instalments).where(eq(instalments.loanId, loan.id));
    await saveLoanState(tx, loan, fresh, now);
  }
  await settleCoupon(tx, order, applied.couponUsed, now);
  await writeLedgerLine(tx, order, items, applied, facts.paidAt, now);
  const [done] = await tx
    .update(paymentOrders)
    .set({ unappliedFen: applied.unapplied, updatedAt: now })
    .where(eq(paymentOrders.id, order.id))
    .returning();
  await noticeOfPayment(
    tx,
    paid,
    order.purpose === 'FEE' ? '服务费' : `第 ${seqsOf(items).join('、')} 期还款`,
    now,
  );
  return done ?? paid;
}

/** The instalments an order's items repay, by number, each once. */
const seqsOf = (items: readonly PaymentOrderItemRow[]) => [
  ...new Set(items.filter((i) => i.instalmentId !== null).map((i) => i.seq)),
];

/**
 * The borrower's notice of money received (`order:<no>:PAID`), in the transaction that turned the order PAID:
 * the amount, the order number, when it was paid (Shanghai) and what it paid. An order a coupon paid in full
 * (0.00) received no money and is not told.
 */
async function noticeOfPayment(tx: Database, order: PaymentOrderRow, what: string, now: Date) {
  if (order.amountFen <= 0) return;
  await notify(tx, {
    userId: order.userId,
    key: `order:${order.outTradeNo}:PAID`,
    now,
    event: {
      kind: 'PAYMENT_RECEIVED',
      facts: {
        orderNo: order.outTradeNo,
        amountFen: order.amountFen,
        paidAt: shanghaiMinute(order.paidAt ?? now),
        what,
      },
    },
  });
}

async function coverFee(
  tx: Database,
  order: PaymentOrderRow,
  item: PaymentOrderItemRow,
  applied: Applied,
  now: Date,
) {
  const [fee] = await tx
    .select()
    .from(feeItems)
    .where(eq(feeItems.id, item.feeItemId ?? 0))
    .for('update');
  const cash = item.feeFen - item.discountFen;
  const owed = fee ? feeItemOwedFen(fee) : 0;
  if (!fee || owed <= 0) {
    applied.unapplied += cash;
    return;
  }
  if (owed >= item.feeFen) {
    const withCoupon = item.discountFen > 0 && fee.couponId === null;
    await recordFeeCovered(
      tx,
      fee.id,
      {
        cashFen: cash,
        discountFen: withCoupon ? item.discountFen : 0,
        couponId: withCoupon ? order.couponId : null,
      },
      now,
    );
    if (!withCoupon && item.discountFen > 0) {
      // the coupon could not go on the item: its part is paid in cash only as far as the cash goes
      applied.fee += cash;
      return;
    }
    applied.fee += cash;
    applied.couponUsed ||= withCoupon;
    return;
  }
  const part = Math.min(cash, owed);
  await recordFeeCovered(tx, fee.id, { cashFen: part, discountFen: 0, couponId: null }, now);
  applied.fee += part;
  applied.unapplied += cash - part;
}

async function repayInstalment(
  tx: Database,
  annualRate: string,
  item: PaymentOrderItemRow,
  applied: Applied,
  facts: PaidFacts,
) {
  const [row] = await tx
    .select()
    .from(instalments)
    .where(eq(instalments.id, item.instalmentId ?? 0))
    .for('update');
  const cash = item.principalFen + item.interestFen + item.penaltyFen + item.feeFen;
  if (!row || row.status === 'PAID' || row.status === 'SETTLED_EARLY') {
    applied.unapplied += cash;
    return;
  }
  const today = shanghaiDate(facts.now);
  const current: InstalmentRow = { ...row, penaltyFen: penaltyAsOf(row, annualRate, today) };
  // the fee of an instalment with a fee item is paid by that item (its own line of the order)
  const ownFee = item.feeFen > 0;
  const split = allocate(ownFee ? current : { ...current, feeFen: current.paidFeeFen }, cash);
  await tx
    .update(instalments)
    .set({
      penaltyFen: current.penaltyFen,
      paidPenaltyFen: row.paidPenaltyFen + split.penalty,
      paidInterestFen: row.paidInterestFen + split.interest,
      paidPrincipalFen: row.paidPrincipalFen + split.principal,
      paidFeeFen: row.paidFeeFen + split.fee,
    })
    .where(eq(instalments.id, row.id));
  applied.principal += split.principal;
  applied.interest += split.interest;
  applied.penalty += split.penalty;
  applied.fee += split.fee;
  applied.unapplied += cash - (split.penalty + split.interest + split.fee + split.principal);
}

/** Instalments of the loan that owe nothing any more are PAID. */
async function refreshInstalments(tx: Database, rows: readonly InstalmentRow[], now: Date) {
  for (const row of rows) {
    if (row.status === 'PAID' || row.status === 'SETTLED_EARLY') continue;
    const owed = instalmentOwedFen({ ...row, status: 'DUE' });
    const status = owed === 0 ? 'PAID' : row.status;
    if (status === row.status) continue;
    await tx
      .update(instalments)
      .set({ status, paidAt: status === 'PAID' ? now : row.paidAt })
      .where(eq(instalments.id, row.id));
  }
}

async function settleCoupon(tx: Database, order: PaymentOrderRow, used: boolean, now: Date) {
  if (order.couponId === null) return;
  await tx
    .update(coupons)
    .set(
      used
        ? { state: 'USED', usedOrderId: order.id, usedAt: now, lockedOrderId: null, updatedAt: now }
        : { state: 'AVAILABLE', lockedOrderId: null, updatedAt: now },
    )
    .where(
      and(eq(coupons.id, order.couponId), eq(coupons.state, 'LOCKED'), eq(coupons.lockedOrderId, order.id)),
    );
}

async function writeLedgerLine(
  tx: Database,
  order: PaymentOrderRow,
  items: readonly PaymentOrderItemRow[],
  applied: Applied,
  paidAt: Date,
  now: Date,
) {
  const coupon =
    applied.couponUsed && order.discountFen > 0 ? `优惠券抵扣 ${fenToYuan(order.discountFen)} 元` : '';
  const rest = applied.unapplied > 0 ? `${fenToYuan(applied.unapplied)} 元无需再缴，可申请退款` : '';
  const note = [coupon, rest].filter(Boolean).join('；');
  const seqs = seqsOf(items);
  const memo =
    order.purpose === 'FEE'
      ? `服务费${note ? `（${note}）` : ''}`
      : `第 ${seqs.join('、')} 期主动还款${note ? `（${note}）` : ''}`;
  const loanIds = [...new Set(items.map((i) => i.loanId))];
  await tx.insert(ledgerTransactions).values({
    userId: order.userId,
    loanId: order.loanId ?? loanIds[0] ?? null,
    type: order.purpose === 'FEE' ? 'FEE_PAYMENT' : 'REPAYMENT',
    amountFen: -order.amountFen,
    principalFen: -applied.principal,
    interestFen: -applied.interest,
    penaltyFen: -applied.penalty,
    feeFen: -applied.fee,
    memo: `${memo}（订单 ${order.outTradeNo}）`,
    occurredAt: paidAt,
    createdAt: now,
  });
}
