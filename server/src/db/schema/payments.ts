import type { CloseReason, PaymentChannel, PaymentOrderState, PaymentPurpose } from '@loan/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts.ts';
import { belongsTo, fen, jsonRecord, logId, moveColumns, serialId, timestamps, tz } from './columns.ts';
import { loans } from './loans.ts';

/** Payment orders (fee items or an instalment paid through the gateway), their notifies, the sandbox gateway. */

/**
 * One attempt to pay: CREATED → PAID | CLOSED (domain/src/payments/order-state.ts). amount_fen is the cash
 * asked (after the coupon's discount_fen); unapplied_fen is money received that was not owed any more.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: serialId(),
    outTradeNo: text('out_trade_no').notNull(),
    userId: ownerId(),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    /** null when fee items of several loans are paid together */
    loanId: integer('loan_id').references(() => loans.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<PaymentChannel>().notNull(),
    amountFen: fen('amount_fen').notNull(),
    discountFen: fen('discount_fen').notNull().default(0),
    couponId: integer('coupon_id'),
    status: text('status').$type<PaymentOrderState>().notNull(),
    closeReason: text('close_reason').$type<CloseReason>(),
    /** what the order pays, sorted, with coupon and channel: an identical new attempt gets this order back */
    attemptKey: text('attempt_key').notNull(),
    unappliedFen: fen('unapplied_fen').notNull().default(0),
    refundedFen: fen('refunded_fen').notNull().default(0),
    /** fee cash of this order credited to an early settlement (no longer refundable) */
    creditedFen: fen('credited_fen').notNull().default(0),
    gatewayTradeNo: text('gateway_trade_no'),
    cashierUrl: text('cashier_url'),
    expiresAt: tz('expires_at').notNull(),
    paidAt: tz('paid_at'),
    closedAt: tz('closed_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('payment_orders_out_trade_no_key').on(t.outTradeNo),
    index('payment_orders_user_idx').on(t.userId, t.id),
    index('payment_orders_loan_idx').on(t.loanId, t.status),
    index('payment_orders_open_idx').on(t.expiresAt).where(sql`status = 'CREATED'`),
    /** the day's reconciliation reads the orders paid in a day */
    index('payment_orders_paid_at_idx').on(t.paidAt).where(sql`paid_at is not null`),
    check('payment_orders_status_check', sql`${t.status} in ('CREATED', 'PAID', 'CLOSED')`),
    check(
      'payment_orders_amounts_check',
      sql`${t.amountFen} >= 0 and ${t.discountFen} >= 0 and ${t.unappliedFen} >= 0 and ${t.refundedFen} >= 0 and ${t.creditedFen} >= 0`,
    ),
  ],
);

/**
 * What an order pays: a fee item (subject fee-<id>) or an instalment (instalment-<id>), with the parts. `open`
 * while the order is CREATED: one open order per subject (a partial unique index), so concurrent pays make one.
 */
export const paymentOrderItems = pgTable(
  'payment_order_items',
  {
    id: serialId(),
    orderId: belongsTo('order_id', () => paymentOrders.id),
    subjectKey: text('subject_key').notNull(),
    feeItemId: integer('fee_item_id'),
    instalmentId: integer('instalment_id'),
    loanId: integer('loan_id').notNull(),
    seq: integer('seq').notNull(),
    principalFen: fen('principal_fen').notNull().default(0),
    interestFen: fen('interest_fen').notNull().default(0),
    penaltyFen: fen('penalty_fen').notNull().default(0),
    feeFen: fen('fee_fen').notNull().default(0),
    discountFen: fen('discount_fen').notNull().default(0),
    open: boolean('open').notNull(),
  },
  (t) => [
    index('payment_order_items_order_idx').on(t.orderId),
    uniqueIndex('payment_order_items_open_key').on(t.subjectKey).where(sql`open`),
    index('payment_order_items_loan_open_idx').on(t.loanId).where(sql`open`),
  ],
);

/** Every move of an order, with who and why (its event log). */
export const paymentOrderEvents = pgTable(
  'payment_order_events',
  {
    id: logId(),
    orderId: belongsTo('order_id', () => paymentOrders.id),
    /** actor BORROWER | GATEWAY | SYSTEM */
    ...moveColumns(),
  },
  (t) => [index('payment_order_events_order_idx').on(t.orderId, t.id)],
);

/** Every notify the gateway sent us, once per notify id, with what it did (APPLIED, IGNORED, REFUSED …). */
export const paymentNotifies = pgTable(
  'payment_notifies',
  {
    id: logId(),
    notifyId: text('notify_id').notNull(),
    /** PAY | REFUND */
    kind: text('kind').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    payload: jsonRecord('payload').notNull(),
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    receivedAt: tz('received_at').notNull(),
  },
  (t) => [
    uniqueIndex('payment_notifies_key').on(t.kind, t.notifyId),
    index('payment_notifies_order_idx').on(t.outTradeNo),
  ],
);

/** The sandbox gateway's own books: its orders (WAIT | PAID | CLOSED). */
export const sandboxGatewayOrders = pgTable('sandbox_gateway_orders', {
  outTradeNo: text('out_trade_no').primaryKey(),
  gatewayTradeNo: text('gateway_trade_no').notNull(),
  amountFen: fen('amount_fen').notNull(),
  status: text('status').notNull(),
  notifyUrl: text('notify_url').notNull(),
  createdAt: tz('created_at').notNull(),
  paidAt: tz('paid_at'),
  closedAt: tz('closed_at'),
});

/** The sandbox gateway's refunds (PROCESSING | SUCCESS). */
export const sandboxGatewayRefunds = pgTable('sandbox_gateway_refunds', {
  outRefundNo: text('out_refund_no').primaryKey(),
  outTradeNo: text('out_trade_no').notNull(),
  gatewayRefundNo: text('gateway_refund_no').notNull(),
  amountFen: fen('amount_fen').notNull(),
  status: text('status').notNull(),
  notifyUrl: text('notify_url').notNull(),
  createdAt: tz('created_at').notNull(),
  refundedAt: tz('refunded_at'),
});

/** What the sandbox gateway answered to each idempotency key: the same key, the same answer, no second effect. */
export const sandboxGatewayRequests = pgTable(
  'sandbox_gateway_requests',
  {
    idempotencyKey: text('idempotency_key').notNull(),
    operation: text('operation').notNull(),
    answer: jsonRecord('answer').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.operation, t.idempotencyKey] })],
);

/** Notifies the sandbox gateway owes us, retried with backoff (1 s, 2 s, 4 s …) until answered, at most 10 tries. */
export const sandboxGatewayNotifies = pgTable(
  'sandbox_gateway_notifies',
  {
    id: logId(),
    /** PAY | REFUND */
    kind: text('kind').notNull(),
    payload: jsonRecord('payload').notNull(),
    dueAt: tz('due_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    deliveredAt: tz('delivered_at'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [index('sandbox_gateway_notifies_due_idx').on(t.dueAt).where(sql`delivered_at is null`)],
);
