import {
  canCancelRefund,
  fenToYuan,
  REFUND_ACTOR_LABELS,
  REFUND_EVENT_LABELS,
  REFUND_STATE_DISPLAY,
  type RefundDetail,
  type RefundItem,
  type RefundListQuery,
  type RefundPage,
  type RefundTimelineEntry,
  refundFailedNextStep,
} from '@loan/domain';
import { and, asc, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import {
  documents,
  type PaymentOrderRow,
  paymentOrders,
  type RefundEventRow,
  type RefundRow,
  refundApplications,
  refundEvents,
  type UserRow,
} from '../../db/schema.ts';
import { decodeCursor, encodeCursor, parseLimit } from '../../lib/paging.ts';
import { orderRefundable, paymentOrderById } from './lookup.ts';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** A refund as a list row. */
export function refundItem(row: RefundRow, outTradeNo: string): RefundItem {
  const status = row.status;
  return {
    refundNo: row.refundNo,
    outTradeNo,
    amount: fenToYuan(row.amountFen),
    status,
    statusLabel: REFUND_STATE_DISPLAY[status].label,
    source: row.source,
    reason: row.reason,
    reviewReason: row.reviewReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    refundedAt: iso(row.refundedAt),
    failureReason: row.failureReason,
    nextStep: status === 'FAILED' ? refundFailedNextStep(row.nextAttemptAt) : null,
    canCancel: canCancelRefund(status),
  };
}

export function timelineEntry(e: RefundEventRow): RefundTimelineEntry {
  const { event, actor } = e;
  return {
    at: e.at.toISOString(),
    fromState: e.fromState,
    toState: e.toState,
    event,
    eventLabel: REFUND_EVENT_LABELS[event] ?? event,
    actor,
    actorLabel: REFUND_ACTOR_LABELS[actor] ?? actor,
    reason: e.reason,
  };
}

async function paymentView(db: Database, order: PaymentOrderRow): Promise<RefundDetail['payment']> {
  return {
    outTradeNo: order.outTradeNo,
    purpose: order.purpose,
    channel: order.channel,
    amount: fenToYuan(order.amountFen),
    refunded: fenToYuan(order.refundedFen),
    refundable: fenToYuan(await orderRefundable(db, order)),
    paidAt: iso(order.paidAt),
  };
}

/** A refund with its payment as it stands now, its evidence and its whole timeline, oldest first. */
export async function refundDetailOf(db: Database, row: RefundRow): Promise<RefundDetail> {
  const order = await paymentOrderById(db, row.paymentOrderId);
  const events = await db
    .select()
    .from(refundEvents)
    .where(eq(refundEvents.refundId, row.id))
    .orderBy(asc(refundEvents.id));
  let evidence: RefundDetail['evidence'] = null;
  if (row.evidenceDocumentId !== null) {
    const [doc] = await db
      .select({ id: documents.id, fileName: documents.fileName })
      .from(documents)
      .where(and(eq(documents.id, row.evidenceDocumentId), eq(documents.userId, row.userId)))
      .limit(1);
    if (doc) evidence = { documentId: doc.id, fileName: doc.fileName };
  }
  return {
    refund: refundItem(row, order.outTradeNo),
    payment: await paymentView(db, order),
    evidence,
    timeline: events.map(timelineEntry),
  };
}

const LIST = 'refunds';

/** GET /refund/list: the borrower's refunds, newest first, keyset paged by id, optionally of one status. */
export async function refundList(
  ctx: AppContext,
  user: UserRow,
  query: RefundListQuery,
): Promise<RefundPage> {
  const limit = parseLimit(query.limit);
  const conditions: SQL[] = [eq(refundApplications.userId, user.id)];
  if (query.status) conditions.push(eq(refundApplications.status, query.status));
  if (query.cursor) {
    const [lastId = 0] = decodeCursor(LIST, user.id, query.cursor, 1);
    conditions.push(lt(refundApplications.id, lastId));
  }
  const rows = await ctx.db
    .select({ refund: refundApplications, outTradeNo: paymentOrders.outTradeNo })
    .from(refundApplications)
    .innerJoin(paymentOrders, eq(paymentOrders.id, refundApplications.paymentOrderId))
    .where(and(...conditions))
    .orderBy(desc(refundApplications.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => refundItem(r.refund, r.outTradeNo)),
    nextCursor: rows.length > limit && last ? encodeCursor(LIST, user.id, [last.refund.id]) : null,
  };
}
