import {
  type EarlySettleRequest,
  type EarlySettleResult,
  fenToYuan,
  MoneyError,
  PAYMENT_ORDER_TTL_MS,
  RSP,
  rspText,
  type SettlementFigures,
  type SettlementQuote,
  settlementQuoteValidUntil,
  shanghaiDate,
  yuanToFen,
} from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { settlementRequests, type UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { AUDIT, recordUserAudit } from '../audit/record.ts';
import { afterPlaced } from '../payments/create-orders.ts';
import { assertNoOpenOrder, settlementSubjectPrefix } from '../payments/held.ts';
import { lockLoans, placeOrder } from '../payments/place-order.ts';
import { loanOpenOrder } from './open-order.ts';
import { tellBankOfSettlement } from './settlement-paid.ts';
import {
  assertRepaying,
  loanState,
  type OpenSettlementOrder,
  ownLoan,
  parseLoanId,
  quoteOf,
  quoteView,
  settlementState,
} from './settlement-quote.ts';

export { loanState, ownLoan, parseLoanId, quoteOf } from './settlement-quote.ts';

/** The subject an open settlement order holds: one per settlement request. */
export const settlementOrderSubject = (requestId: number) => `${settlementSubjectPrefix}${requestId}`;

/** The loan's settlement waiting at the cashier, if any: its open order, which no other payment can share. */
async function openSettlementOrder(db: Database, loanId: number, now: Date): Promise<OpenSettlementOrder> {
  const open = await loanOpenOrder(db, loanId, now);
  if (open?.purpose !== 'SETTLEMENT') return null;
  const { outTradeNo, amount, cashierUrl, expiresAt } = open;
  return { outTradeNo, amount, cashierUrl, expiresAt };
}

/** GET /loanMgr/settlementQuote?loanId= */
export async function settlementQuote(
  ctx: AppContext,
  user: UserRow,
  loanId: unknown,
): Promise<SettlementQuote> {
  const state = await ownLoan(ctx.db, user.id, loanId);
  assertRepaying(state.loan);
  const now = ctx.now();
  const open = await openSettlementOrder(ctx.db, state.loan.id, now);
  const figures = quoteOf(await settlementState(ctx.db, state), shanghaiDate(now));
  return quoteView(state.loan.id, figures, open);
}

const quoteChanged = (totalFen: number) =>
  new ApiError(
    RSP.QUOTE_CHANGED,
    `结清金额已变化，最新应还 ${fenToYuan(totalFen)} 元，请确认新的金额后重新提交`,
  );

/** The order's parts: the credits come off interest, then fees, then principal (never below zero). */
function orderParts(f: SettlementFigures) {
  let credit = f.interestCreditFen + f.feeCreditFen;
  const take = (fen: number) => {
    const off = Math.min(fen, credit);
    credit -= off;
    return fen - off;
  };
  const interestFen = take(f.interestFen);
  const feeFen = take(f.feeFen);
  const principalFen = take(f.principalFen);
  return { principalFen, interestFen, feeFen, penaltyFen: take(f.penaltyFen) };
}

/**
 * POST /loanMgr/earlySettle: the total must equal a fresh quote (else 3603 naming the new total). With the loan
 * row locked, one settlement request per loan may be open (a unique index): it is written with its payment
 * order (purpose SETTLEMENT, holding the subject settlement-<id>), which the borrower pays at the cashier like
 * any other; the order expires with the quote, at the end of its Shanghai day. Only the paid notify settles the
 * loan (settlement-paid.ts). Refused while anything of the loan is being paid (3808, the settlement's own order
 * included: pay it or cancel it first). Credits that exceed what is owed cannot be settled online (3603 text).
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
  const loanId = parseLoanId(body.loanId);
  if (loanId === null) throw new ApiError(RSP.LOAN_NOT_FOUND, rspText(RSP.LOAN_NOT_FOUND));
  const placed = await placeOrder(ctx, async (tx) => {
    const [loan] = await lockLoans(tx, [loanId]);
    if (!loan || loan.userId !== user.id) throw new ApiError(RSP.LOAN_NOT_FOUND, rspText(RSP.LOAN_NOT_FOUND));
    assertRepaying(loan);
    await assertNoOpenOrder(tx, loan.id);
    const now = ctx.now();
    const f = quoteOf(await settlementState(tx, await loanState(tx, loan)), shanghaiDate(now));
    if (f.totalFen !== totalFen) throw quoteChanged(f.totalFen);
    if (f.creditExcessFen > 0)
      throw new ApiError(
        RSP.QUOTE_CHANGED,
        `已提前缴付的金额比结清所需多 ${fenToYuan(f.creditExcessFen)} 元，暂不能在线结清，请联系客服办理`,
      );
    const [request] = await tx
      .insert(settlementRequests)
      .values({
        loanId: loan.id,
        userId: user.id,
        principalFen: f.principalFen,
        interestFen: f.interestFen,
        feeFen: f.feeFen,
        penaltyFen: f.penaltyFen,
        interestCreditFen: f.interestCreditFen,
        feeCreditFen: f.feeCreditFen,
        feeWaivedFen: f.feeWaivedFen,
        totalFen: f.totalFen,
        asOfDate: f.asOfDate,
        status: 'REQUESTED',
        requestedAt: now,
      })
      .returning({ id: settlementRequests.id });
    if (!request) throw new Error('settlement request not inserted');
    const validUntil = settlementQuoteValidUntil(f.asOfDate).getTime();
    return {
      userId: user.id,
      purpose: 'SETTLEMENT',
      loanId: loan.id,
      channel: body.channel,
      couponId: null,
      subject: '提前结清',
      expiresAt: new Date(Math.min(now.getTime() + PAYMENT_ORDER_TTL_MS, validUntil)),
      items: [
        {
          subjectKey: settlementOrderSubject(request.id),
          feeItemId: null,
          instalmentId: null,
          loanId: loan.id,
          seq: 0,
          ...orderParts(f),
          couponTarget: null,
        },
      ],
      afterInsert: async (inner, order) => {
        await inner
          .update(settlementRequests)
          .set({ orderId: order.id })
          .where(eq(settlementRequests.id, request.id));
        await recordUserAudit(inner, user, meta, AUDIT.loanEarlySettleRequested, now, {
          loanId: loan.id,
          settlementRequestId: request.id,
          outTradeNo: order.outTradeNo,
          total: fenToYuan(f.totalFen),
          asOfDate: f.asOfDate,
        });
      },
    };
  });
  // settled at once when the credits paid it all: the bank is told now
  if (placed.fresh && placed.order.status === 'PAID') await tellBankOfSettlement(ctx, placed.order.id);
  return afterPlaced(ctx, placed);
}
