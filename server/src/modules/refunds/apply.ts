import { randomUUID } from 'node:crypto';
import {
  checkRefundAmount,
  checkRefundReason,
  MoneyError,
  type RefundApplyRequest,
  type RefundDetail,
  type RefundSource,
  RSP,
  refundNoOf,
  yuanToFen,
} from '@loan/domain';
import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { type PaymentOrderRow, type RefundRow, refundApplications, type UserRow } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownDocuments } from '../certification/documents.ts';
import { lockOrder } from '../payments/place-order.ts';
import { openRefundOf, orderRefundable, ownPaymentOrder, ownRefund } from './lookup.ts';
import { applyRefundEvent, recordRefundCreated } from './refund-event.ts';
import { refundDetailOf } from './views.ts';

/** A unique-index violation (the open refund of a payment taken by a concurrent application). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

function parseAmount(text: string): number {
  try {
    return yuanToFen(text);
  } catch (error) {
    if (error instanceof MoneyError) throw new ApiError(RSP.REFUND_AMOUNT_INVALID);
    throw error;
  }
}

export interface NewRefund {
  order: PaymentOrderRow;
  amountFen: number;
  reason: string;
  source: RefundSource;
  evidenceDocumentId: number | null;
  now: Date;
  actorRef: string | null;
  ip: string | null;
}

/**
 * Files a refund application against a paid order, in the caller's transaction: one at a time per order (the
 * order's row lock, taken after its loan's as every writer of the order does, and the partial unique index
 * behind it), never above what is refundable as the locked row and the refunds stand in this transaction.
 */
export async function insertRefund(tx: Database, input: NewRefund): Promise<RefundRow> {
  const { now } = input;
  const order = await lockOrder(tx, input.order);
  if (!order) throw new ApiError(RSP.REFUND_PAYMENT_NOT_FOUND);
  if (input.source === 'BORROWER' && order.status !== 'PAID') throw new ApiError(RSP.REFUND_PAYMENT_NOT_PAID);
  if (await openRefundOf(tx, order.id)) throw new ApiError(RSP.REFUND_OPEN_EXISTS);
  const check = checkRefundAmount(input.amountFen, await orderRefundable(tx, order));
  if (!check.ok) throw new ApiError(check.code, check.reason);
  const [inserted] = await tx
    .insert(refundApplications)
    .values({
      refundNo: `pending-${randomUUID()}`,
      userId: order.userId,
      paymentOrderId: order.id,
      amountFen: input.amountFen,
      reason: input.reason,
      evidenceDocumentId: input.evidenceDocumentId,
      source: input.source,
      status: 'SUBMITTED',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!inserted) throw new Error('refund application not inserted');
  const [row] = await tx
    .update(refundApplications)
    .set({ refundNo: refundNoOf(now, inserted.id) })
    .where(eq(refundApplications.id, inserted.id))
    .returning();
  if (!row) throw new Error('refund application vanished');
  await recordRefundCreated(tx, row, input.source === 'AUTO' ? 'SYSTEM' : 'BORROWER', input);
  return row;
}

/** POST /refund/apply: the borrower asks for money back from one of their paid orders. */
export async function applyForRefund(
  ctx: AppContext,
  user: UserRow,
  body: RefundApplyRequest,
  meta: RequestMeta,
): Promise<RefundDetail> {
  const reason = checkRefundReason(body.reason);
  if (!reason.ok) throw new ApiError(reason.code, reason.reason);
  const amountFen = parseAmount(body.amount);
  if (amountFen <= 0) throw new ApiError(RSP.REFUND_AMOUNT_INVALID);
  const order = await ownPaymentOrder(ctx.db, user.id, body.outTradeNo);
  if (order.status !== 'PAID') throw new ApiError(RSP.REFUND_PAYMENT_NOT_PAID);
  const evidenceDocumentId = body.evidenceDocumentId ?? null;
  const now = ctx.now();
  try {
    const row = await ctx.db.transaction(async (tx) => {
      // held until the application is in (the orphan purge skips it); one purged first is not found
      if (evidenceDocumentId !== null) {
        const [doc] = await ownDocuments(tx, user.id, [evidenceDocumentId], { lock: true });
        if (!doc) throw new ApiError(RSP.REFUND_EVIDENCE_NOT_FOUND);
      }
      return insertRefund(tx, {
        order,
        amountFen,
        reason: reason.reason,
        source: 'BORROWER',
        evidenceDocumentId,
        now,
        actorRef: user.loginId,
        ip: meta.ip,
      });
    });
    return refundDetailOf(ctx.db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(RSP.REFUND_OPEN_EXISTS);
    throw error;
  }
}

/** POST /refund/cancel: the borrower withdraws an application before it is reviewed. */
export async function cancelRefund(
  ctx: AppContext,
  user: UserRow,
  refundNo: string,
  meta: RequestMeta,
): Promise<RefundDetail> {
  const refund = await ownRefund(ctx.db, user.id, refundNo);
  const now = ctx.now();
  const updated = await ctx.db.transaction((tx) =>
    applyRefundEvent(tx, refund, 'CANCEL', 'BORROWER', {
      now,
      actorRef: user.loginId,
      reason: '借款人撤销申请',
      ip: meta.ip,
    }),
  );
  return refundDetailOf(ctx.db, updated);
}
