import { type BankCode, fenToYuan, isBankCode, RSP, rspText } from '@loan/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { instalments, ledgerTransactions, loans, settlementRequests } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AUDIT, recordAudit } from '../audit/record.ts';
import { recordFeeCovered, settlementFeeSplit, waiveFeesNotDue } from '../fees/bookkeeping.ts';
import type { PartnerOperation } from '../partner-calls/run.ts';
import { penaltyAsOf } from './collections.ts';
import { isOpen, loanState, type QuoteFen, quoteOf, settlementFeeNote } from './settlement-quote.ts';

/** The subject of a settlement's partner call: one claim per settlement request. */
export const settlementSubject = (requestId: number) => `settlement-${requestId}`;

export interface SettlePayload extends Record<string, unknown> {
  settlementRequestId: number;
  loanId: number;
  bankRef: string;
  quote: QuoteFen;
  userId: number;
  loginId: string;
  ip: string | null;
}

const auditMeta = (p: SettlePayload) => (p.ip ? { ip: p.ip, userAgent: null } : null);

function bankOf(partner: string): BankCode {
  if (!isBankCode(partner)) throw new Error(`not a partner bank: ${partner}`);
  return partner;
}

async function refuseRequest(tx: Database, p: SettlePayload, reason: string, now: Date): Promise<void> {
  await tx
    .update(settlementRequests)
    .set({ status: 'REFUSED', reason, completedAt: now })
    .where(and(eq(settlementRequests.id, p.settlementRequestId), eq(settlementRequests.status, 'REQUESTED')));
  await recordAudit(tx, {
    action: AUDIT.loanEarlySettleRefused,
    at: now,
    userId: p.userId,
    loginId: p.loginId,
    meta: auditMeta(p),
    detail: { ...detailOf(p), reason },
  });
}

const detailOf = (p: SettlePayload) => ({
  loanId: p.loanId,
  settlementRequestId: p.settlementRequestId,
  total: fenToYuan(p.quote.totalFen),
});

/**
 * Asks the bank to settle a loan early for the quoted total; its answer closes the settlement request: accepted
 * → the money (applySettlement), refused → REFUSED with the bank's reason. A loan that changed while the bank
 * answered (a collection ran) is not paid twice: the request is REFUSED with 3603's text.
 */
export const bankSettle: PartnerOperation<SettlePayload> = {
  operation: 'BANK_SETTLE',
  async call(ctx, { partner, payload, key }) {
    const answer = await ctx.banks[bankOf(partner)].settle(
      payload.bankRef,
      payload.quote.totalFen,
      ctx.now(),
      key,
    );
    return { accepted: answer.ok, reason: answer.reason, result: {} };
  },
  async apply(tx, _ctx, payload, answer, now) {
    if (!answer.accepted) {
      await refuseRequest(tx, payload, answer.reason || '合作机构未受理提前结清', now);
      return null;
    }
    try {
      await applySettlement(tx, payload, now);
      return null;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const reason = error.rspDesc ?? rspText(error.rspCode);
      await refuseRequest(tx, payload, reason, now);
      return reason;
    }
  },
};

/**
 * The settlement's money and statuses, with the loan row locked: the loan is read again and the quote
 * recomputed from it, so a collection that ran meanwhile cannot be paid twice (3603 then, nothing written).
 */
async function applySettlement(tx: Database, p: SettlePayload, now: Date): Promise<void> {
  const { quote } = p;
  const [locked] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.id, p.loanId), ne(loans.status, 'SETTLED')))
    .for('update');
  if (!locked) throw new ApiError(RSP.LOAN_NOT_REPAYING, rspText(RSP.LOAN_NOT_REPAYING));
  const current = await loanState(tx, locked);
  const fresh = quoteOf(current, quote.asOfDate);
  if (fresh.totalFen !== quote.totalFen) {
    throw new ApiError(
      RSP.QUOTE_CHANGED,
      `结清金额已变化，最新应还 ${fenToYuan(fresh.totalFen)} 元，请确认新的金额后重新提交`,
    );
  }
  await tx
    .update(loans)
    .set({ status: 'SETTLED', outstandingPrincipalFen: 0, settledAt: now, updatedAt: now })
    .where(eq(loans.id, locked.id));
  const today = quote.asOfDate;
  let accrued = quote.accruedFen;
  for (const r of current.rows.filter(isOpen)) {
    const isDue = r.dueDate <= today;
    const penalty = isDue ? penaltyAsOf(r, locked.annualRate, today) : r.penaltyFen;
    const interestNow = isDue ? r.interestFen : r.paidInterestFen + accrued;
    accrued = isDue ? accrued : 0;
    await tx
      .update(instalments)
      .set({
        status: 'SETTLED_EARLY',
        penaltyFen: penalty,
        paidPenaltyFen: penalty,
        paidPrincipalFen: r.principalFen,
        paidInterestFen: interestNow,
        paidAt: now,
      })
      .where(eq(instalments.id, r.id));
  }
  // fees: those due (and an upfront fee still owed) paid with the settlement, those not yet due forgiven
  const fees = settlementFeeSplit(current.fees.items, today);
  for (const item of fees.charged) {
    await recordFeeCovered(
      tx,
      item.id,
      { cashFen: item.amountFen - item.discountFen - item.paidFen - item.waivedFen },
      now,
    );
  }
  await waiveFeesNotDue(tx, locked.id, today, now);
  await tx.insert(ledgerTransactions).values({
    userId: p.userId,
    loanId: locked.id,
    type: 'EARLY_SETTLEMENT',
    amountFen: -quote.totalFen,
    principalFen: -quote.principalFen,
    interestFen: -quote.interestFen,
    penaltyFen: -quote.penaltyFen,
    feeFen: -quote.feeFen,
    memo: `提前结清（计息至 ${quote.asOfDate}${quote.feeWaivedCount ? `；${settlementFeeNote(quote)}` : ''}）`,
    occurredAt: now,
    createdAt: now,
  });
  await tx
    .update(settlementRequests)
    .set({ status: 'SETTLED', completedAt: now })
    .where(eq(settlementRequests.id, p.settlementRequestId));
  await recordAudit(tx, {
    action: AUDIT.loanEarlySettled,
    at: now,
    userId: p.userId,
    loginId: p.loginId,
    meta: auditMeta(p),
    detail: detailOf(p),
  });
}
