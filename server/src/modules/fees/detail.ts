import {
  type FeeDetail,
  type FeeItemPayment,
  type FeeItemRefund,
  fenToYuan,
  MAX_ROW_ID,
  RSP,
  rspText,
  serviceFeeLabel,
  shanghaiDate,
} from '@loan/domain';
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import {
  type FeeItemRow,
  feeItems,
  paymentOrderItems,
  paymentOrders,
  products,
  refundApplications,
  type UserRow,
} from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { rowToProduct } from '../products/service.ts';
import { feeItemRows } from './list.ts';
import { feeItemView } from './views.ts';

const notFound = () => new ApiError(RSP.FEE_NOT_FOUND, rspText(RSP.FEE_NOT_FOUND));

/** A fee item id of a request: a positive int4, else null. */
function parseFeeId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ROW_ID ? id : null;
}

/** The orders that paid (or are paying) the item: fee orders naming it, instalment orders of its instalment. */
async function paymentsOf(ctx: AppContext, item: FeeItemRow) {
  const subjects: SQL[] = [eq(paymentOrderItems.feeItemId, item.id)];
  if (item.instalmentId !== null) subjects.push(eq(paymentOrderItems.instalmentId, item.instalmentId));
  return ctx.db
    .select({ order: paymentOrders, part: paymentOrderItems })
    .from(paymentOrderItems)
    .innerJoin(paymentOrders, eq(paymentOrders.id, paymentOrderItems.orderId))
    .where(and(eq(paymentOrders.userId, item.userId), or(...subjects)))
    .orderBy(asc(paymentOrders.createdAt), asc(paymentOrders.id));
}

/**
 * GET /service/feeDetail?feeId=: the caller's fee item with the payments that covered it and the refunds of
 * those payments; any id not theirs, or malformed, answers 3701 like a missing one.
 */
export async function feeDetail(ctx: AppContext, user: UserRow, feeIdValue: unknown): Promise<FeeDetail> {
  const feeId = parseFeeId(feeIdValue);
  if (feeId === null) throw notFound();
  const [joined] = await feeItemRows(ctx, [eq(feeItems.id, feeId), eq(feeItems.userId, user.id)], 1);
  if (!joined) throw notFound();
  const today = shanghaiDate(ctx.now());
  const paid = await paymentsOf(ctx, joined.item);
  const payments: FeeItemPayment[] = paid.map(({ order, part }) => ({
    outTradeNo: order.outTradeNo,
    channel: order.channel,
    amount: fenToYuan(Math.max(0, part.feeFen - part.discountFen)),
    discount: fenToYuan(part.discountFen),
    status: order.status,
    paidAt: order.paidAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
  }));
  const orderIds = [...new Set(paid.map((p) => p.order.id))];
  const refundRows =
    orderIds.length === 0
      ? []
      : await ctx.db
          .select()
          .from(refundApplications)
          .where(
            and(eq(refundApplications.userId, user.id), inArray(refundApplications.paymentOrderId, orderIds)),
          )
          .orderBy(asc(refundApplications.createdAt), asc(refundApplications.id));
  const refunds: FeeItemRefund[] = refundRows.map((r) => ({
    refundNo: r.refundNo,
    amount: fenToYuan(r.amountFen),
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  }));
  const [product] = await ctx.db
    .select()
    .from(products)
    .where(eq(products.productCode, joined.productCode))
    .limit(1);
  const rule = product ? (rowToProduct(product)?.serviceFee ?? null) : null;
  return { item: feeItemView(joined, today), rateLabel: serviceFeeLabel(rule), payments, refunds };
}
