import type { RefundActor, RefundEvent, RefundSource, RefundState } from '@loan/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts.ts';
import { documents } from './borrowers.ts';
import { belongsTo, logId, moveColumns, serialId, timestamps, tz } from './columns.ts';
import { paymentOrders } from './payments.ts';

/** Refund applications against paid payment orders, and their event log (domain/src/refunds). Money in fen. */

/**
 * One application for money back from a paid order: SUBMITTED → APPROVED → REFUNDING → REFUNDED, or REJECTED
 * (review_reason), or CANCELLED by the borrower before the review; FAILED when the gateway refuses (sent again,
 * or CLOSED by an operator). At most one still under way per payment (a FAILED one is not under way).
 */
export const refundApplications = pgTable(
  'refund_applications',
  {
    id: serialId(),
    /** RF + Shanghai yyyyMMddHHmmss + 6 digits of the id: also the gateway's out_refund_no */
    refundNo: text('refund_no').notNull(),
    userId: ownerId(),
    paymentOrderId: belongsTo('payment_order_id', () => paymentOrders.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    evidenceDocumentId: integer('evidence_document_id').references(() => documents.id, {
      onDelete: 'set null',
    }),
    source: text('source').$type<RefundSource>().notNull(),
    status: text('status').$type<RefundState>().notNull(),
    /** the reviewer's reason (required for a rejection) */
    reviewReason: text('review_reason'),
    gatewayRefundNo: text('gateway_refund_no'),
    /** how many times it was sent to the gateway */
    sends: integer('sends').notNull().default(0),
    /** why the gateway did not refund it (FAILED, kept once CLOSED) */
    failureReason: text('failure_reason'),
    /** of a FAILED refund: when the refund job sends it again; null: an operator's to send or close */
    nextAttemptAt: tz('next_attempt_at'),
    ...timestamps(),
    reviewedAt: tz('reviewed_at'),
    refundedAt: tz('refunded_at'),
  },
  (t) => [
    uniqueIndex('refund_applications_refund_no_key').on(t.refundNo),
    // one refund under way per payment: two applications at once make one
    uniqueIndex('refund_applications_open_key')
      .on(t.paymentOrderId)
      .where(sql`status in ('SUBMITTED', 'APPROVED', 'REFUNDING')`),
    index('refund_applications_user_idx').on(t.userId, t.id),
    index('refund_applications_order_idx').on(t.paymentOrderId, t.id),
    /** the day's reconciliation reads the refunds done in a day */
    index('refund_applications_refunded_at_idx').on(t.refundedAt).where(sql`refunded_at is not null`),
    // the review and refund sweeps: applications waiting, oldest first
    index('refund_applications_waiting_idx')
      .on(t.status, t.createdAt)
      .where(sql`status in ('SUBMITTED', 'APPROVED')`),
    // the refund job's retries of failed refunds, soonest first
    index('refund_applications_retry_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'FAILED' and next_attempt_at is not null`),
    check('refund_applications_amount_check', sql`${t.amountFen} > 0`),
    check(
      'refund_applications_status_check',
      sql`${t.status} in ('SUBMITTED', 'APPROVED', 'REFUNDING', 'REFUNDED', 'REJECTED', 'CANCELLED', 'FAILED', 'CLOSED')`,
    ),
    check('refund_applications_source_check', sql`${t.source} in ('BORROWER', 'AUTO')`),
    check('refund_applications_reason_check', sql`char_length(${t.reason}) between 1 and 200`),
  ],
);

/** Every change of a refund application: who, when, why. Never updated or deleted. */
export const refundEvents = pgTable(
  'refund_events',
  {
    id: logId(),
    refundId: belongsTo('refund_id', () => refundApplications.id),
    ...moveColumns<RefundState, RefundEvent | 'CREATE', RefundActor>(),
    /** login id of the borrower or operator; the gateway's refund number */
    actorRef: text('actor_ref'),
    ip: text('ip'),
  },
  (t) => [index('refund_events_refund_idx').on(t.refundId, t.id)],
);
