import {
  type CreatedOrder,
  type CreateOrderRequest,
  feeItemOwedFen,
  fenToYuan,
  PAYMENT_PURPOSE_LABELS,
  type RepayNowRequest,
  RSP,
  shanghaiDate,
} from '@loan/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { feeItems, instalments, type UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { instalmentFeeOwedFen, OPEN_INSTALMENT, penaltyAsOf, penaltyOwedFen } from '../loans/collections.ts';
import { openAtGateway } from './gateway-steps.ts';
import { assertNoSettlementWaiting, feeSubject, instalmentSubject } from './held.ts';
import { type DraftItem, lockLoans, type OrderDraft, placeOrder } from './place-order.ts';
import { orderView } from './views.ts';

/**
 * POST /pay/createOrder: an order for fee items of one loan of the borrower's (3802 for any other id), each
 * still owing (3803), with an optional coupon (3804 when it cannot pay any of them).
 */
export async function createFeeOrder(
  ctx: AppContext,
  user: UserRow,
  body: CreateOrderRequest,
): Promise<CreatedOrder> {
  const feeIds = [...new Set(body.feeIds)];
  const placed = await placeOrder(ctx, async (tx) => {
    const found = await tx
      .select({ id: feeItems.id, loanId: feeItems.loanId })
      .from(feeItems)
      .where(and(inArray(feeItems.id, feeIds), eq(feeItems.userId, user.id)));
    if (found.length !== feeIds.length) throw new ApiError(RSP.PAY_FEE_NOT_FOUND);
    const loanIds = [...new Set(found.map((f) => f.loanId))];
    if (loanIds.length !== 1)
      throw new ApiError(RSP.INVALID_INPUT, '一次只能支付同一笔贷款的服务费，请分开支付');
    const [loan] = await lockLoans(tx, loanIds);
    if (!loan) throw new ApiError(RSP.PAY_FEE_NOT_FOUND);
    await assertNoSettlementWaiting(tx, loan.id);
    const items = await tx
      .select()
      .from(feeItems)
      .where(inArray(feeItems.id, feeIds))
      .orderBy(asc(feeItems.seq))
      .for('update');
    const draftItems: DraftItem[] = items.map((item) => {
      const owed = feeItemOwedFen(item);
      if (owed <= 0) {
        const what = item.kind === 'UPFRONT' ? '一次性服务费' : `第 ${item.seq} 期服务费`;
        throw new ApiError(RSP.PAY_NOTHING_OWED, `${what}已缴清或已减免，无需支付`);
      }
      return {
        subjectKey: feeSubject(item.id),
        feeItemId: item.id,
        instalmentId: null,
        loanId: item.loanId,
        seq: item.seq,
        principalFen: 0,
        interestFen: 0,
        penaltyFen: 0,
        feeFen: owed,
        couponTarget: item.couponId === null ? { bank: loan.bank, productCode: loan.productCode } : null,
      };
    });
    return draft(user, 'FEE', loan.id, body.channel, body.couponId ?? null, '服务费', draftItems);
  });
  return afterPlaced(ctx, placed);
}

/**
 * POST /pay/repayNow: an order for what instalment `seq` of the borrower's loan owes today (penalty to today,
 * interest, fee, principal): an overdue or due one, or the next one ahead of its date (3807 otherwise); refused
 * while an early settlement of the loan is under way (3808), or while an earlier order of it is paid or may be
 * at the gateway (3815, placeOrder). A loan not the borrower's: 3601.
 */
export async function repayNow(ctx: AppContext, user: UserRow, body: RepayNowRequest): Promise<CreatedOrder> {
  const placed = await placeOrder(ctx, async (tx) => {
    const [loan] = await lockLoans(tx, [body.loanId]);
    if (!loan || loan.userId !== user.id) throw new ApiError(RSP.LOAN_NOT_FOUND);
    if (loan.status === 'SETTLED') throw new ApiError(RSP.LOAN_NOT_REPAYING);
    await assertNoSettlementWaiting(tx, loan.id);
    const rows = await tx
      .select()
      .from(instalments)
      .where(eq(instalments.loanId, loan.id))
      .orderBy(asc(instalments.seq));
    const open = rows.filter((r) => (OPEN_INSTALMENT as readonly string[]).includes(r.status));
    const row = open.find((r) => r.seq === body.seq);
    const today = shanghaiDate(ctx.now());
    if (!row || (row.dueDate > today && row.seq !== open[0]?.seq))
      throw new ApiError(RSP.PAY_INSTALMENT_NOT_DUE);
    const penalty = penaltyAsOf(row, loan.annualRate, today);
    const [fee] = await tx
      .select()
      .from(feeItems)
      .where(and(eq(feeItems.loanId, loan.id), eq(feeItems.kind, 'INSTALMENT'), eq(feeItems.seq, row.seq)))
      .for('update');
    const feeOwedByItem = fee ? feeItemOwedFen(fee) : 0;
    const items: DraftItem[] = [
      {
        subjectKey: instalmentSubject(row.id),
        feeItemId: null,
        instalmentId: row.id,
        loanId: loan.id,
        seq: row.seq,
        principalFen: row.principalFen - row.paidPrincipalFen,
        interestFen: row.interestFen - row.paidInterestFen,
        penaltyFen: penaltyOwedFen({ ...row, penaltyFen: penalty }),
        feeFen: fee ? 0 : instalmentFeeOwedFen(row),
        couponTarget: null,
      },
    ];
    if (fee && feeOwedByItem > 0) {
      items.push({
        subjectKey: feeSubject(fee.id),
        feeItemId: fee.id,
        instalmentId: null,
        loanId: loan.id,
        seq: row.seq,
        principalFen: 0,
        interestFen: 0,
        penaltyFen: 0,
        feeFen: feeOwedByItem,
        couponTarget: null,
      });
    }
    const total = items.reduce((s, i) => s + i.principalFen + i.interestFen + i.penaltyFen + i.feeFen, 0);
    if (total <= 0) throw new ApiError(RSP.PAY_INSTALMENT_NOT_DUE);
    return draft(user, 'INSTALMENT', loan.id, body.channel, null, `第 ${row.seq} 期还款`, items);
  });
  return afterPlaced(ctx, placed);
}

function draft(
  user: UserRow,
  purpose: OrderDraft['purpose'],
  loanId: number,
  channel: OrderDraft['channel'],
  couponId: number | null,
  subject: string,
  items: DraftItem[],
): OrderDraft {
  return { userId: user.id, purpose, loanId, channel, couponId, subject, items };
}

/** After the order's transaction (the orders it replaced were closed at the gateway before): opened there. */
export async function afterPlaced(
  ctx: AppContext,
  placed: Awaited<ReturnType<typeof placeOrder>>,
): Promise<CreatedOrder> {
  let order = placed.order;
  if (order.status === 'CREATED' && !order.cashierUrl) {
    const subject = PAYMENT_PURPOSE_LABELS[order.purpose];
    order = await openAtGateway(ctx, order, `${subject} ${fenToYuan(order.amountFen)} 元`);
  }
  return {
    order: await orderView(ctx.db, order),
    cashierUrl: order.status === 'CREATED' ? order.cashierUrl : null,
  };
}
