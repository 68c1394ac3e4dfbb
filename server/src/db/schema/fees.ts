import type { CouponKind, CouponScope, CouponSource, CouponState, FeeItemKind } from '@loan/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts.ts';
import { belongsTo, serialId, timestamps, tz } from './columns.ts';
import { couponTemplates } from './coupon-templates.ts';
import { instalments, loans } from './loans.ts';

/** Service fee items and the coupons that pay them (docs/PRODUCT.md §10; domain/src/fees). Money in fen. */

/**
 * A coupon issued to a borrower. state AVAILABLE | LOCKED (held by an unpaid payment order) | USED | REVOKED
 * (作废 by an operator, unused; revoked_at, revoked_by, revoke_reason); EXPIRED is derived from valid_until. kind
 * AMOUNT_OFF (amount_off_fen, threshold_fen) | PERCENT_OFF (percent_off, cap_fen) | FREE_FEE. scope ALL | BANKS |
 * PRODUCTS with scope_values. source OPERATOR | WELCOME | DEMO | RULE; template_id: the template it came from.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serialId(),
    userId: ownerId(),
    kind: text('kind').$type<CouponKind>().notNull(),
    title: text('title').notNull(),
    amountOffFen: bigint('amount_off_fen', { mode: 'number' }),
    thresholdFen: bigint('threshold_fen', { mode: 'number' }),
    percentOff: integer('percent_off'),
    capFen: bigint('cap_fen', { mode: 'number' }),
    validFrom: tz('valid_from').notNull(),
    validUntil: tz('valid_until').notNull(),
    scope: text('scope').$type<CouponScope>().notNull().default('ALL'),
    scopeValues: text('scope_values').array().notNull().default(sql`'{}'::text[]`),
    state: text('state').$type<CouponState>().notNull().default('AVAILABLE'),
    lockedOrderId: integer('locked_order_id'),
    usedOrderId: integer('used_order_id'),
    usedAt: tz('used_at'),
    source: text('source').$type<CouponSource>().notNull(),
    /** who issued it (an operator's note, or the rule) */
    issuedBy: text('issued_by'),
    templateId: integer('template_id').references(() => couponTemplates.id),
    revokedAt: tz('revoked_at'),
    /** the operator's login id */
    revokedBy: text('revoked_by'),
    revokeReason: text('revoke_reason'),
    ...timestamps(),
  },
  (t) => [
    index('coupons_user_idx').on(t.userId, t.id),
    // one welcome coupon per borrower, however often certification is submitted
    uniqueIndex('coupons_welcome_key').on(t.userId).where(sql`source = 'WELCOME'`),
    // a template's rule gives each borrower one coupon, however often (or wherever) the event is processed
    uniqueIndex('coupons_rule_key').on(t.templateId, t.userId).where(sql`source = 'RULE'`),
    // a campaign's figures: its coupons by state
    index('coupons_template_idx').on(t.templateId, t.state),
    check('coupons_kind_check', sql`${t.kind} in ('AMOUNT_OFF', 'PERCENT_OFF', 'FREE_FEE')`),
    check('coupons_state_check', sql`${t.state} in ('AVAILABLE', 'LOCKED', 'USED', 'REVOKED')`),
    check('coupons_percent_check', sql`${t.percentOff} is null or ${t.percentOff} between 1 and 99`),
    check(
      'coupons_amounts_check',
      sql`coalesce(${t.amountOffFen}, 0) >= 0 and coalesce(${t.capFen}, 0) >= 0`,
    ),
  ],
);

/**
 * One fee charge of a loan: UPFRONT (seq 0, due 7 Shanghai days after disbursement) or INSTALMENT (seq n, with
 * instalment n, due on its due date). Owed = amount − discount − paid − waived; for INSTALMENT items the
 * instalment's paid_fee_fen is always paid_fen + discount_fen (written together by recordFeeCovered).
 */
export const feeItems = pgTable(
  'fee_items',
  {
    id: serialId(),
    userId: ownerId(),
    loanId: belongsTo('loan_id', () => loans.id),
    instalmentId: integer('instalment_id').references(() => instalments.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<FeeItemKind>().notNull(),
    seq: integer('seq').notNull(),
    /** YYYY-MM-DD, Shanghai */
    dueDate: text('due_date').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    discountFen: bigint('discount_fen', { mode: 'number' }).notNull().default(0),
    paidFen: bigint('paid_fen', { mode: 'number' }).notNull().default(0),
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
    waivedFen: bigint('waived_fen', { mode: 'number' }).notNull().default(0),
    couponId: integer('coupon_id').references(() => coupons.id),
    paidAt: tz('paid_at'),
    updatedAt: tz('updated_at').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('fee_items_loan_seq_key').on(t.loanId, t.seq),
    foreignKey({
      name: 'fee_items_loan_user_fk',
      columns: [t.loanId, t.userId],
      foreignColumns: [loans.id, loans.userId],
    }),
    // the fee page: a borrower's items by due date, keyset-paged
    index('fee_items_user_due_idx').on(t.userId, t.dueDate, t.id),
    index('fee_items_due_idx').on(t.kind, t.dueDate),
    // what each campaign's coupons took off (coupon_templates' figures)
    index('fee_items_coupon_idx').on(t.couponId).where(sql`coupon_id is not null`),
    check('fee_items_kind_check', sql`${t.kind} in ('UPFRONT', 'INSTALMENT')`),
    check(
      'fee_items_amounts_check',
      sql`${t.amountFen} >= 0 and ${t.discountFen} >= 0 and ${t.paidFen} >= 0 and ${t.waivedFen} >= 0
        and ${t.refundedFen} >= 0 and ${t.refundedFen} <= ${t.paidFen}
        and ${t.discountFen} + ${t.paidFen} + ${t.waivedFen} <= ${t.amountFen}`,
    ),
  ],
);
