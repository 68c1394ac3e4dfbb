import type { CouponKind, CouponScope, CouponTrigger } from '@loan/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { fen, serialId, timestamps, tz } from './columns.ts';
import { operators } from './operators.ts';

/**
 * 优惠券模板 (a campaign): the terms coupons are issued with (domain/src/fees/coupon-templates.ts). kind AMOUNT_OFF
 * (amount_off_fen, threshold_fen) | PERCENT_OFF (percent_off, cap_fen) | FREE_FEE; valid valid_days after issue
 * or until valid_until (exactly one); scope ALL | BANKS | PRODUCTS with scope_values; trigger CERTIFIED: issued
 * by itself on a borrower's first certification. Each coupon copies the terms and keeps template_id; version
 * grows with each edit (a pending 批量发放 names the version it was asked with). Never deleted, only deactivated.
 */
export const couponTemplates = pgTable(
  'coupon_templates',
  {
    id: serialId(),
    name: text('name').notNull(),
    kind: text('kind').$type<CouponKind>().notNull(),
    amountOffFen: fen('amount_off_fen'),
    thresholdFen: fen('threshold_fen'),
    percentOff: integer('percent_off'),
    capFen: fen('cap_fen'),
    validDays: integer('valid_days'),
    validUntil: tz('valid_until'),
    scope: text('scope').$type<CouponScope>().notNull().default('ALL'),
    scopeValues: text('scope_values').array().notNull().default(sql`'{}'::text[]`),
    trigger: text('trigger').$type<CouponTrigger>(),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => operators.id),
    updatedBy: integer('updated_by').references(() => operators.id),
    ...timestamps(),
  },
  (t) => [
    // the rule's look-up on each first certification: the active templates with a trigger
    index('coupon_templates_trigger_idx').on(t.trigger).where(sql`active and trigger is not null`),
    check('coupon_templates_kind_check', sql`${t.kind} in ('AMOUNT_OFF', 'PERCENT_OFF', 'FREE_FEE')`),
    check('coupon_templates_scope_check', sql`${t.scope} in ('ALL', 'BANKS', 'PRODUCTS')`),
    check('coupon_templates_trigger_check', sql`${t.trigger} is null or ${t.trigger} in ('CERTIFIED')`),
    check('coupon_templates_percent_check', sql`${t.percentOff} is null or ${t.percentOff} between 1 and 99`),
    check(
      'coupon_templates_amounts_check',
      sql`coalesce(${t.amountOffFen}, 0) >= 0 and coalesce(${t.thresholdFen}, 0) >= 0 and coalesce(${t.capFen}, 0) >= 0`,
    ),
    check(
      'coupon_templates_validity_check',
      sql`(${t.validDays} is null) <> (${t.validUntil} is null) and (${t.validDays} is null or ${t.validDays} between 1 and 3650)`,
    ),
  ],
);
