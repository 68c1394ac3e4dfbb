import {
  fenToYuan,
  type SettlementFigures,
  settlementCreditSentence,
  settlementFeeWaivedSentence,
} from '@loan/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  applications,
  feeItems,
  instalments,
  ledgerTransactions,
  loans,
  type PaymentOrderRow,
  paymentOrders,
  type SettlementRequestRow,
  settlementRequests,
  users,
} from '../../db/schema.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { recordFeeCovered, waiveFeesNotDue } from '../fees/bookkeeping.ts';
import { activeCall, claimCall } from '../partner-calls/claims.ts';
import { attemptCall, type PartnerCallContext } from '../partner-calls/run.ts';
import { penaltyAsOf } from './collections.ts';
import { bankSettle, type SettlePayload, settlementSubject } from './settle-call.ts';
import { isOpen, loanState, quoteOf, type SettlementState, settlementState } from './settlement-quote.ts';

/** The settlement request a SETTLEMENT order pays, locked. */
async function requestOf(tx: Database, orderId: number): Promise<SettlementRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(settlementRequests)
    .where(eq(settlementRequests.orderId, orderId))
    .for('update');
  return row;
}

/** A SETTLEMENT order closed unpaid (given up, expired, replaced): its request is CANCELLED with it. */
export async function cancelSettlementOfOrder(
  tx: Database,
  order: PaymentOrderRow,
  reason: string,
  now: Date,
): Promise<void> {
  if (order.purpose !== 'SETTLEMENT') return;
  await tx
    .update(settlementRequests)
    .set({ status: 'CANCELLED', reason, completedAt: now })
    .where(and(eq(settlementRequests.orderId, order.id), eq(settlementRequests.status, 'REQUESTED')));
}

/**
 * A SETTLEMENT order's money arrived (the order is PAID now, the loan locked by the caller). The loan is read
 * again and quoted as of the request's date: the same total → settled (settle()); anything else (a collection
 * ran meanwhile, the loan settled another way) → the request REFUSED and all of the money unapplied, to be
 * refunded. Returns the unapplied cash.
 */
export async function applySettlementPaid(
  tx: Database,
  order: PaymentOrderRow,
  paidAt: Date,
  now: Date,
): Promise<number> {
  const request = await requestOf(tx, order.id);
  const [loan] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.id, order.loanId ?? 0), ne(loans.status, 'SETTLED')));
  const state = loan ? await settlementState(tx, await loanState(tx, loan)) : null;
  const fresh = state && request ? quoteOf(state, request.asOfDate) : null;
  if (
    request?.status !== 'REQUESTED' ||
    !state ||
    !fresh ||
    fresh.totalFen !== request.totalFen ||
    fresh.totalFen !== order.amountFen
  ) {
    const reason = loan
      ? `结清金额已变化（最新应还 ${fenToYuan(fresh?.totalFen ?? 0)} 元），本次款项 ${fenToYuan(order.amountFen)} 元原路退回`
      : `该贷款已结清，本次款项 ${fenToYuan(order.amountFen)} 元原路退回`;
    if (request?.status === 'REQUESTED') {
      await tx
        .update(settlementRequests)
        .set({ status: 'REFUSED', reason, completedAt: now })
        .where(eq(settlementRequests.id, request.id));
    }
    await tx.insert(ledgerTransactions).values({
      userId: order.userId,
      loanId: order.loanId,
      type: 'EARLY_SETTLEMENT',
      amountFen: -order.amountFen,
      memo: `提前结清未完成：${reason}（订单 ${order.outTradeNo}）`,
      occurredAt: paidAt,
      createdAt: now,
    });
    await recordAudit(tx, {
      action: AUDIT.loanEarlySettleRefused,
      at: now,
      userId: order.userId,
      detail: { loanId: order.loanId, outTradeNo: order.outTradeNo, reason },
    });
    return order.amountFen;
  }
  await settle(tx, state, fresh, request, order, paidAt, now);
  return 0;
}

/** The settlement's money and statuses: SETTLEMENT_RULE_TEXT written to the loan's rows, fee items and ledger. */
async function settle(
  tx: Database,
  state: SettlementState,
  f: SettlementFigures,
  request: SettlementRequestRow,
  order: PaymentOrderRow,
  paidAt: Date,
  now: Date,
): Promise<void> {
  const { loan } = state;
  const today = request.asOfDate;
  await tx
    .update(loans)
    .set({ status: 'SETTLED', outstandingPrincipalFen: 0, settledAt: now, updatedAt: now })
    .where(eq(loans.id, loan.id));
  const plan = new Map(f.rows.map((r) => [r.seq, r.finalInterestFen]));
  for (const r of state.rows) {
    const finalInterest = plan.get(r.seq);
    if (finalInterest !== undefined) {
      // not yet due: its principal, the days of interest used; what was paid ahead of that is credited
      await tx
        .update(instalments)
        .set({
          status: 'SETTLED_EARLY',
          paidPrincipalFen: r.principalFen,
          paidInterestFen: finalInterest,
          paidAt: now,
        })
        .where(eq(instalments.id, r.id));
    } else if (isOpen(r)) {
      // due: as contracted, with its penalty to the settlement date
      const penalty = penaltyAsOf(r, loan.annualRate, today);
      await tx
        .update(instalments)
        .set({
          status: 'SETTLED_EARLY',
          penaltyFen: penalty,
          // paid in cash: all of it but what an operator waived (the quote charged it so)
          paidPenaltyFen: Math.max(r.paidPenaltyFen, penalty - r.waivedPenaltyFen),
          paidPrincipalFen: r.principalFen,
          paidInterestFen: r.interestFen,
          paidAt: now,
        })
        .where(eq(instalments.id, r.id));
    }
  }
  // fees: those due (and an upfront fee still owed) paid with the settlement, those not yet due forgiven,
  // those paid ahead credited (the paying order's cash no longer refundable)
  for (const item of state.fees.items) {
    const owed = item.amountFen - item.discountFen - item.paidFen - item.waivedFen;
    if (owed > 0 && (item.kind === 'UPFRONT' || item.dueDate <= today))
      await recordFeeCovered(tx, item.id, { cashFen: owed }, now);
  }
  await waiveFeesNotDue(tx, loan.id, today, now);
  for (const credit of state.feeCredits) {
    const item = state.fees.items.find((i) => i.id === credit.feeItemId);
    if (item?.kind !== 'INSTALMENT' || item.dueDate <= today) continue;
    await creditFee(tx, item.id, item.instalmentId, credit, now);
  }
  const interestPart = f.interestFen - f.interestCreditFen;
  const feePart = f.feeFen - f.feeCreditFen;
  const notes = [`计息至 ${today}`, settlementFeeWaivedSentence(f), settlementCreditSentence(f)].filter(
    Boolean,
  );
  await tx.insert(ledgerTransactions).values({
    userId: request.userId,
    loanId: loan.id,
    type: 'EARLY_SETTLEMENT',
    amountFen: -order.amountFen,
    principalFen: -f.principalFen,
    interestFen: -interestPart,
    penaltyFen: -f.penaltyFen,
    feeFen: -feePart,
    memo: `提前结清（${notes.join('；')}）（订单 ${order.outTradeNo}）`,
    occurredAt: paidAt,
    createdAt: now,
  });
  await tx
    .update(settlementRequests)
    .set({ status: 'SETTLED', completedAt: now })
    .where(eq(settlementRequests.id, request.id));
  const [who] = await tx.select({ loginId: users.loginId }).from(users).where(eq(users.id, request.userId));
  await recordAudit(tx, {
    action: AUDIT.loanEarlySettled,
    at: now,
    userId: request.userId,
    loginId: who?.loginId ?? null,
    detail: {
      loanId: loan.id,
      settlementRequestId: request.id,
      outTradeNo: order.outTradeNo,
      total: fenToYuan(request.totalFen),
    },
  });
  const [app] = await tx
    .select({ bankRef: applications.bankRef })
    .from(applications)
    .where(eq(applications.id, loan.applicationId));
  const payload: SettlePayload = {
    settlementRequestId: request.id,
    loanId: loan.id,
    bankRef: app?.bankRef ?? '',
    totalFen: request.totalFen,
    asOfDate: today,
    userId: request.userId,
    loginId: who?.loginId ?? '',
  };
  await claimCall(
    tx,
    { partner: loan.bank, operation: bankSettle.operation, subject: settlementSubject(request.id), payload },
    now,
  );
}

/** Fee cash paid ahead, moved from paid to forgiven on its item (and instalment), and marked on its order. */
async function creditFee(
  tx: Database,
  itemId: number,
  instalmentId: number | null,
  credit: { orderId: number; cashFen: number },
  now: Date,
): Promise<void> {
  await tx
    .update(feeItems)
    .set({
      paidFen: sql`${feeItems.paidFen} - ${credit.cashFen}`,
      waivedFen: sql`${feeItems.waivedFen} + ${credit.cashFen}`,
      updatedAt: now,
    })
    .where(eq(feeItems.id, itemId));
  if (instalmentId !== null)
    await tx
      .update(instalments)
      .set({ paidFeeFen: sql`${instalments.paidFeeFen} - ${credit.cashFen}` })
      .where(eq(instalments.id, instalmentId));
  await tx
    .update(paymentOrders)
    .set({ creditedFen: sql`${paymentOrders.creditedFen} + ${credit.cashFen}`, updatedAt: now })
    .where(eq(paymentOrders.id, credit.orderId));
}

/** After the settlement's transaction: the bank told, through the claim it wrote (reconciliation finishes it). */
export async function tellBankOfSettlement(ctx: PartnerCallContext, orderId: number): Promise<void> {
  const [request] = await ctx.db
    .select({
      id: settlementRequests.id,
      loanId: settlementRequests.loanId,
      status: settlementRequests.status,
    })
    .from(settlementRequests)
    .where(eq(settlementRequests.orderId, orderId));
  if (request?.status !== 'SETTLED') return;
  const [loan] = await ctx.db.select({ bank: loans.bank }).from(loans).where(eq(loans.id, request.loanId));
  if (!loan) return;
  const call = await activeCall(ctx.db, {
    partner: loan.bank,
    operation: bankSettle.operation,
    subject: settlementSubject(request.id),
  });
  if (call) await attemptCall(ctx, bankSettle, call);
}
