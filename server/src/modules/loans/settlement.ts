import {
  type EarlySettleRequest,
  type EarlySettleResult,
  fenToYuan,
  MoneyError,
  RSP,
  rspText,
  type SettlementQuote,
  shanghaiDate,
  yuanToFen,
} from '@loan/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { PartnerCallRow } from '../../db/schema.ts';
import { applications, loans, settlementRequests, type UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { activeCall, claimCall } from '../partner-calls/claims.ts';
import { attemptCall, type CallOutcome, resumeCall } from '../partner-calls/run.ts';
import { assertNoOpenOrder } from '../payments/held.ts';
import { bankSettle, type SettlePayload, settlementSubject } from './settle-call.ts';
import { assertRepaying, loanState, ownLoan, quoteOf, quoteView } from './settlement-quote.ts';
import { loanView } from './views.ts';

export { loanState, ownLoan, parseLoanId, type QuoteFen, quoteOf } from './settlement-quote.ts';

/** GET /loanMgr/settlementQuote?loanId= */
export async function settlementQuote(
  ctx: AppContext,
  user: UserRow,
  loanId: unknown,
): Promise<SettlementQuote> {
  const state = await ownLoan(ctx.db, user.id, loanId);
  assertRepaying(state.loan);
  return quoteView(state.loan.id, quoteOf(state, shanghaiDate(ctx.now())));
}

const quoteChanged = (totalFen: number) =>
  new ApiError(
    RSP.QUOTE_CHANGED,
    `结清金额已变化，最新应还 ${fenToYuan(totalFen)} 元，请确认新的金额后重新提交`,
  );

const inProgress = () =>
  new ApiError(RSP.PARTNER_CALL_IN_PROGRESS, '提前结清已提交合作机构，正在等待处理结果，请稍后刷新查看');

/**
 * POST /loanMgr/earlySettle: the total must equal a fresh quote (else 3603 naming the new total). With the loan
 * row locked, one settlement_requests row per loan may be open (a unique index): it is written together with its
 * claimed partner call, and only that request asks the bank (bank idempotency key of the claim). The bank's
 * answer closes both (settle-call.ts): accepted → one EARLY_SETTLEMENT ledger line with the split, the open
 * instalments SETTLED_EARLY, the fee items due paid and those not yet due waived, the loan SETTLED; refused → status REFUSED with the reason.
 * A confirmation while the settlement is open, or a bank that did not answer, is 3504 (reconciliation asks
 * again with the same key); a confirmation after the settlement sees the loan as it stands.
 */
export async function earlySettle(
  ctx: AppContext,
  user: UserRow,
  body: EarlySettleRequest,
  meta: RequestMeta,
): Promise<EarlySettleResult> {
  let totalFen: number;
  try {
    totalFen = yuanToFen(body.total);
  } catch (error) {
    if (error instanceof MoneyError) throw new ApiError(RSP.INVALID_INPUT, `结清金额：${error.message}`);
    throw error;
  }
  const state = await ownLoan(ctx.db, user.id, body.loanId);
  const { loan } = state;
  assertRepaying(loan);
  const now = ctx.now();
  const quote = quoteOf(state, shanghaiDate(now));
  if (quote.totalFen !== totalFen) throw quoteChanged(quote.totalFen);
  const [app] = await ctx.db
    .select({ bankRef: applications.bankRef })
    .from(applications)
    .where(eq(applications.id, loan.applicationId));

  const opened = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(loans)
      .where(and(eq(loans.id, loan.id), ne(loans.status, 'SETTLED')))
      .for('update');
    if (!locked) throw new ApiError(RSP.LOAN_NOT_REPAYING, rspText(RSP.LOAN_NOT_REPAYING));
    // the borrower is paying something of this loan right now: one payment at a time (3808)
    await assertNoOpenOrder(tx, loan.id);
    const fresh = quoteOf(await loanState(tx, locked), quote.asOfDate);
    if (fresh.totalFen !== totalFen) throw quoteChanged(fresh.totalFen);
    const [request] = await tx
      .insert(settlementRequests)
      .values({
        loanId: loan.id,
        userId: user.id,
        principalFen: quote.principalFen,
        interestFen: quote.interestFen,
        feeFen: quote.feeFen,
        penaltyFen: quote.penaltyFen,
        totalFen: quote.totalFen,
        asOfDate: quote.asOfDate,
        status: 'REQUESTED',
        requestedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: settlementRequests.id });
    if (!request) return { won: false as const, call: await openSettlementCall(tx, loan.id, loan.bank) };
    const payload: SettlePayload = {
      settlementRequestId: request.id,
      loanId: loan.id,
      bankRef: app?.bankRef ?? '',
      quote,
      userId: user.id,
      loginId: user.loginId,
      ip: meta.ip,
    };
    const spec = {
      partner: loan.bank,
      operation: bankSettle.operation,
      subject: settlementSubject(request.id),
    };
    const claimed = await claimCall(tx, { ...spec, payload }, now);
    return { won: claimed.won, call: claimed.call };
  });
  if (!opened.call) throw inProgress();
  const outcome: CallOutcome = opened.won
    ? await attemptCall(ctx, bankSettle, opened.call)
    : await resumeCall(ctx, bankSettle, opened.call);
  return answerOf(ctx, user, outcome);
}

/** The claim of the loan's open settlement request. */
async function openSettlementCall(
  tx: AppContext['db'],
  loanId: number,
  bank: string,
): Promise<PartnerCallRow | null> {
  const [open] = await tx
    .select({ id: settlementRequests.id })
    .from(settlementRequests)
    .where(and(eq(settlementRequests.loanId, loanId), eq(settlementRequests.status, 'REQUESTED')));
  if (!open) return null;
  return activeCall(tx, {
    partner: bank,
    operation: bankSettle.operation,
    subject: settlementSubject(open.id),
  });
}

/** What the borrower is told: from the settlement request as the call left it. */
async function answerOf(ctx: AppContext, user: UserRow, outcome: CallOutcome): Promise<EarlySettleResult> {
  if (outcome.status === 'UNANSWERED' || outcome.status === 'IN_PROGRESS') throw inProgress();
  const payload = outcome.call.payload as SettlePayload;
  const [request] = await ctx.db
    .select()
    .from(settlementRequests)
    .where(eq(settlementRequests.id, payload.settlementRequestId));
  const after = await ownLoan(ctx.db, user.id, payload.loanId);
  const view = loanView(after.loan, after.rows, after.fees, shanghaiDate(ctx.now()));
  if (request?.status === 'SETTLED') return { status: 'SETTLED', reason: null, loan: view };
  if (request?.status === 'REQUESTED') throw inProgress();
  const reason = request?.reason ?? '合作机构未受理提前结清';
  if (outcome.status === 'ANSWERED' && outcome.note) {
    // the bank accepted but the loan had changed meanwhile: nothing was paid twice
    if (after.loan.status === 'SETTLED') throw new ApiError(RSP.LOAN_NOT_REPAYING, reason);
    throw new ApiError(RSP.QUOTE_CHANGED, reason);
  }
  return { status: 'REFUSED', reason, loan: view };
}
